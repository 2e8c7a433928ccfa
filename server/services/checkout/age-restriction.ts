import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ageVerificationNeededRefusal, facePassNeededRefusal } from '../../../src/rules/messages.ts';
import type { Caller } from '../platform/caller.ts';

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
 * Order review's age gate (and place order's first half): a cart with an age-restricted item needs a signed-in
 * customer whose identity is verified (customers.is_verified, set only by customer verify once KYC passed and the
 * server's own age computation said over 21). A guest, or no caller, is refused: a guest cannot be verified. Read
 * from the database inside the caller's transaction, never from the client.
 */
export async function isAgeCheckMissing(db: Kysely<Database>, cartId: string, caller: Caller | undefined): Promise<boolean> {
  if (!(await holdsAgeRestrictedItem(db, cartId))) return false;
  return !(await isVerifiedCustomer(db, caller));
}

async function isVerifiedCustomer(db: Kysely<Database>, caller: Caller | undefined): Promise<boolean> {
  if (!caller || caller.isGuest) return false;
  const customer = await db.selectFrom('customers').select('is_verified').where('id', '=', caller.customerId).executeTakeFirst();
  return customer?.is_verified === true;
}

/** What place order's age gate found: nothing restricted, a refusal, or the face pass the order takes. */
export type AgeGate = { kind: 'clear' } | { kind: 'refused'; message: string } | { kind: 'pass'; passId: number };

/**
 * Place order's age gate, inside its transaction: a cart with an age-restricted item needs a verified customer
 * (as above) **and** a fresh face pass for this cart (connect/verifyorder/verify, services/identity/face-check.ts):
 * the caller's own, not used, not expired at `now`. The pass row is locked, so two orders at once cannot both use
 * it; the order takes it with takeFacePass once written. Order review checks only the first half: the face step
 * comes after the review is first shown. holdsRestricted: whether the cart's lines, read under the cart's lock, hold
 * such an item (place order has them already: decision 065).
 */
export async function checkAgeGate(trx: Kysely<Database>, cartId: string, caller: Caller, now: Date, holdsRestricted: boolean): Promise<AgeGate> {
  if (!holdsRestricted) return { kind: 'clear' };
  if (!(await isVerifiedCustomer(trx, caller))) return { kind: 'refused', message: ageVerificationNeededRefusal };
  const pass = await trx
    .selectFrom('face_passes')
    .select('id')
    .where('cart_id', '=', cartId)
    .where('customer_id', '=', caller.customerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return pass ? { kind: 'pass', passId: pass.id } : { kind: 'refused', message: facePassNeededRefusal };
}

/** The order takes its face pass: used once, by this order. */
export async function takeFacePass(trx: Kysely<Database>, gate: AgeGate, orderId: number, now: Date): Promise<void> {
  if (gate.kind !== 'pass') return;
  await trx.updateTable('face_passes').set({ used_at: now, order_id: orderId }).where('id', '=', gate.passId).execute();
}
