import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where each machine is used, read off the imports in `src/`: the views that run it (useActorRef, an actor context)
 * and the machines that invoke or spawn it. Found, not kept by hand, so a moved view shows up on the next run.
 */
export interface FlowUsage {
  /** Files outside src/machines that import the machine file (views, the composition root). */
  views: string[];
  /** Other machine files that import it: its parents. */
  parents: string[];
}

/** Value imports and re-exports (`import type` only names a type: it runs nothing), and lazy `import('…')`. */
const importPattern = /(?:\b(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return file === 'src/dev' ? [] : sourceFiles(root, file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** `machineFiles`: repository-relative paths; the answer is keyed by them, with sorted lists. */
export function usageOf(repoRoot: string, machineFiles: readonly string[]): Map<string, FlowUsage> {
  const usage = new Map(machineFiles.map((file) => [file, { views: [] as string[], parents: [] as string[] }]));
  for (const file of sourceFiles(repoRoot, 'src').sort()) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const imported = path.posix.join(path.posix.dirname(file), match[1] ?? '');
      const entry = usage.get(imported);
      if (!entry || imported === file) continue;
      const list = file.startsWith('src/machines/') ? entry.parents : entry.views;
      if (!list.includes(file)) list.push(file);
    }
  }
  return usage;
}
