import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * npm run test:server:pg — the server tests against PostgreSQL 15 instead of PGlite: a throwaway cluster per run
 * (tests/server/postgres-global-setup.ts) and a database per test app copied from a template. Tests that open their
 * own embedded database (seed, shutdown, …) stay on PGlite by construction. (Spread, not mergeConfig: that would
 * append to include and globalSetup instead of replacing them.)
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['tests/server/**/*.test.ts'],
    globalSetup: ['tests/server/postgres-global-setup.ts'],
  },
});
