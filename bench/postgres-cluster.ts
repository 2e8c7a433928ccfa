import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Where Debian's PostgreSQL 15 lives (STACK.md); CI installs it with apt when it is missing. */
export const postgresBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** The ports this project's throwaway clusters may take (other tools on the machine use others). */
const ports = [55451, 55452, 55453, 55454, 55455, 55456, 55457, 55458, 55459];

export interface PostgresCluster {
  /** postgres://…/ without a database name: add one with urlOf. */
  port: number;
  urlOf(database: string): string;
  stop(): void;
}

export function postgresInstalled(): boolean {
  return fs.existsSync(path.join(postgresBin, 'initdb'));
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
export async function startPostgresCluster(label: string): Promise<PostgresCluster> {
  let port: number | undefined;
  for (const candidate of ports) {
    if (await portFree(candidate)) {
      port = candidate;
      break;
    }
  }
  if (port === undefined) throw new Error(`No free port for a PostgreSQL cluster among ${ports.join(', ')}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `store-pg-${label}-`));
  const dataDir = path.join(folder, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', folder]);
  runTool('initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  runTool('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(folder, 'server.log'), '-w', 'start']);
  const started = port;
  return {
    port: started,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${started}/${database}`,
    stop() {
      try {
        runTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
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
