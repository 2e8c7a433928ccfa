import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { analyzeTables, seedCatalogue } from '../../server/db/seed/seed-catalogue.ts';
import { adminStatement, postgresBin, postgresInstalled, startPostgresCluster } from '../../bench/lib/postgres-cluster.ts';
import { postgresTemplateNames, type PostgresTemplates } from './database-images.ts';

/**
 * The server tests on PostgreSQL 15 (npm run test:server:pg): one throwaway cluster per run, with the two starting
 * databases built once as templates — migrated, and migrated with the seed catalogue — so each test app gets its own
 * database by CREATE DATABASE … TEMPLATE (a file copy, about 0.1 s) instead of running the migrations and the seed.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (!postgresInstalled()) {
    throw new Error(`npm run test:server:pg needs PostgreSQL 15 in ${postgresBin} (Debian: apt-get install -y postgresql; PG_BIN elsewhere).`);
  }
  const cluster = await startPostgresCluster('tests');
  try {
    const { migrated, seeded } = postgresTemplateNames;
    await adminStatement(cluster.urlOf('postgres'), `create database ${migrated}`);
    const database = await openDatabase({ databaseUrl: cluster.urlOf(migrated), dataDir: 'memory://' });
    await migrateToLatest(database.db);
    await database.close();
    await adminStatement(cluster.urlOf('postgres'), `create database ${seeded} template ${migrated}`);
    const seededDatabase = await openDatabase({ databaseUrl: cluster.urlOf(seeded), dataDir: 'memory://' });
    await seedCatalogue(seededDatabase.db);
    await analyzeTables(seededDatabase.db);
    await seededDatabase.close();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  const templates: PostgresTemplates = { adminUrl: cluster.urlOf('postgres'), port: cluster.port };
  project.provide('postgresTemplates', templates);
  return () => cluster.stop();
}
