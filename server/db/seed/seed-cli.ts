/**
 * npm run seed [-- --products N]
 * Replaces the catalogue in the configured database (DATABASE_URL, or PGlite in DATA_DIR) with the
 * hand-written catalogue, or with N products for benchmarks. Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { ConfigError, readConfig } from '../../config.ts';
import { DatabaseOpenError, openDatabase } from '../connection.ts';
import type { DataDirUse } from '../data-dir-lock.ts';
import { migrateToLatest } from '../migrate.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { analyzeTables, clearCatalogue, HAND_WRITTEN_PRODUCTS, seedCatalogue, vacuumSearchData, type SeedCounts } from './seed-catalogue.ts';
import { SeedPhases } from './seed-phases.ts';
import { startSeedProgress } from './seed-progress.ts';

/** Far above any benchmark, low enough to stop a typo (an extra zero or two) from filling the disk. */
export const MAX_SEED_PRODUCTS = 1_000_000;

const usage = `Usage: npm run seed [-- --products N]
  Replaces the catalogue with the hand-written one (${HAND_WRITTEN_PRODUCTS} products),
  or with N products (${HAND_WRITTEN_PRODUCTS} to ${MAX_SEED_PRODUCTS}) for benchmarks.
  Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).`;

/** Who `npm run seed` is to the embedded database's lock (data-dir-lock.ts), and what to do while a server holds it. */
export const seedUse: DataDirUse = {
  who: 'npm run seed',
  otherwise: 'seed the catalogue through a server using DATABASE_URL (PostgreSQL), where both can run at once',
};

export type SeedArgs = { kind: 'seed'; products: number | undefined } | { kind: 'help' } | { kind: 'error'; message: string };

export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  let products: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    let value: string | undefined;
    if (arg === '--products') {
      value = argv[++i];
    } else if (arg.startsWith('--products=')) {
      value = arg.slice('--products='.length);
    } else {
      return { kind: 'error', message: `Unknown argument "${arg}".` };
    }
    const text = value?.trim() ?? '';
    const count = Number(text);
    if (!/^\d+$/.test(text) || count < HAND_WRITTEN_PRODUCTS || count > MAX_SEED_PRODUCTS) {
      const got = value === undefined ? 'nothing' : `"${value}"`;
      return {
        kind: 'error',
        message: `--products must be a whole number from ${HAND_WRITTEN_PRODUCTS} to ${MAX_SEED_PRODUCTS} (got ${got}).`,
      };
    }
    products = count;
  }
  return { kind: 'seed', products };
}

/**
 * What `npm run seed` does to the database: the schema up to date, the catalogue replaced, the statistics gathered.
 * `phases` collects how long each step took (the seed's log prints them).
 */
export async function reseed(
  db: Kysely<Database>,
  products: number | undefined,
  phases = new SeedPhases(),
  onProducts?: (written: number, total: number) => void,
): Promise<SeedCounts> {
  await phases.time('migrate', () => migrateToLatest(db));
  await phases.time('clear the catalogue', () => clearCatalogue(db));
  const counts = await seedCatalogue(db, { ...(products === undefined ? {} : { products }), phases, onProducts });
  await phases.time('analyze, vacuum area summaries', () => analyzeTables(db));
  await phases.time('vacuum analyze search data', () => vacuumSearchData(db));
  return counts;
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseSeedArgs(argv);
  if (args.kind === 'help') {
    console.log(usage);
    return 0;
  }
  if (args.kind === 'error') {
    console.error(`${args.message}\n${usage}`);
    return 2;
  }

  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }

  const started = performance.now();
  let handle;
  try {
    // No statement timeout: one insert of a million products' rows may take longer than any page's query.
    // On the embedded database the folder's lock, as the server takes it: refused while a server holds DATA_DIR.
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, statementTimeoutMs: 0, use: seedUse });
  } catch (error) {
    console.error(error instanceof DatabaseOpenError ? error.message : error);
    return 1;
  }
  try {
    const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`Seeding ${args.products ?? HAND_WRITTEN_PRODUCTS} products into ${where} ...`);
    const phases = new SeedPhases();
    const progress = startSeedProgress(args.products ?? HAND_WRITTEN_PRODUCTS, phases);
    let counts: SeedCounts;
    try {
      counts = await reseed(handle.db, args.products, phases, (written) => progress.products(written));
    } finally {
      progress.stop();
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Seeded ${counts.products} products, ${counts.variants} variants and ${counts.offers} offers in ${seconds} s.`);
    console.log(
      `Where the time went (per phase: wall clock, and this process's CPU — with PGlite, the database's too; ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}):\n${phases.lines().join('\n')}`,
    );
    return 0;
  } catch (error) {
    console.error('Seeding failed:', error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await handle.close();
  }
}

// Run only as a script, so tests can import parseSeedArgs without seeding anything.
const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  process.exitCode = await main(process.argv.slice(2));
}
