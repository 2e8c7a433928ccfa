import { sql, type Kysely } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { giveBackRedemptions } from '../wallet/wallet-redemption.ts';

/**
 * What an order that will not be fulfilled gives back, in the caller's transaction: its stock, driver slot seats,
 * wallet units and coupon use; or one seller's part of it, refused while the rest goes on (giveBackPart). One home for both orders that end unpaid: a declined payment (failOrder in
 * order-payment.ts) and an unconfirmed pay-on-delivery order (checkout/unconfirmed-orders.ts). It sits in payments,
 * below checkout, because payments settles orders and checkout calls payments, never the other way round.
 */

/** Where the freed seats are held again: the order's cart, so the shopper can pay again without choosing the slot. */
export interface SeatHold {
  cartId: string;
  until: Date;
}

/**
 * Which of the order's parts (order_deliverables) give back: one seller's refused part while the rest goes on
 * (`only`), or the whole order but the parts refused before, which gave theirs back then (`except`).
 */
type PartsGiving = { only: { id: number } } | { except: readonly number[] };

/**
 * Gives back everything the order took, always in this order: stock, slot seats (held again for the cart when
 * `holdSeats` is given), wallet units, the coupon's use. Parts refused earlier (`givenBack`: giveBackPart ran for
 * them) are skipped. Returns the units of stock returned.
 */
export async function giveBackOrder(
  trx: Kysely<Database>,
  order: { id: number; coupon_code: OrdersTable['coupon_code'] },
  holdSeats?: SeatHold,
  givenBack: readonly number[] = [],
): Promise<number> {
  // Wallet lines took no stock (returnStock skips them): their units go back to the wallet instead.
  const units = await returnStock(trx, order.id, { except: givenBack });
  const freed = await releaseBookedSeats(trx, order.id, { except: givenBack });
  if (holdSeats) await holdAgain(trx, freed, holdSeats);
  await giveBackRedemptions(trx, order.id);
  await returnCouponUse(trx, order.coupon_code);
  return units;
}

/**
 * What one seller's part gives back when they refuse it while the rest of the order goes on: its stock, its driver
 * slot seat and the wallet units redeemed at its location. The coupon's use stays: the order still uses it.
 */
export async function giveBackPart(trx: Kysely<Database>, orderId: number, part: { id: number; loc_id: number }): Promise<number> {
  const units = await returnStock(trx, orderId, { only: part });
  await releaseBookedSeats(trx, orderId, { only: part });
  await giveBackRedemptions(trx, orderId, part.loc_id);
  return units;
}

async function holdAgain(trx: Kysely<Database>, seats: readonly FreedSeat[], hold: SeatHold): Promise<void> {
  for (const seat of seats) {
    await trx
      .insertInto('slot_holds')
      .values({
        cart_id: hold.cartId,
        loc_id: seat.loc_id,
        template_id: seat.slot_template_id,
        slot_date: seat.delivery_date,
        expires_at: hold.until,
      })
      .onConflict((oc) => oc.constraint('slot_holds_cart_group_unique').doNothing())
      .execute();
  }
}

/** The order's (or its parts') units back on their offers' stock (wallet lines took none); the number of units returned. */
async function returnStock(trx: Kysely<Database>, orderId: number, parts: PartsGiving): Promise<number> {
  const { only, except } = partIds(parts);
  const items = await trx
    .selectFrom('order_items')
    .select(['offer_id', 'qty'])
    .where('order_id', '=', orderId)
    .where('wallet_entry_id', 'is', null)
    .$if(only !== undefined, (q) => q.where('deliverable_id', '=', only ?? 0))
    .$if(except.length > 0, (q) => q.where('deliverable_id', 'not in', except))
    .orderBy('offer_id')
    .execute();
  for (const item of items) {
    await trx
      .updateTable('variant_offers')
      .set((eb) => ({ stock: eb('stock', '+', item.qty) }))
      .where('id', '=', item.offer_id)
      .execute();
  }
  return items.reduce((sum, item) => sum + item.qty, 0);
}

interface FreedSeat {
  loc_id: number;
  slot_template_id: number;
  delivery_date: string;
}

/** The driver slot seats the order (or its parts) booked, freed; the seats, for giveBackOrder to hold again for the cart. */
async function releaseBookedSeats(trx: Kysely<Database>, orderId: number, parts: PartsGiving): Promise<FreedSeat[]> {
  const { only, except } = partIds(parts);
  const deliverables = await trx
    .selectFrom('order_deliverables')
    .select(['loc_id', 'slot_template_id', 'delivery_date'])
    .where('order_id', '=', orderId)
    .$if(only !== undefined, (q) => q.where('id', '=', only ?? 0))
    .$if(except.length > 0, (q) => q.where('id', 'not in', except))
    .execute();
  const freed: FreedSeat[] = [];
  for (const d of deliverables) {
    if (d.slot_template_id === null || d.delivery_date === null) continue;
    await trx
      .updateTable('driver_slots')
      .set({ booked: sql<number>`greatest(booked - 1, 0)` })
      .where('template_id', '=', d.slot_template_id)
      .where('slot_date', '=', d.delivery_date)
      .execute();
    freed.push({ loc_id: d.loc_id, slot_template_id: d.slot_template_id, delivery_date: d.delivery_date });
  }
  return freed;
}

/** The coupon's use counted back (its per-customer redemption stops counting with the order's status). */
async function returnCouponUse(trx: Kysely<Database>, couponCode: string | null): Promise<void> {
  if (couponCode === null) return;
  await trx
    .updateTable('coupons')
    .set({ used_count: sql<number>`greatest(used_count - 1, 0)` })
    .where(sql<boolean>`lower(code) = lower(${couponCode})`)
    .execute();
}

/** The part to narrow to, and the parts to leave out, of a PartsGiving. */
function partIds(parts: PartsGiving): { only: number | undefined; except: number[] } {
  return 'only' in parts ? { only: parts.only.id, except: [] } : { only: undefined, except: [...parts.except] };
}
