import fs from 'node:fs';
import path from 'node:path';
import { is, string, type } from 'superstruct';

/**
 * The environment and node flags `npm start` runs the server with, read from package.json's start script
 * (`… && NAME=value … node --flag … dist-server/main.mjs`), so the bench servers and the browser journeys' server
 * (playwright.config.ts) run as the store does (decision 031: the flags are most of the server's memory budget).
 */
export function startScriptRuntime(): { env: Record<string, string>; execArgv: string[] } {
  const manifest: unknown = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8'));
  if (!is(manifest, type({ scripts: type({ start: string() }) }))) throw new Error('package.json has no start script');
  const command = manifest.scripts.start.split('&&').at(-1)?.trim() ?? '';
  const parts = /^((?:\w+=\S+\s+)*)node\s+((?:--\S+\s+)*)dist-server\/main\.mjs$/.exec(command);
  if (!parts) throw new Error(`package.json's start script does not end in "NAME=value … node --flag … dist-server/main.mjs": ${command}`);
  const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(words(parts[1]).map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]));
  return { env, execArgv: words(parts[2]) };
}
