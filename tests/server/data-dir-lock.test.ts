/**
 * The embedded database's folder belongs to one process (server/db/data-dir-lock.ts): `npm run users` beside a running
 * server on the same DATA_DIR gave a new guest the seller's customer id (two PGlite processes, one folder). The server,
 * the users command and the seed each take the folder's lock; a held folder refuses the next opener with what to do,
 * a released one or one whose holder died is opened.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import { dataDirLockName, processStart, storeServerUse } from '../../server/db/data-dir-lock.ts';
import { seedUse } from '../../server/db/seed/seed-cli.ts';
import { openUsersDatabase, parseUsersArgs } from '../../server/users-cli.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
const lockFile = path.join(dataDir, dataDirLockName);
const addSeller = parseUsersArgs(['add', '--email', 'x@example.com', '--password', 'S3cret-pass', '--role', 'seller', '--loc', '101']);
if (addSeller.kind !== 'add') throw new Error('the add command did not parse');
const heldByServer = (pid: number) =>
  `The store's server (PID ${pid}) holds DATA_DIR ${dataDir}: stop it first, or add the user through a server using DATABASE_URL (PostgreSQL), where both can run at once.`;

/** A PID no process has now: a child's, once it has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('no child process');
  return child.pid;
}

const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('one process per embedded database folder', () => {
  it('while the server holds DATA_DIR, npm run users and npm run seed are refused, saying what to do', async () => {
    const server = await openDatabase({ dataDir, use: storeServerUse });
    opened.push(server);

    await expect(openUsersDatabase(addSeller, { dataDir })).rejects.toThrow(heldByServer(process.pid));
    await expect(openDatabase({ dataDir, use: seedUse })).rejects.toThrow(
      `The store's server (PID ${process.pid}) holds DATA_DIR ${dataDir}: stop it first, or seed the catalogue through a server`,
    );
    // The command itself, from its own process: exit code 1, the message, and no user written beside the server.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/users-cli.ts', 'add', '--email', 'x@example.com', '--password', 'S3cret-pass', '--role', 'seller', '--loc', '101'],
      { env, encoding: 'utf8' },
    );
    expect(cli.stderr).toContain(heldByServer(process.pid));
    expect(cli.status).toBe(1);

    await server.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('once the server has stopped, npm run users opens the folder, and the server waits its turn', async () => {
    const users = await openUsersDatabase(addSeller, { dataDir });
    opened.push(users);
    await expect(openDatabase({ dataDir, use: storeServerUse })).rejects.toThrow(
      `npm run users (PID ${process.pid}) holds DATA_DIR ${dataDir}: stop it first, or run the servers on DATABASE_URL (PostgreSQL)`,
    );
    await users.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('a lock left by a server that died is taken over', async () => {
    const dead = deadPid();
    fs.writeFileSync(lockFile, `${JSON.stringify({ pid: dead, who: storeServerUse.who })}\n`);

    const users = await openUsersDatabase(addSeller, { dataDir });
    opened.push(users);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toEqual({ pid: process.pid, who: 'npm run users', started: processStart(process.pid) });
    await users.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('a lock whose PID now names another process (started at another time) is taken over; the live holder is not', async () => {
    const started = processStart(process.pid);
    expect(started).toMatch(/^\d+$/);
    // The PID is alive (this very process), but the lock's holder started at another time: it died, its PID reused.
    fs.writeFileSync(lockFile, `${JSON.stringify({ pid: process.pid, who: storeServerUse.who, started: '1' })}\n`);
    const users = await openUsersDatabase(addSeller, { dataDir });
    opened.push(users);
    await users.close();
    expect(fs.existsSync(lockFile)).toBe(false);

    // The same PID with its own start time is the live holder: refused.
    fs.writeFileSync(lockFile, `${JSON.stringify({ pid: process.pid, who: storeServerUse.who, started })}\n`);
    await expect(openUsersDatabase(addSeller, { dataDir })).rejects.toThrow(heldByServer(process.pid));
    fs.rmSync(lockFile);
  });
});
