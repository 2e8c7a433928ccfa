import { hashSecret, newSecret } from '../../server/services/platform/tokens.ts';
import type { TestApp } from './test-app.ts';
import type { OfferPick } from './cart-page-helpers.ts';

/** Rows the server tests make or read straight in the test database, in one place. */

/** A registered customer with a live session (an hour), made directly in the database; returns the bearer token. */
export async function signedInCustomer(t: TestApp, email: string): Promise<{ token: string; customerId: number }> {
  const db = t.database.db;
  const customer = await db
    .insertInto('customers')
    .values({ email, email_normalized: email.toLowerCase(), first_name: 'Test', last_name: 'Shopper', password_hash: null, is_guest: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSecret();
  await db
    .insertInto('sessions')
    .values({ customer_id: customer.id, token_hash: hashSecret(token), expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return { token, customerId: customer.id };
}

/** An offer's stock now. */
export async function stockOf(t: TestApp, offerId: number): Promise<number> {
  return (await t.database.db.selectFrom('variant_offers').select('stock').where('id', '=', offerId).executeTakeFirstOrThrow()).stock;
}

/** An order's row by its number. */
export function orderOf(t: TestApp, incrementId: string) {
  return t.database.db.selectFrom('orders').selectAll().where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
}

/**
 * Hands out the items of a list one per call (offers picked in beforeAll), so no two tests share a cart line or its
 * stock; throws when the list runs out.
 */
export function takeInTurn<T>(list: () => readonly T[]): () => T {
  let used = 0;
  return () => {
    const item = list()[used++];
    if (item === undefined) throw new Error('out of offers');
    return item;
  };
}

/** A drink sold by the butcher (loc 101, Same Day), priced $34.99 and stocked for the order; its smallest size. */
export async function drinkOffer(t: TestApp, name: string, stock: number): Promise<OfferPick> {
  const row = await t.database.db
    .selectFrom('variant_offers')
    .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['variant_offers.id', 'variant_offers.variant_id', 'variant_offers.loc_id'])
    .where('products.name', '=', name)
    .where('variant_offers.loc_id', '=', 101)
    .where('variant_offers.speed', '=', 'local')
    .orderBy('product_variants.bottle_size')
    .executeTakeFirstOrThrow();
  await t.database.db.updateTable('variant_offers').set({ stock, price_cents: 3499 }).where('id', '=', row.id).execute();
  return { offerId: row.id, variantId: row.variant_id, locId: row.loc_id };
}
