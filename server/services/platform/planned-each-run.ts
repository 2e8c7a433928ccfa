import { sameDatabase } from './catalogue-changes.ts';
import type { Kysely } from 'kysely';
import { plannedEachRun } from '../../db/named-statements.ts';

/**
 * The handle for reads whose best plan depends on their values (a listing of a big category or a small one, a
 * search for a common word or a rare one): their statements are never run by name, so PostgreSQL plans each run
 * for its own values (named-statements.ts, decision 029).
 */
export function plannedEachRunDb<D>(db: Kysely<D>): Kysely<D> {
  const view = db.withPlugin(plannedEachRun);
  // The caches keyed on this handle still hear the database's catalogue changes (decision 042).
  sameDatabase(view, db);
  return view;
}
