import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';

/** What every route file gets: the database and the validated configuration. */
export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
}
