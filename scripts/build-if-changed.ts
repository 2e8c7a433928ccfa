/**
 * npm start's build step: builds the app and the server only when their inputs changed since the last build it
 * made (scripts/build-stamp.ts), so a second start serves at once instead of rebuilding for 8-11 s. FORCE_BUILD=1
 * always builds. CI and the tests build fresh on their own (test:e2e runs vite build and build:server).
 */
import { spawnSync } from 'node:child_process';
import { buildInputs, hashFiles, hashOutputs, readStamp, staleBecause, writeStamp } from './build-stamp.ts';

const root = process.cwd();
const started = performance.now();
// Hashed before the build: a file edited while it runs makes the next start build again.
const inputs = hashFiles(root, buildInputs);
const reason = process.env.FORCE_BUILD === '1' ? 'FORCE_BUILD=1' : staleBecause(readStamp(root), inputs, hashOutputs(root));

if (reason === undefined) {
  console.log(`The build is current (checked in ${Math.round(performance.now() - started)} ms): starting it. FORCE_BUILD=1 rebuilds.`);
} else {
  console.log(`Building (${reason}) ...`);
  for (const script of ['build', 'build:server']) {
    // Never the recording build the browser journeys run (docs/decisions/043), whatever the shell exported.
    const env = { ...process.env, VITE_RECORD_FLOWS: undefined };
    const run = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', env, shell: process.platform === 'win32' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  const outputs = hashOutputs(root);
  if (outputs === undefined) {
    console.error('The build finished without all of its outputs (dist/index.html, dist-server/*.mjs).');
    process.exit(1);
  }
  writeStamp(root, { inputs, outputs });
}
