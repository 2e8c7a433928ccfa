import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What `npm start`'s build is made from: the app's and the server's sources, the static files, the build's own
 * configuration and the exact packages. Any byte changed in these, and the build is redone.
 */
export const buildInputs = ['src', 'server', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

/** What the build makes that the server runs: the SPA's shell (its asset names carry content hashes) and the bundles. */
export const buildOutputs = ['dist/index.html', 'dist-server/main.mjs', 'dist-server/identity-engine-worker.mjs', 'dist-server/seed-cli.mjs'];

/** Where the last build through build-if-changed wrote what it was built from. */
export const stampFile = 'dist-server/build-stamp.json';

/** The inputs the build ran from, and the outputs it left: both must match for the build to be current. */
export interface BuildStamp {
  inputs: string;
  outputs: string;
}

/** Every file under `entry` (a file or a folder), as paths relative to root, in a fixed order. */
function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
    .sort();
}

/**
 * A SHA-256 over the files' paths and contents (not their times: a fresh clone or a checkout touches every file).
 * A missing entry is hashed as missing, so adding it later changes the hash too.
 */
export function hashFiles(root: string, entries: readonly string[]): string {
  const hash = createHash('sha256');
  for (const entry of entries) {
    const files = filesUnder(root, entry);
    if (files.length === 0) hash.update(`missing ${entry}\0`);
    for (const file of files) {
      hash.update(`${file.split(path.sep).join('/')}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** The outputs' hash, or undefined when one is missing (never built, or removed since). */
export function hashOutputs(root: string, outputs: readonly string[] = buildOutputs): string | undefined {
  if (outputs.some((file) => !fs.existsSync(path.join(root, file)))) return undefined;
  return hashFiles(root, outputs);
}

export function readStamp(root: string): BuildStamp | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(root, stampFile), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const inputs: unknown = Reflect.get(parsed, 'inputs');
    const outputs: unknown = Reflect.get(parsed, 'outputs');
    return typeof inputs === 'string' && typeof outputs === 'string' ? { inputs, outputs } : undefined;
  } catch {
    return undefined;
  }
}

export function writeStamp(root: string, stamp: BuildStamp): void {
  fs.writeFileSync(path.join(root, stampFile), `${JSON.stringify(stamp)}\n`);
}

/**
 * Why the build must be redone, or undefined when the one on disk is current: built from these very inputs, and its
 * outputs untouched since (a build run by hand from other sources, or a removed file, changes them).
 */
export function staleBecause(stamp: BuildStamp | undefined, inputs: string, outputs: string | undefined): string | undefined {
  if (outputs === undefined) return 'no build yet';
  if (stamp === undefined) return 'no build stamp';
  if (stamp.inputs !== inputs) return 'the sources changed';
  if (stamp.outputs !== outputs) return 'the build was changed since';
  return undefined;
}
