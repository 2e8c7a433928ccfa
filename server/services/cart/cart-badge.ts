import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The header's cart count: the units of the lines the cart's totals count (isOrderableRow: a wallet line, or one its
 * offer's stock covers), so a line sold out or short since it was added is not counted (decision 088 left: the badge
 * said 3 where the cart totalled 1). Every reply that sets the badge reads it here (add to cart, the wallet's add, the
 * cart's read, sign-in's cart, the area or option move, the next cart after an order), as the cart view counts it.
 */
export async function cartBadgeQty(db: Kysely<Database>, cartId: string): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
    .select(
      sql<
        number | string
      >`coalesce(sum(cart_items.qty) filter (where cart_items.wallet_entry_id is not null or variant_offers.stock >= cart_items.qty), 0)`.as('qty'),
    )
    .where('cart_items.cart_id', '=', cartId)
    .executeTakeFirstOrThrow();
  return Number(row.qty);
}
