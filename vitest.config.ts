import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
// Before any worker thread starts: the native addons stay loaded while workers come and go (tests/native-addons.ts).
import './tests/native-addons.ts';

/**
 * Two projects in one run (`npm run test:unit` runs both; `npx vitest run tests/machines` starts only the first):
 * - client: machines, rules, flows, the architecture checks, the bench code and the journeys' mappings. They open no
 *   database, so they skip the server's global set-up (building PGlite images: the KYC machine file took 32 s with it,
 *   8 s without). One module graph per worker (isolate: false): none of them mocks a module, and importing xstate and
 *   the machines again for each of ~100 files was a third of the project's CPU (50 → 33 s).
 * - views: tests/views, rendered in React's StrictMode as in development.
 * - server: tests/server, each file with its own in-memory PGlite loaded from the images the global set-up builds.
 * Both inherit the options below (extends: true). vitest.pg.config.ts re-runs the server tests on PostgreSQL.
 */
export const clientTests = ['tests/{rules,machines,architecture,flows,bench,scripts}/**/*.test.{ts,tsx}', 'tests/e2e/journeys/*.test.ts'];
/** The view tests, in React's StrictMode (tests/views/strict-mode.setup.ts). */
export const viewTests = ['tests/views/**/*.test.{ts,tsx}'];
export const serverTests = ['tests/server/**/*.test.ts'];
/** Tests of what only PostgreSQL has (advisory locks across instances): npm run test:server:pg alone runs them. */
export const postgresOnlyTests = ['tests/server/postgres-only/**'];

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    environment: 'node',
    // Each server test file boots its own in-memory PGlite; two cores means two workers.
    maxWorkers: 2,
    // Worker threads instead of forked processes: the same tests, about a quarter less wall time (88 s → 67 s here),
    // mostly in module import.
    pool: 'threads',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'client', include: clientTests, isolate: false } },
      { extends: true, test: { name: 'views', include: viewTests, setupFiles: ['tests/views/strict-mode.setup.ts'] } },
      {
        extends: true,
        // Builds the server tests' starting databases once (PGlite images) instead of once per file.
        // A server test starts a whole app on its own database: 10–20 s at load 20 on two cores, so its timeout is
        // kept three times that, far from what it needs (the suite must pass on a busy machine).
        // isolate: false, as in vitest.pg.config.ts: one module graph per worker instead of one per file (importing the
        // server again for each of ~85 files was most of this project's time). Safe: no server test mocks a module,
        // and each file builds its own app on its own database.
        test: {
          name: 'server',
          include: serverTests,
          exclude: [...configDefaults.exclude, ...postgresOnlyTests],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          isolate: false,
          // Forked processes, not threads: two worker isolates each running PGlite's WebAssembly in one process once
          // crashed V8 while freeing wasm code ("Check failed: jit_page_->allocations_.erase(addr) == 1", Node 24.21,
          // load 10), which ends the whole run. One isolate per process cannot race another over the JIT pages.
          pool: 'forks',
        },
      },
    ],
  },
});
