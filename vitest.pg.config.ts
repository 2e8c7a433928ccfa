import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import base, { serverTests as serverTestFiles } from './vitest.config.ts';

/**
 * Test files that open no database, directly or through a helper they import (caches, adapters, the identity engine):
 * they run the same on either database, so the PostgreSQL run leaves them to the PGlite run instead of repeating them.
 */
function opensNoDatabase(file: string): boolean {
  const source = fs.readFileSync(file, 'utf8');
  const helpers = [...source.matchAll(/from '\.\/([\w-]+\.ts)'/g)].map((m) => fs.readFileSync(path.join('tests/server', m[1] ?? ''), 'utf8'));
  return ![source, ...helpers].some((text) => /startTestApp|openDatabase/.test(text));
}

const serverTests = fs.readdirSync('tests/server').filter((f) => f.endsWith('.test.ts'));

/**
 * npm run test:server:pg — the server tests against PostgreSQL 15 instead of PGlite: a throwaway cluster per run
 * (tests/server/postgres-global-setup.ts) and a database per test app copied from a template. Tests of the embedded
 * database itself are marked describeOnPgliteOnly (database-images.ts) and reported as skipped with their reason.
 * (Spread, not mergeConfig: that would append to include and globalSetup instead of replacing them.)
 */
// The root options without the two projects: this run is the server tests alone, as one project.
const { projects: _projects, ...shared } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...shared,
    include: serverTestFiles,
    exclude: serverTests.filter((f) => opensNoDatabase(path.join('tests/server', f))).map((f) => `tests/server/${f}`),
    globalSetup: ['tests/server/postgres-global-setup.ts'],
    // As the PGlite run's server project (vitest.config.ts): each test starts a whole app.
    testTimeout: 90_000,
    // One module graph per worker instead of one per file: importing the server for each of ~60 files was most of the
    // run (812 s of import time at load 25). Safe here: no server test mocks modules, and every file builds its own
    // app and database.
    isolate: false,
  },
});
