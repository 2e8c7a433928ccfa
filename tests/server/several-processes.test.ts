import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { number, string, type, validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatement, postgresBin, postgresInstalled, startPostgresCluster, type PostgresCluster } from '../../bench/lib/postgres-cluster.ts';
import { captchaChallengeReply } from '../../src/api/contract/captcha.contract.ts';

/**
 * WEB_CONCURRENCY=2 on PostgreSQL (decision 030): the bundled server, as `npm start` runs it, against a throwaway
 * cluster of its own (this file opens no test database, so the PostgreSQL run leaves it to this one). Which process
 * answered a request is read from the log: every line carries the worker's pid and id, and the request id we sent.
 */

/** Under node_modules, so the bundle's external packages resolve as dist-server's do. */
const bundleDir = path.resolve('node_modules/.cache/store-several-processes');
const bundle = path.join(bundleDir, 'main.mjs');

/** package.json's build:server itself, into a folder of this test's own (dist-server belongs to npm start and the e2e run). */
function bundleServer(): void {
  const [error, manifest] = validate(
    JSON.parse(fs.readFileSync('package.json', 'utf8')) as unknown,
    type({ scripts: type({ 'build:server': string() }) }),
  );
  if (error) throw error;
  const script = manifest.scripts['build:server'];
  const command = script.replace('--outdir=dist-server', `--outdir=${bundleDir}`);
  if (command === script) throw new Error('package.json build:server no longer writes --outdir=dist-server: update this test');
  execSync(command, { stdio: 'inherit', env: { ...process.env, PATH: `${path.resolve('node_modules/.bin')}:${process.env.PATH ?? ''}` } });
}

/** A started server's process and everything it printed so far, with a way to wait for what it prints next. */
interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves with `find`'s answer once the output holds it (checked again on each new chunk and at exit). */
  waitFor<T>(find: (output: string) => T | undefined): Promise<T>;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [bundle], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'production',
      STATIC_DIR: 'tests/server/no-spa',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onChunk = (chunk: Buffer) => {
    text += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', onChunk);
  child.stderr?.on('data', onChunk);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => {
    done = true;
    for (const wake of waiters) wake();
  });
  return {
    child,
    output: () => text,
    exited,
    waitFor<T>(find: (output: string) => T | undefined): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = find(text);
          if (found !== undefined) {
            waiters.delete(check);
            resolve(found);
          } else if (done) {
            waiters.delete(check);
            reject(new Error(`The server exited before printing what the test waits for:\n${text}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}

const logLine = type({ pid: number(), worker: number(), reqId: string() });

/** The pid and worker id that logged a request, from its first log line. */
function answeredBy(output: string, requestId: string): { pid: number; worker: number } | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes(requestId)) continue;
    const [error, fields] = validate(JSON.parse(line) as unknown, logLine);
    if (!error && fields.reqId === requestId) return { pid: fields.pid, worker: fields.worker };
  }
  return undefined;
}

/**
 * Room for starting the bundled server (it loads every module before reading its configuration): seconds on a quiet
 * machine, over a minute with two workers starting at once on the shared one (load 27).
 */
const startWithinMs = 240_000;

let requests = 0;

/** One request on a connection of its own (round-robin hands connections, not requests, to the workers). */
function request(base: string, method: 'GET' | 'POST', url: string, body?: object): Promise<{ status: number; body: unknown; id: string }> {
  const id = `several-${process.pid}-${++requests}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(url, base),
      {
        method,
        agent: false,
        headers: { 'x-request-id': id, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown, id }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let server: Started;
  let base: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-several-'));

  beforeAll(async () => {
    if (!postgresInstalled())
      throw new Error(`This test needs PostgreSQL 15 in ${postgresBin} (Debian: apt-get install -y postgresql; PG_BIN elsewhere).`);
    bundleServer();
    cluster = await startPostgresCluster('several');
    await adminStatement(cluster.urlOf('postgres'), 'create database store');
    // An empty database: the primary migrates and seeds it once, before the workers start. No CAPTCHA_HMAC_KEY: the
    // primary makes the one key both workers sign and check with.
    server = startServer({
      DATABASE_URL: cluster.urlOf('store'),
      WEB_CONCURRENCY: '2',
      DATA_DIR: dataDir,
      CAPTCHA_COST: '10',
      CAPTCHA_MAX_NUMBER: '20',
    });
    base = await server.waitFor((output) => /The store is open at (http:\/\/localhost:\d+) \(2 workers\)/.exec(output)?.[1]);
  }, startWithinMs);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates and seeds once, and answers from two worker processes', async () => {
    expect(server.output().match(/Seeded the catalogue/g)).toHaveLength(1);
    const pids = new Set<number>();
    for (let i = 0; i < 8 && pids.size < 2; i += 1) {
      const { status, id } = await request(base, 'GET', '/api/captcha/challenge');
      expect(status).toBe(200);
      pids.add((await server.waitFor((output) => answeredBy(output, id))).pid);
    }
    expect(pids.size).toBe(2);
    expect(pids.has(server.child.pid ?? 0)).toBe(false);
  });

  it('a captcha challenge one worker made is accepted by the other', async () => {
    let crossed = false;
    for (let i = 0; i < 8 && !crossed; i += 1) {
      const challengeReply = await request(base, 'GET', '/api/captcha/challenge');
      const [error, challenge] = validate(challengeReply.body, captchaChallengeReply);
      if (error) throw error;
      const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
      if (!solution) throw new Error('could not solve the challenge');
      const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const verified = await request(base, 'POST', '/api/captcha/verify', { altcha, store_id: 1 });
      expect(verified).toMatchObject({ status: 200, body: { code: 1 } });
      const maker = await server.waitFor((output) => answeredBy(output, challengeReply.id));
      const checker = await server.waitFor((output) => answeredBy(output, verified.id));
      crossed = maker.pid !== checker.pid;
    }
    expect(crossed).toBe(true);
  });

  it(
    'replaces a worker that dies, and stops every worker on SIGTERM',
    async () => {
      const { id } = await request(base, 'GET', '/api/captcha/challenge');
      const victim = await server.waitFor((output) => answeredBy(output, id));
      process.kill(victim.pid, 'SIGKILL');
      await server.waitFor((output) => (output.includes('worker died: starting another') ? true : undefined));
      await server.waitFor((output) => (output.includes('"msg":"worker listening"') ? true : undefined));
      // Still serving, from the survivor and the replacement.
      expect((await request(base, 'GET', '/api/captcha/challenge')).status).toBe(200);

      const workers = [...server.output().matchAll(/"pid":(\d+),[^\n]*"worker":\d+/g)].map((m) => Number(m[1]));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(workers.filter(alive)).toEqual([]);
    },
    startWithinMs,
  );
});

describe('WEB_CONCURRENCY with the embedded database', () => {
  it(
    'stops at start with a message naming WEB_CONCURRENCY and DATABASE_URL',
    async () => {
      if (!fs.existsSync(bundle)) bundleServer();
      const server = startServer({ WEB_CONCURRENCY: '2', DATA_DIR: 'memory://' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/WEB_CONCURRENCY=2 .*needs DATABASE_URL/);
    },
    startWithinMs,
  );
});
