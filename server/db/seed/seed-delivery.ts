/**
 * The seed store's delivery calendar, driver slots and coupons. Fixed dates only (no "today"), so every run writes
 * the same rows and tests choose their own `now`.
 */
import { sql, type Kysely } from 'kysely';
import type { CouponKind, Database } from '../schema.ts';
import { cities, vendors } from './catalogue-data.ts';

/** Store-wide holidays: every vendor is closed (US federal holidays the shops observe). */
export const seedHolidays: readonly { date: string; name: string }[] = [
  { date: '2026-11-26', name: 'Thanksgiving' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-05-31', name: 'Memorial Day' },
  { date: '2027-07-04', name: 'Independence Day' },
  { date: '2027-09-06', name: 'Labor Day' },
  { date: '2027-11-25', name: 'Thanksgiving' },
  { date: '2027-12-25', name: 'Christmas Day' },
  { date: '2028-01-01', name: "New Year's Day" },
];

const SUNDAY = 0;
const TUESDAY = 2;
const FRIDAY = 5;

/** Local shops and the courier do not deliver on Sundays; farms ship for Tuesday and Friday delivery only. */
export const farmDeliveryWeekdays: readonly number[] = [TUESDAY, FRIDAY];

/** Same Day slots every local shop runs, 4 drivers' seats each. */
export const slotTimes: readonly (readonly [start: string, end: string])[] = [
  ['10:00', '12:00'],
  ['12:00', '14:00'],
  ['14:00', '16:00'],
  ['16:00', '18:00'],
  ['18:00', '20:00'],
];
export const SLOT_CAPACITY = 4;

/** Slot ids are readable: location 101's first slot is 10101, its fifth 10105. */
export function slotTemplateId(locId: number, index: number): number {
  return locId * 100 + index + 1;
}

export interface CouponSeed {
  code: string;
  kind: CouponKind;
  amount: number;
  min_subtotal_cents: number;
  expires_at: Date | null;
  usage_limit: number | null;
  used_count: number;
  per_customer_limit: number | null;
}

export const seedCoupons: readonly CouponSeed[] = [
  // The welcome coupon: once per customer (by account and by email).
  {
    code: 'WELCOME10',
    kind: 'percent',
    amount: 1000,
    min_subtotal_cents: 3000,
    expires_at: null,
    usage_limit: null,
    used_count: 0,
    per_customer_limit: 1,
  },
  {
    code: 'SAVE5',
    kind: 'fixed',
    amount: 500,
    min_subtotal_cents: 4000,
    expires_at: null,
    usage_limit: null,
    used_count: 0,
    per_customer_limit: null,
  },
  {
    code: 'EXPIRED20',
    kind: 'percent',
    amount: 2000,
    min_subtotal_cents: 0,
    expires_at: new Date('2025-01-01T05:00:00Z'),
    usage_limit: null,
    used_count: 0,
    per_customer_limit: null,
  },
  {
    code: 'USEDUP',
    kind: 'fixed',
    amount: 1000,
    min_subtotal_cents: 0,
    expires_at: null,
    usage_limit: 100,
    used_count: 100,
    per_customer_limit: null,
  },
];

/** Writes calendars and slots (expects empty tables, like the catalogue) and adds the coupons that are missing. */
export async function seedDelivery(db: Kysely<Database>): Promise<void> {
  const localLocIds = cities.flatMap((c) => [c.butcherLocId, c.fishmongerLocId]);

  const closed = vendors.filter((v) => v.kind !== 'farm-direct').map((v) => ({ vendor_id: v.id, weekday: SUNDAY }));
  await db.insertInto('vendor_closed_days').values(closed).execute();
  const farmDays = vendors
    .filter((v) => v.kind === 'farm-direct')
    .flatMap((v) => farmDeliveryWeekdays.map((weekday) => ({ vendor_id: v.id, weekday })));
  await db.insertInto('vendor_delivery_days').values(farmDays).execute();
  await db
    .insertInto('vendor_holidays')
    .values(vendors.flatMap((v) => seedHolidays.map((h) => ({ vendor_id: v.id, date: h.date, name: h.name }))))
    .execute();

  await db
    .insertInto('driver_slot_templates')
    .values(
      localLocIds.flatMap((locId) =>
        slotTimes.map(([start, end], index) => ({
          id: slotTemplateId(locId, index),
          loc_id: locId,
          start_time: start,
          end_time: end,
          capacity: SLOT_CAPACITY,
        })),
      ),
    )
    .execute();

  // Coupons are store data, not catalogue: re-seeding the catalogue keeps them (and their used counts).
  await db
    .insertInto('coupons')
    .values(seedCoupons.map((c) => ({ ...c })))
    .onConflict((oc) => oc.expression(sql`lower(code)`).doNothing())
    .execute();
}

/**
 * For a database whose catalogue was seeded before migration 004 (seedCatalogue only runs on an empty catalogue):
 * writes the delivery seed when the seed vendors exist and no slot exists yet. Returns whether it wrote anything.
 */
export async function seedDeliveryIfMissing(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const slot = await trx.selectFrom('driver_slot_templates').select('id').limit(1).executeTakeFirst();
    const seedVendors = await trx
      .selectFrom('vendors')
      .select('id')
      .where(
        'id',
        'in',
        vendors.map((v) => v.id),
      )
      .execute();
    if (slot || seedVendors.length !== vendors.length) return false;
    await trx.deleteFrom('vendor_closed_days').execute();
    await trx.deleteFrom('vendor_delivery_days').execute();
    await trx.deleteFrom('vendor_holidays').execute();
    await seedDelivery(trx);
    return true;
  });
}
