import fs from 'node:fs';
import path from 'node:path';
import { is, string, type } from 'superstruct';

/**
 * The environment and node flags `npm start` runs the server with, read from package.json's start script
 * (`… && NAME=value … node --flag … dist-server/main.mjs`), so the bench servers and the browser journeys' server
 * (playwright.config.ts) run as the store does (decision 031: the flags are most of the server's memory budget), and
 * the steps before it (the build-if-changed step), which the benches run so they serve the current build (decision 053).
 */
export function startScriptRuntime(): { env: Record<string, string>; execArgv: string[]; buildSteps: string } {
  const manifest: unknown = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8'));
  if (!is(manifest, type({ scripts: type({ start: string() }) }))) throw new Error('package.json has no start script');
  const steps = manifest.scripts.start.split('&&');
  const command = steps.at(-1)?.trim() ?? '';
  const parts = /^((?:\w+=\S+\s+)*)node\s+((?:--\S+\s+)*)dist-server\/main\.mjs$/.exec(command);
  if (!parts) throw new Error(`package.json's start script does not end in "NAME=value … node --flag … dist-server/main.mjs": ${command}`);
  const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(words(parts[1]).map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]));
  // What runs before the server: the build step that rebuilds only what changed (decision 037).
  return { env, execArgv: words(parts[2]), buildSteps: steps.slice(0, -1).join('&&').trim() };
}
