import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { catalogueOf, isMachineFile, machineFolder, type CataloguedMachine } from '../../src/dev/flows/machine-catalogue.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** For the command-line tools (run with tsx): loads every `src/machines/<flow>/*.machine.ts` there is now. */
export async function loadMachines(): Promise<CataloguedMachine[]> {
  const files = readdirSync(path.join(repoRoot, machineFolder), { recursive: true, encoding: 'utf8' })
    .filter((name) => isMachineFile(path.basename(name)))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
  const modules: Record<string, Record<string, unknown>> = {};
  for (const name of files) {
    const file = `${machineFolder}/${name}`;
    modules[file] = (await tsImport(pathToFileURL(path.join(repoRoot, file)).href, import.meta.url)) as Record<string, unknown>;
  }
  return catalogueOf(modules);
}
