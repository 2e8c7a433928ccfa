import { sql, type Kysely } from 'kysely';

/**
 * The sessions behind bearer tokens are kept in memory per instance (decision 078), each with its customer's role,
 * email and guest flag. A session revoked or removed, or a customer's role, email or guest flag changed or the
 * customer removed, notifies `sessions` on migration 029's channel, once per statement, when its transaction commits:
 * every instance drops its sessions then. A new session changes nothing kept, so inserts notify nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function store_sessions_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('store_catalogue', 'sessions');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sessions_changed after update or delete or truncate on sessions
    for each statement execute function store_sessions_changed()`.execute(db);
  await sql`
    create trigger customers_signed_in_as_changed after update of role, email, is_guest or delete or truncate on customers
    for each statement execute function store_sessions_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists customers_signed_in_as_changed on customers`.execute(db);
  await sql`drop trigger if exists sessions_changed on sessions`.execute(db);
  await sql`drop function if exists store_sessions_changed()`.execute(db);
}
