import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../accounts/sessions.ts';

/** Whether the cart holds a product only a verified customer over 21 may order (drinks). */
export async function holdsAgeRestrictedItem(db: Kysely<Database>, cartId: string): Promise<boolean> {
  const row = await db
    .selectFrom('cart_items')
    .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
    .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select('cart_items.id')
    .where('cart_items.cart_id', '=', cartId)
    .where('products.age_restricted', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Place order's (and order review's) age gate: a cart with an age-restricted item needs a signed-in customer whose
 * identity is verified (customers.is_verified, set only by customer verify once KYC passed and the server's own
 * age computation said over 21). A guest, or no caller, is refused: a guest cannot be verified. Read from the
 * database inside the caller's transaction, never from the client.
 *
 * Not here yet (issue 11, another slice): the fresh face pass for this cart (connect/verifyorder/verify) that the
 * issue also requires before an order with such an item; it belongs beside this check.
 */
export async function isAgeCheckMissing(db: Kysely<Database>, cartId: string, caller: Caller | undefined): Promise<boolean> {
  if (!(await holdsAgeRestrictedItem(db, cartId))) return false;
  if (!caller || caller.isGuest) return true;
  const customer = await db.selectFrom('customers').select('is_verified').where('id', '=', caller.customerId).executeTakeFirst();
  return customer?.is_verified !== true;
}
