import path from 'node:path';
import { cruise, format, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

/**
 * Runs the import fence (.dependency-cruiser.cjs) through dependency-cruiser's JS API, so the fence test and the CLI
 * share one reading of the rules. `depcruise src server tests bench` (Node ≥ 22) gives the same answer.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const fenceConfigFile = path.join(repoRoot, '.dependency-cruiser.cjs');
/** The folders with code; root configs import no project file. */
export const fencedFolders = ['src', 'server', 'tests', 'bench'];

export interface FenceViolation {
  rule: string;
  from: string;
  /** The module imported; for a cycle, the next module round it. */
  to: string;
}

/** Cruises `folders` of the tree at `baseDir` (paths in the result and the rules are relative to it). */
export async function cruiseFence(baseDir: string = repoRoot, folders: string[] = fencedFolders): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(fenceConfigFile);
  const reply = await cruise(folders, { ...options, baseDir });
  if (typeof reply.output === 'string') throw new Error('dependency-cruiser returned text where a result was asked for');
  return reply.output;
}

export function violationsOf(result: ICruiseResult): FenceViolation[] {
  return (result.summary.violations ?? []).map((v: IViolation) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
  }));
}

/** The violations as dependency-cruiser's `err-long` reporter prints them, and the exit code it asks for. */
export async function reportOf(result: ICruiseResult): Promise<{ text: string; exitCode: number }> {
  const reply = await format(result, { outputType: 'err-long' });
  return { text: typeof reply.output === 'string' ? reply.output : JSON.stringify(reply.output), exitCode: reply.exitCode };
}
