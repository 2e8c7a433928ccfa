/**
 * The one way a bench writes what it measured: into bench/results/, as `<name>.generated.md` or `<name>.json`, never
 * anywhere else. Analysis written by hand lives in bench/analysis/, which no name given here can reach: a run once
 * rewrote bench/analysis/memory.md whole and erased the analysis written in it (decision 028). tests/architecture's
 * bench-layout test checks that no other bench module writes files into the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withSection } from './results-sections.ts';

export const resultsFolder = 'bench/results';

/** `wire.generated.md`, `rows.json`: lower-case words and dashes, no folders, and one of the two endings. */
const resultsName = /^[a-z0-9]+(-[a-z0-9]+)*\.(generated\.md|json)$/;

/** Where results file `name` lives; throws for any name that would leave bench/results or is not marked generated. */
export function resultsPath(name: string, root = process.cwd()): string {
  if (!resultsName.test(name)) throw new Error(`${name}: a bench writes only ${resultsFolder}/<name>.generated.md or <name>.json`);
  return path.join(root, resultsFolder, name);
}

/** The results file's text ('' before its first run). */
export function readGenerated(name: string, root = process.cwd()): string {
  const file = resultsPath(name, root);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** Writes results file `name` whole; returns its path relative to `root`, for the bench's log line. */
export function writeGenerated(name: string, text: string, root = process.cwd()): string {
  const file = resultsPath(name, root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
  return path.relative(root, file);
}

/**
 * Section `section` of results file `name` in place of its previous one (results-sections.ts), keeping the other
 * benches' or databases' sections; a new file starts with `heading`.
 */
export function writeGeneratedSection(name: string, section: string, body: string, heading: string, root = process.cwd()): string {
  return writeGenerated(name, withSection(readGenerated(name, root), section, body, heading), root);
}
