import { sql, type Kysely } from 'kysely';
import { canonicalEmail } from '../../../src/rules/email-canonical.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import type { Database } from '../../db/schema.ts';
import type { CouponTerms } from './cart-totals.ts';

export const couponMessages = {
  applied: (code: string) => `Coupon ${code} applied.`,
  removed: (code: string) => `Coupon ${code} removed.`,
  unknown: 'This coupon code does not exist.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has been fully used.',
  belowMinimum: (shortfallCents: number) => `Add $${centsToDollars(shortfallCents)} more to use this coupon.`,
  onePerCart: (current: string) => `Only one coupon can be used per cart. Remove ${current} first.`,
  dropped: (code: string, reason: string) => `Coupon ${code} was removed from your cart. ${reason}`,
  perCustomer: (limit: number) =>
    limit === 1
      ? 'You have already used this coupon: it is one per customer.'
      : `You have already used this coupon ${limit} times, its limit per customer.`,
} as const;

export interface CouponRow extends CouponTerms {
  id: number;
  min_subtotal_cents: number;
  expires_at: Date | null;
  usage_limit: number | null;
  used_count: number;
  /** Live orders one customer may place with it (by account and by email); null: no limit. */
  per_customer_limit: number | null;
}

/** Who a per-customer limit counts: the account, and its email (guests get a new account each checkout). */
export interface CouponCustomer {
  customerId: number;
  /** The email as one mailbox (src/rules/email-canonical.ts): `name+again@` is the same customer. */
  emailNormalized: string;
}

export async function couponCustomer(db: Kysely<Database>, customerId: number): Promise<CouponCustomer> {
  const row = await db.selectFrom('customers').select('email_normalized').where('id', '=', customerId).executeTakeFirstOrThrow();
  return { customerId, emailNormalized: canonicalEmail(row.email_normalized) };
}

/** Why the coupon cannot be used on a cart whose items come to subtotalCents, or undefined when it can. */
export function couponRefusal(coupon: CouponRow, subtotalCents: number, now: Date): string | undefined {
  if (coupon.expires_at !== null && now.getTime() >= coupon.expires_at.getTime()) return couponMessages.expired;
  if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) return couponMessages.usedUp;
  if (subtotalCents < coupon.min_subtotal_cents) return couponMessages.belowMinimum(coupon.min_subtotal_cents - subtotalCents);
  return undefined;
}

/** Codes match whatever the case and surrounding spaces the shopper typed. */
export async function findCoupon(db: Kysely<Database>, code: string): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .select(['id', 'code', 'kind', 'amount', 'min_subtotal_cents', 'expires_at', 'usage_limit', 'used_count', 'per_customer_limit'])
    .where(sql<boolean>`lower(code) = lower(${code.trim()})`)
    .executeTakeFirst();
}

export type CouponChange =
  | { kind: 'applied'; message: string }
  | { kind: 'removed'; message: string }
  | { kind: 'refused'; message: string }
  /** The cart's coupon no longer applies (expired, used up, below its minimum) and was taken off. */
  | { kind: 'dropped'; message: string }
  | { kind: 'unchanged' };

interface CartCoupon {
  id: string;
  coupon_code: string | null;
}

async function setCartCoupon(db: Kysely<Database>, cartId: string, code: string | null): Promise<void> {
  await db.updateTable('carts').set({ coupon_code: code, updated_at: new Date() }).where('id', '=', cartId).execute();
}

/**
 * Applies a code to the cart (one coupon per cart), or says why not and leaves the cart as it was. Run it inside
 * the transaction that locked the cart row.
 */
export async function applyCoupon(
  db: Kysely<Database>,
  cart: CartCoupon,
  code: string,
  subtotalCents: number,
  now: Date,
  customer?: CouponCustomer,
): Promise<CouponChange> {
  const current = cart.coupon_code;
  const sameAsCurrent = current !== null && current.toLowerCase() === code.trim().toLowerCase();
  if (current !== null && !sameAsCurrent) return { kind: 'refused', message: couponMessages.onePerCart(current) };
  const coupon = await findCoupon(db, code);
  if (!coupon) return { kind: 'refused', message: couponMessages.unknown };
  // A known shopper hears at once that a once-per-customer coupon was used; the checkout checks again (guests too).
  const refusal = couponRefusal(coupon, subtotalCents, now) ?? (customer ? await customerLimitRefusal(db, coupon, customer) : undefined);
  if (refusal !== undefined) {
    // Re-typing the cart's own coupon once it stopped applying takes it off, so the cart never shows a dead code.
    if (sameAsCurrent) await setCartCoupon(db, cart.id, null);
    return { kind: 'refused', message: refusal };
  }
  if (!sameAsCurrent) await setCartCoupon(db, cart.id, coupon.code);
  return { kind: 'applied', message: couponMessages.applied(coupon.code) };
}

export async function removeCoupon(db: Kysely<Database>, cart: CartCoupon): Promise<CouponChange> {
  if (cart.coupon_code === null) return { kind: 'unchanged' };
  await setCartCoupon(db, cart.id, null);
  return { kind: 'removed', message: couponMessages.removed(cart.coupon_code) };
}

/**
 * Checks the cart's coupon against the cart as it is now: after a quantity change (minimum no longer met), or
 * later (expired, used up), it is taken off with a message saying why.
 */
export async function revalidateCoupon(
  db: Kysely<Database>,
  cart: CartCoupon,
  subtotalCents: number,
  now: Date,
  customer?: CouponCustomer,
): Promise<CouponChange> {
  if (cart.coupon_code === null) return { kind: 'unchanged' };
  const coupon = await findCoupon(db, cart.coupon_code);
  const refusal = coupon
    ? (couponRefusal(coupon, subtotalCents, now) ?? (customer ? await customerLimitRefusal(db, coupon, customer) : undefined))
    : couponMessages.unknown;
  if (refusal === undefined) return { kind: 'unchanged' };
  await setCartCoupon(db, cart.id, null);
  return { kind: 'dropped', message: couponMessages.dropped(cart.coupon_code, refusal) };
}

/**
 * For the checkout: counts one use of the coupon if it still has one left and has not expired, in one statement,
 * so two orders racing for the last use cannot both get it. False means the order must not get the discount.
 */
export async function redeemCoupon(db: Kysely<Database>, code: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where(sql<boolean>`lower(code) = lower(${code})`)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Why this customer may not place another order with the coupon (its per-customer limit reached, counting their live
 * orders by account or by email), or undefined. In the checkout, run it after lockCoupon: two orders of one customer
 * racing for a once-per-customer coupon then count one after the other.
 *
 * An order still waiting for its email's confirmation counts only for the account that placed it, not for the email:
 * anyone can type anyone's email at a guest checkout, and such an order must not spend the owner's use (issue 26).
 * It counts for the email once the owner confirms it (the confirmation checks this again, exceptOrderId being it).
 */
export async function customerLimitRefusal(
  db: Kysely<Database>,
  coupon: Pick<CouponRow, 'id' | 'per_customer_limit'>,
  customer: CouponCustomer,
  exceptOrderId?: number,
): Promise<string | undefined> {
  if (coupon.per_customer_limit === null) return undefined;
  const row = await db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.coupon_id', '=', coupon.id)
    .where((eb) =>
      eb.or([
        eb('r.customer_id', '=', customer.customerId),
        eb.and([eb('r.email_normalized', '=', customer.emailNormalized), eb('o.status', '<>', 'awaiting_confirmation')]),
      ]),
    )
    .where('o.status', 'not in', ['payment_failed', 'canceled'])
    .$if(exceptOrderId !== undefined, (q) => q.where('o.id', '<>', exceptOrderId ?? 0))
    .executeTakeFirstOrThrow();
  return Number(row.n) >= coupon.per_customer_limit ? couponMessages.perCustomer(coupon.per_customer_limit) : undefined;
}

/** Locks the coupon's row until the transaction ends: the per-customer count and the redemption happen under it. */
export async function lockCoupon(db: Kysely<Database>, couponId: number): Promise<void> {
  await db.selectFrom('coupons').select('id').where('id', '=', couponId).forUpdate().execute();
}

/** The order's use of its coupon, counted against the customer's limit while the order lives. */
export async function recordRedemption(db: Kysely<Database>, orderId: number, couponId: number, customer: CouponCustomer): Promise<void> {
  await db
    .insertInto('coupon_redemptions')
    .values({ order_id: orderId, coupon_id: couponId, customer_id: customer.customerId, email_normalized: customer.emailNormalized })
    .execute();
}

/** Takes the coupon off a cart (the checkout, when the customer's limit is reached: the review then shows the real total). */
export async function dropCartCoupon(db: Kysely<Database>, cartId: string): Promise<void> {
  await setCartCoupon(db, cartId, null);
}
