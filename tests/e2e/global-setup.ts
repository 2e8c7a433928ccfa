import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, startStoreServer } from '../../playwright.config.ts';
import { flowRecordBinding } from '../../src/dev/flow-record.ts';
import { writeFakeCamera } from './fake-camera.ts';
import { buildRecordsFlows, flowRecordsDir } from './flow-records.ts';

/**
 * Starts the real server (built SPA + API) on a free port with a fresh embedded database, and hands its address to
 * the tests through E2E_BASE_URL. Its output goes to E2E_SERVER_LOG, where the outbox mail adapter logs the links
 * it "sends" (password reset). A missing browser or build is a clear failure, never a skip.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium is not installed at ${chromiumPath}. Install it with: apt-get update && apt-get install -y chromium`);
  }
  if (!fs.existsSync(path.resolve('dist/index.html'))) {
    throw new Error('The app is not built: run `vite build` first (npm run test:e2e does).');
  }
  // The journeys drive the server the way `npm start` runs it: bundled, identity worker included (decision 027).
  if (!fs.existsSync(path.resolve('dist-server/main.mjs'))) {
    throw new Error('The server is not built: run `npm run build:server` first (npm run test:e2e does).');
  }
  // Recorded reach (docs/decisions/043): only the recording build (npm run test:e2e) has anything to record.
  // `npm run test:e2e` (and npm test) runs every test through test:e2e:built, so it starts from no records: none is
  // left from a test renamed or removed since.
  const wholeRun = process.env.npm_lifecycle_event === 'test:e2e:built';
  if (wholeRun) fs.rmSync(flowRecordsDir, { recursive: true, force: true });
  if (buildRecordsFlows(path.resolve('dist'), flowRecordBinding)) process.env.E2E_RECORD_FLOWS = '1';
  else if (wholeRun) throw new Error('npm run test:e2e built an app that does not record flows: see vite.config.ts recordActorsInBuild');
  else console.log('This build does not record flows (VITE_RECORD_FLOWS=1 vite build does): no flow-records/ this run.');
  await writeFakeCamera();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'tests/e2e/prepare-store.ts', dataDir], { encoding: 'utf8' });
  if (prepared.status !== 0) throw new Error(`The test store could not be prepared:\n${prepared.stderr}`);
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  const { url, server } = await startStoreServer({
    dataDir,
    log,
    env: {
      // info: the outbox adapter logs mail at info level; in production mode only when MAIL_LOG_LINKS=1 asks for it.
      LOG_LEVEL: 'info',
      MAIL_LOG_LINKS: '1',
      // Every journey comes from 127.0.0.1: one address doing the work of many shoppers (per-account limits still apply).
      // The suite registers hundreds of customers in a run (10 per address an hour × 50 refused every registration
      // after the 17th minute of the 2026-11-28 CI run): 200 leaves room. No browser test checks a per-address limit
      // (the server tests do).
      RATE_LIMIT_SCALE: '200',
      // The reschedule journey moves its own session's clock past a cutoff (POST /api/test/clock; others keep the real one).
      TEST_CLOCK: '1',
    },
  });
  process.env.E2E_BASE_URL = url;
  process.env.E2E_SERVER_LOG = logFile;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    log.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
