import { sql, type Kysely } from 'kysely';

/**
 * The vendors' delivery calendars are kept in memory per instance (decision 078). Any change of their tables (a
 * closed weekday, a holiday, a delivery weekday; the console's or one made by hand in SQL) notifies `calendar` on
 * migration 029's channel, once per statement, when its transaction commits: every instance drops its calendars.
 * A vendor's own row (its name) already notifies `all` (029).
 */
const calendarTables = ['vendor_closed_days', 'vendor_holidays', 'vendor_delivery_days'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function store_calendar_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('store_catalogue', 'calendar');
      return null;
    end $$`.execute(db);
  for (const table of calendarTables) {
    await sql`
      create trigger ${sql.raw(`${table}_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function store_calendar_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of calendarTables) await sql`drop trigger if exists ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists store_calendar_changed()`.execute(db);
}
