import { sql, type Kysely } from 'kysely';
import type { KeptLine } from '../../../src/api/contract/cart-page.contract.ts';
import { keptLinesLastDays } from '../../../src/rules/area-change.ts';
import { formatSize } from '../../../src/rules/sizes.ts';
import type { Database } from '../../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { startPeriodicPass, type PeriodicPass, type SweepTurn } from '../platform/periodic-pass.ts';

/**
 * Lines kept for an old zip (cart_kept_lines, decision 041) are shown in the cart and last keptLinesLastDays from
 * when they were (last) kept (decision 047). "Still kept" is read in the database's own time, the same clock that
 * stamped created_at, so a line past its time is never shown or restored even before the sweep removes it.
 */
export const stillKept = sql<boolean>`cart_kept_lines.created_at > now() - make_interval(days => ${keptLinesLastDays})`;

/** The cart's kept lines, oldest first, each with the zip it waits for and when it goes. */
export async function loadKeptLines(db: Kysely<Database>, cartId: string): Promise<KeptLine[]> {
  const rows = await db
    .selectFrom('cart_kept_lines')
    .innerJoin('product_variants', 'product_variants.id', 'cart_kept_lines.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'cart_kept_lines.id',
      'cart_kept_lines.zipcode',
      'products.name',
      'product_variants.bottle_size',
      'products.size_unit',
      'cart_kept_lines.qty',
      sql<Date>`cart_kept_lines.created_at + make_interval(days => ${keptLinesLastDays})`.as('expires_at'),
    ])
    .where('cart_kept_lines.cart_id', '=', cartId)
    .where(stillKept)
    .orderBy('cart_kept_lines.id')
    .execute();
  return rows.map((row) => ({
    kept_id: row.id,
    zipcode: row.zipcode,
    name: row.name,
    size: formatSize(row.bottle_size, row.size_unit),
    qty: row.qty,
    expires_at: new Date(row.expires_at).toISOString(),
  }));
}

/** Removes one kept line of the cart; false when the cart holds no such line. */
export async function removeKeptLine(db: Kysely<Database>, cartId: string, keptId: number): Promise<boolean> {
  const result = await db.deleteFrom('cart_kept_lines').where('cart_id', '=', cartId).where('id', '=', keptId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes every kept line past its time (migration 032's index finds them); returns how many went. */
export async function removeExpiredKeptLines(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('cart_kept_lines')
    .where(sql<boolean>`not ${stillKept}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface KeptLinesSweepSettings {
  db: Kysely<Database>;
  everyMs: number;
  /** Whether this instance's turn it is (decision 042); absent: always. */
  myTurn?: SweepTurn | undefined;
  log: Log;
}

/** Runs removeExpiredKeptLines every `everyMs` on one instance at a time, like the other sweeps. */
export function startKeptLinesSweep(settings: KeptLinesSweepSettings): PeriodicPass {
  const { db, log } = settings;
  const sweep = async () => {
    const removed = await removeExpiredKeptLines(db);
    if (removed > 0) log.info({ removed, afterDays: keptLinesLastDays }, 'expired kept cart lines removed');
  };
  return startPeriodicPass('cart-kept-lines', settings.everyMs, log, 'kept cart line sweep failed', sweep, settings.myTurn);
}
