import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { installWhenMissing } from './debian-packages.ts';

/**
 * Where Debian's PostgreSQL lives (STACK.md): 15 when installed (the version the SQL targets), otherwise the newest
 * Debian installed (`apt-get install postgresql` on a later release), or PG_BIN. CI installs it when it is missing.
 */
export const postgresBin = process.env.PG_BIN ?? debianPostgresBin();

function debianPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const preferred = path.join(root, '15/bin');
  if (fs.existsSync(path.join(preferred, 'initdb')) || !fs.existsSync(root)) return preferred;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : preferred;
}

/** The ports this project's throwaway clusters may take (other tools on the machine use others). */
const ports = [55451, 55452, 55453, 55454, 55455, 55456, 55457, 55458, 55459];

export interface PostgresCluster {
  /** postgres://…/ without a database name: add one with urlOf. */
  port: number;
  /** Its data folder (postmaster.pid's first line is the server's process id). */
  dataDir: string;
  urlOf(database: string): string;
  /** The same database over the cluster's Unix socket (its folder, `-k`): no TCP, as a store beside its database. */
  socketUrlOf(database: string): string;
  stop(): void;
}

/** A database over the Unix socket in `folder` (pg reads `host` as a socket folder when it is a path). */
const socketUrl = (folder: string, port: number, database: string) => `postgres://postgres@localhost/${database}?host=${folder}&port=${port}`;

export function postgresInstalled(): boolean {
  return fs.existsSync(path.join(postgresBin, 'initdb'));
}

/** Debian's PostgreSQL (15 on bookworm), installed with apt-get when it is missing and this runs as root (debian-packages.ts). */
export function ensurePostgres(log: (message: string) => void): void {
  installWhenMissing(path.join(postgresBin, 'initdb'), 'postgresql', log, ' (or set PG_BIN)');
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Runs a PostgreSQL tool; as root (CI), as the postgres user, which initdb and the server insist on. */
function runTool(tool: string, args: readonly string[]): void {
  const binary = path.join(postgresBin, tool);
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, [...args]];
  execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A throwaway PostgreSQL 15 cluster in a new folder under the temp dir, on the first free port of ours: trust
 * authentication on 127.0.0.1 only, fsync off (a test or bench cluster is thrown away, so durability buys nothing).
 */
async function freePort(): Promise<number> {
  for (const candidate of ports) if (await portFree(candidate)) return candidate;
  throw new Error(`No free port for a PostgreSQL cluster among ${ports.join(', ')}`);
}

export async function startPostgresCluster(label: string): Promise<PostgresCluster> {
  const port = await freePort();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `store-pg-${label}-`));
  const dataDir = path.join(folder, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', folder]);
  runTool('initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  runTool('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(folder, 'server.log'), '-w', 'start']);
  const started = port;
  return {
    port: started,
    dataDir,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${started}/${database}`,
    socketUrlOf: (database) => socketUrl(folder, started, database),
    stop() {
      try {
        runTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A cluster kept between runs in `folder` (gitignored bench/pg-100k, bench/pg-1m: the seeded data sets), created on
 * first use and started on demand: reused as it is when its server already runs (its port is in postmaster.pid),
 * otherwise started on the first free port of ours. stop() shuts the server down and keeps the data.
 */
export async function startKeptCluster(folder: string): Promise<PostgresCluster> {
  const home = path.resolve(folder);
  const dataDir = path.join(home, 'data');
  fs.mkdirSync(home, { recursive: true });
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', home]);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    runTool('initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C.UTF-8']);
  }
  const running = runningPort(dataDir);
  let port = running !== undefined && !(await portFree(running)) ? running : undefined;
  const startedHere = port === undefined;
  if (port === undefined) {
    for (const candidate of ports) {
      if (await portFree(candidate)) {
        port = candidate;
        break;
      }
    }
    if (port === undefined) throw new Error(`No free port for a PostgreSQL cluster among ${ports.join(', ')}`);
    const options = `-p ${port} -k ${home} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    runTool('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(home, 'server.log'), '-w', 'start']);
  }
  const started = port;
  return {
    port: started,
    dataDir,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${started}/${database}`,
    socketUrlOf: (database) => socketUrl(home, started, database),
    stop() {
      // One somebody else started (a seed still running, say) is left as it was.
      if (startedHere) runTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    },
  };
}

/** The port in a running cluster's postmaster.pid (its fourth line), if there is one. */
function runningPort(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  const port = Number(fs.readFileSync(file, 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

/** Creates `database` unless it exists. */
export async function ensureDatabase(cluster: PostgresCluster, database: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.urlOf('postgres') });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
  return cluster.urlOf(database);
}

/** Runs one statement on its own connection (CREATE/DROP DATABASE cannot run in a transaction or a pool's session). */
export async function adminStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A throwaway copy of a kept cluster's seeded `store` database: the carts and orders a bench makes never reach the data set. */
export interface StoreCopy {
  /** Over TCP. */
  url: string;
  /** Over the cluster's Unix socket (in its folder). */
  socketUrl: string;
  drop(): Promise<void>;
}

/** Copies `store` to `name` (CREATE DATABASE … TEMPLATE: a file copy, seconds even at 1M products). */
export async function copyOfStore(cluster: PostgresCluster, name: string): Promise<StoreCopy> {
  const admin = cluster.urlOf('postgres');
  await adminStatement(admin, `create database ${name} template store`);
  return {
    url: cluster.urlOf(name),
    socketUrl: cluster.socketUrlOf(name),
    drop: () => adminStatement(admin, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A streaming replica of `primary` (hot standby) in a new temp folder: `pg_basebackup -R` (a copy of the primary's
 * data folder, with the primary_conninfo and standby.signal that make it follow the primary), started on a free port
 * of ours. initdb's trust rules already let 127.0.0.1 connect for replication.
 */
export async function startReplicaOf(primary: PostgresCluster, label: string): Promise<PostgresCluster> {
  const port = await freePort();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `store-pg-${label}-`));
  const dataDir = path.join(folder, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', folder]);
  runTool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast']);
  // max_connections as the primary's (a hot standby refuses to start with fewer).
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c hot_standby=on -c max_connections=200`;
  runTool('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(folder, 'server.log'), '-w', 'start']);
  return {
    port,
    dataDir,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    socketUrlOf: (database) => socketUrl(folder, port, database),
    stop() {
      try {
        runTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/** The cluster's server process id (postmaster.pid's first line): its backends are its children. */
export function postmasterPid(cluster: PostgresCluster): number {
  return Number(fs.readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}
