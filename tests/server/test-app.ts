import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedCatalogue } from '../../server/db/seed/seed-catalogue.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A fresh in-memory PGlite with the seed catalogue and the whole app, reached through app.inject. */
export async function startTestApp(options: { seed?: boolean } = {}): Promise<TestApp> {
  const config = readConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', STATIC_DIR: 'tests/server/no-spa' });
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  if (options.seed !== false) await seedCatalogue(database.db);
  const app = await buildApp({ db: database.db, config }, { logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** JSON body of an inject() response, typed only as unknown: tests check it with the contract structs. */
export function json(response: { body: string }): unknown {
  return JSON.parse(response.body) as unknown;
}
