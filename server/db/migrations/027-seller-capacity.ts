import type { Kysely } from 'kysely';

/**
 * Issue 24 item 3: a seller's stock and slot capacity per day (decision 040).
 *
 * - driver_slots.capacity: the seats of one slot on one date when a seller changed them; null keeps the template's.
 *   Lowering it below the seats already booked drops no order: the slot simply has no seat left to offer.
 * - vendor_holidays.closed_by: the seller user who closed that day (null for the store's own holidays), so a seller
 *   reopens only the days a seller closed. A closed day is a holiday row: every calendar, slot list and cart check
 *   already reads those, and says "closed", never "full".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('driver_slots').addColumn('capacity', 'integer').execute();
  await db.schema
    .alterTable('vendor_holidays')
    .addColumn('closed_by', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vendor_holidays').dropColumn('closed_by').execute();
  await db.schema.alterTable('driver_slots').dropColumn('capacity').execute();
}
