import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { sharedWorkerEnvironment } from '../../server/process/cluster-primary.ts';
import { primaryLog } from '../../server/process/primary-log.ts';
import { firstRestartDelayMs, healthyAfterMs, maxRestartDelayMs, restartDelayMs } from '../../server/process/restart-backoff.ts';
import { startupNotes } from '../../server/process/startup-notes.ts';

/** The parts of the cluster primary (decision 030) that need no processes; several-processes.test.ts runs the rest. */
describe('what the primary hands its workers', () => {
  it('the keys it made up and the uploads folder: each worker reads the same ones', () => {
    const primary = readConfig({ DATABASE_URL: 'postgres://store@127.0.0.1/store', DATA_DIR: 'memory://', WEB_CONCURRENCY: '2' });
    expect(primary.captcha.keyFromEnvironment).toBe(false);
    const shared = sharedWorkerEnvironment(primary);
    // A worker's environment is the primary's plus these; what it reads is what the primary (and its sibling) uses.
    const worker = readConfig({ DATABASE_URL: 'postgres://store@127.0.0.1/store', DATA_DIR: 'memory://', WEB_CONCURRENCY: '2', ...shared });
    const sibling = readConfig({ DATABASE_URL: 'postgres://store@127.0.0.1/store', DATA_DIR: 'memory://', WEB_CONCURRENCY: '2', ...shared });
    for (const config of [worker, sibling]) {
      expect(config.captcha.hmacKey).toBe(primary.captcha.hmacKey);
      expect(config.uploads.signingKey).toBe(primary.uploads.signingKey);
      expect(config.uploads.dir).toBe(primary.uploads.dir);
    }
    // Without the hand-over each process would make its own: the bug this prevents.
    expect(readConfig({ DATA_DIR: 'memory://' }).captcha.hmacKey).not.toBe(primary.captcha.hmacKey);
  });
});

describe('restarting a worker that died', () => {
  it('waits 1 s, doubling while workers keep dying young, at most 30 s; a worker that ran a minute starts it over', () => {
    let delay = 0;
    const delays: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      delay = restartDelayMs(delay, 500);
      delays.push(delay);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(restartDelayMs(maxRestartDelayMs, healthyAfterMs)).toBe(firstRestartDelayMs);
  });
});

describe('the primary log', () => {
  it('writes pino-shaped JSON lines marked worker "primary", at or above LOG_LEVEL', () => {
    const lines: string[] = [];
    const log = primaryLog('warn', (line) => lines.push(line));
    log.info({}, 'not at warn');
    log.error({ workerPid: 42 }, 'worker died: starting another');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 50,
      pid: process.pid,
      worker: 'primary',
      workerPid: 42,
      msg: 'worker died: starting another',
    });
  });
});

describe('start-up notes', () => {
  it('with several workers: one key made for all, and the offline gateway is per process', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://store@127.0.0.1/store', WEB_CONCURRENCY: '2' });
    const messages = startupNotes(config, 2).map((note) => note.message);
    expect(messages).toContainEqual(expect.stringMatching(/made one key for its 2 workers/));
    expect(messages).toContainEqual(expect.stringMatching(/keeps card tokens and bank checks per process/));
    expect(startupNotes(readConfig({}), 1).map((note) => note.message)).not.toContainEqual(expect.stringMatching(/per process/));
  });
});
