import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { defineConfig } from '@playwright/test';
import { startScriptRuntime } from './bench/lib/start-script.ts';

/** Debian's Chromium, never a downloaded browser (STACK.md). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The project's Chromium flags; a file that needs more (the KYC screen's fake camera) adds to these. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A port nobody listens on right now: the server must know its own origin (APP_ORIGIN) before it starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface StoreServerOptions {
  /** The embedded database's folder: the server seeds the catalogue there on its first start. */
  dataDir: string;
  /** More environment (LOG_LEVEL, MAIL_LOG_LINKS, RATE_LIMIT_SCALE ...). */
  env?: Record<string, string>;
  /** Where the server's output goes once it is open (the e2e mail links are read from it). */
  log?: NodeJS.WritableStream;
  startWithinMs?: number;
}

/**
 * The real server (built SPA + bundled API, production mode, with `npm start`'s node flags: as it runs the store) on a free port of 127.0.0.1: the e2e journeys' (global-setup.ts)
 * and the Lighthouse bench's. Resolves with its address once it says the store is open.
 */
export async function startStoreServer(options: StoreServerOptions): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  // With npm start's own node flags and environment (NODE_ENV=production among them), read from its script.
  const runtime = startScriptRuntime();
  const server = spawn(process.execPath, [...runtime.execArgv, 'dist-server/main.mjs'], {
    env: {
      ...process.env,
      ...runtime.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: `http://localhost:${port}`,
      DATA_DIR: options.dataDir,
      // The journeys judge behaviour, not load: no 503s for a test machine whose other work delays the event loop.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (options.log) {
    server.stdout.pipe(options.log);
    server.stderr.pipe(options.log);
  }
  const startWithinMs = options.startWithinMs ?? 120_000;
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within ${startWithinMs / 1000} s:\n${output}`)), startWithinMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /The store is open at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        // From here on the output only goes to the log, if any.
        server.stdout.off('data', onData);
        server.stderr.off('data', onData);
        resolve(match[1]);
      }
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code}:\n${output}`));
    });
  });
  return { url, server };
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Every test needs well under a third of this (the slowest about 11 s on the shared machine, 20 s beside a CPU hog);
  // the rest is room for a busier one. Waits are on what the page shows, so a slow machine only makes them longer.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Every test sets up its own shopper (own email, own cart), so tests of one file may run on either worker.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // E2E_JSON_REPORT=<file> adds a JSON report (bench/suites/test-suite.bench.ts reads each file's time from it).
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  outputDir: 'test-results',
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    // A trace records every action of every test to keep only the failing ones'; nothing keeps test-results/ after a
    // CI run, so it is off unless asked for (E2E_TRACE=1 npx playwright test …, to debug a failure).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
});
