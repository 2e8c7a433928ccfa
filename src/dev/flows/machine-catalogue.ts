import type { AnyStateMachine } from 'xstate';

/**
 * Every machine the store defines, found rather than listed: each exported StateMachine of `src/machines/<flow>/*.machine.ts`
 * (one per id; a file's `.provide()`d variants share their base's id and chart). The CLI loads the files with tsx's
 * `tsImport`, the dev /flows page and the vitest test with `import.meta.glob`: all see whatever machine files exist.
 */
export interface CataloguedMachine {
  id: string;
  /** Repository-relative, e.g. `src/machines/entry/pincode.machine.ts`. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

export const machineFolder = 'src/machines';
export const isMachineFile = (name: string) => name.endsWith('.machine.ts');

function isStateMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'config' in value &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { getInitialSnapshot?: unknown }).getInitialSnapshot === 'function'
  );
}

/** `modules`: repository-relative file → its exports. Sorted by id, so every output is in a stable order. */
export function catalogueOf(modules: Record<string, Record<string, unknown>>): CataloguedMachine[] {
  const byId = new Map<string, CataloguedMachine>();
  for (const file of Object.keys(modules).sort()) {
    const exports = modules[file] ?? {};
    for (const exportName of Object.keys(exports).sort()) {
      const value = exports[exportName];
      if (!isStateMachine(value) || byId.has(value.id)) continue;
      byId.set(value.id, { id: value.id, file, exportName, machine: value });
    }
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}
