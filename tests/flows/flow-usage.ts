import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where each machine is used, read off the imports in `src/`: the views that run it (useActorRef, an actor context)
 * and the machines that invoke or spawn it. Found, not kept by hand, so a moved view shows up on the next run.
 * Views import a flow's door (`src/machines/<flow>/index.ts`, docs/decisions/032): a name taken from a door counts
 * for the machine file the door re-exports it from.
 */
export interface FlowUsage {
  /** Files outside src/machines that import the machine file, directly or through its door (views, the composition root). */
  views: string[];
  /** Other machine files that import it: its parents. */
  parents: string[];
}

/**
 * Value imports and re-exports (`import type` only names a type: it runs nothing), and lazy `import('…')`: the
 * clause (what is imported, when there is one) and the path.
 */
const importPattern = /(?:\b(?:import|export)\s+(?!type\s)([^;]*?)\s*from\s+|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
/** A door's value re-exports: `export { a, b as c, type D } from './x.ts'`. */
const reexportPattern = /\bexport\s+\{([^}]*)\}\s*from\s+['"](\.\/[^'"]+)['"]/g;
const doorPattern = /^src\/machines\/[^/]+\/index\.ts$/;

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return file === 'src/dev' ? [] : sourceFiles(root, file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The value names in `{ a, b as c, type D }`, as the exporting module calls them (a, b). */
function namesIn(braces: string): string[] {
  return braces
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0] ?? part);
}

/** A door's value names → the file each comes from. */
function doorExports(repoRoot: string, door: string): Map<string, string> {
  const text = readFileSync(path.join(repoRoot, door), 'utf8');
  const names = new Map<string, string>();
  for (const [, braces = '', from = ''] of text.matchAll(reexportPattern)) {
    for (const name of namesIn(braces)) names.set(name, path.posix.join(path.posix.dirname(door), from));
  }
  return names;
}

/** A machine's setup file (its types and implementations, `<name>.setup.ts`) counts as the machine. */
const machineOf = (file: string) => file.replace(/\.setup\.ts$/, '.machine.ts');

/** The files an import reaches: the file itself, or through a door the files of the names it takes. */
function reached(repoRoot: string, imported: string, clause: string | undefined): string[] {
  if (!doorPattern.test(imported)) return [machineOf(imported)];
  const exports = doorExports(repoRoot, imported);
  const braces = /\{([^}]*)\}/.exec(clause ?? '')?.[1];
  // A namespace import or import() takes all of it.
  const names = braces === undefined ? [...exports.keys()] : namesIn(braces);
  return names.flatMap((name) => exports.get(name) ?? []).map(machineOf);
}

/** `machineFiles`: repository-relative paths; the answer is keyed by them, with sorted lists. */
export function usageOf(repoRoot: string, machineFiles: readonly string[]): Map<string, FlowUsage> {
  const usage = new Map(machineFiles.map((file) => [file, { views: [] as string[], parents: [] as string[] }]));
  for (const file of sourceFiles(repoRoot, 'src').sort()) {
    // A door hands names on: it starts nothing itself.
    if (doorPattern.test(file)) continue;
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    for (const [, clause, specifier = ''] of text.matchAll(importPattern)) {
      const imported = path.posix.join(path.posix.dirname(file), specifier);
      for (const target of reached(repoRoot, imported, clause)) {
        const entry = usage.get(target);
        if (!entry || target === machineOf(file)) continue;
        const list = file.startsWith('src/machines/') ? entry.parents : entry.views;
        const user = machineOf(file);
        if (!list.includes(user)) list.push(user);
      }
    }
  }
  return usage;
}
