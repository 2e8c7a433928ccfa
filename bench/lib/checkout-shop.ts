import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import type { CheckoutShop } from './guest-checkout.ts';

/**
 * What the checkout CPU benches buy, as the throughput bench's checkouts do (throughput-kinds.ts): sizes the courier
 * (location 201) has in stock, in a fixed shuffled order. Closes the handle.
 */
export async function checkoutShopOf(handle: DatabaseHandle): Promise<CheckoutShop> {
  try {
    const offers = await sql<{ variant_id: number }>`
      select variant_id from variant_offers where loc_id = 201 and stock > 0 order by md5(variant_id::text) limit 500
    `.execute(handle.db);
    const vendor = await handle.db.selectFrom('vendor_locations').select('vendor_id').where('id', '=', 201).executeTakeFirstOrThrow();
    return { variantIds: offers.rows.map((r) => r.variant_id), vendorId: vendor.vendor_id, courierLocId: 201 };
  } finally {
    await handle.close();
  }
}
