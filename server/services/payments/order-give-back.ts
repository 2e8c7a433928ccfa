import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What an order that will not be fulfilled gives back, in the caller's transaction: a declined payment
 * (payments/order-payment.ts) and an unconfirmed pay-on-delivery order (unconfirmed-orders.ts) both use these.
 */

/** The order's units back on their offers' stock (wallet lines took none); the number of units returned. */
export async function returnStock(trx: Kysely<Database>, orderId: number): Promise<number> {
  const items = await trx
    .selectFrom('order_items')
    .select(['offer_id', 'qty'])
    .where('order_id', '=', orderId)
    .where('wallet_entry_id', 'is', null)
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

export interface FreedSeat {
  loc_id: number;
  slot_template_id: number;
  delivery_date: string;
}

/** The driver slot seats the order booked, freed; the seats, for a caller that holds them again for the cart. */
export async function releaseBookedSeats(trx: Kysely<Database>, orderId: number): Promise<FreedSeat[]> {
  const deliverables = await trx
    .selectFrom('order_deliverables')
    .select(['loc_id', 'slot_template_id', 'delivery_date'])
    .where('order_id', '=', orderId)
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
export async function returnCouponUse(trx: Kysely<Database>, couponCode: string | null): Promise<void> {
  if (couponCode === null) return;
  await trx
    .updateTable('coupons')
    .set({ used_count: sql<number>`greatest(used_count - 1, 0)` })
    .where(sql<boolean>`lower(code) = lower(${couponCode})`)
    .execute();
}
