import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../../playwright.config.ts';

/**
 * Starts the real server (built SPA + API) on a free port with a fresh embedded database, and hands its address to
 * the tests through E2E_BASE_URL. A missing browser or build is a clear failure, never a skip.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium is not installed at ${chromiumPath}. Install it with: apt-get update && apt-get install -y chromium`);
  }
  if (!fs.existsSync(path.resolve('dist/index.html'))) {
    throw new Error('The app is not built: run `vite build` first (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /The store is open at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code}:\n${output}`));
    });
  });
  process.env.E2E_BASE_URL = url;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
