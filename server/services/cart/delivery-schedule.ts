import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockOwnCart } from './carts.ts';
import { deliveryDateRefusal, vendorCalendars } from './delivery-dates.ts';
import type { Caller } from '../platform/caller.ts';
import { holdSlot, releaseSlot, slotMessages } from './slots.ts';

export interface ScheduleRequest {
  cartId: string;
  /** The vendor group: one vendor location of the cart. */
  locId: number;
  date: string;
  /** Same Day only; null or absent saves the date alone and gives up any seat held. */
  slotId: number | null;
}

export type ScheduleOutcome = { kind: 'saved' } | { kind: 'refused'; message: string } | { kind: 'not-found' };

/**
 * Saves a vendor group's delivery date (and Same Day slot, holding a seat for 15 minutes). Everything is checked
 * before anything is written, in one transaction with the cart locked: a refusal leaves the cart as it was.
 */
export async function scheduleDelivery(
  db: Kysely<Database>,
  caller: Caller | undefined,
  request: ScheduleRequest,
  now: Date,
): Promise<ScheduleOutcome> {
  return db.transaction().execute(async (trx): Promise<ScheduleOutcome> => {
    const cart = await lockOwnCart(trx, request.cartId, caller);
    if (!cart) return { kind: 'not-found' };
    const group = await trx
      .selectFrom('cart_items')
      .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
      .innerJoin('vendor_locations', 'vendor_locations.id', 'variant_offers.loc_id')
      .select(['variant_offers.speed', 'vendor_locations.vendor_id'])
      .where('cart_items.cart_id', '=', cart.id)
      .where('variant_offers.loc_id', '=', request.locId)
      .limit(1)
      .executeTakeFirst();
    // No line of this seller in the cart: nothing to schedule, and nothing to reveal.
    if (!group) return { kind: 'not-found' };

    const calendar = (await vendorCalendars(trx, [group.vendor_id])).get(group.vendor_id);
    if (!calendar) return { kind: 'not-found' };
    const refusal = deliveryDateRefusal(request.date, group.speed, calendar, now);
    if (refusal !== undefined) return { kind: 'refused', message: refusal };

    if (request.slotId !== null) {
      if (group.speed !== 'local') return { kind: 'refused', message: slotMessages.noSlotsAtSpeed };
      const held = await holdSlot(trx, { cartId: cart.id, locId: request.locId, date: request.date, templateId: request.slotId }, now);
      if (held.kind === 'refused') return held;
    } else {
      await releaseSlot(trx, cart.id, request.locId);
    }
    await trx
      .insertInto('cart_deliveries')
      .values({ cart_id: cart.id, loc_id: request.locId, delivery_date: request.date })
      .onConflict((oc) => oc.columns(['cart_id', 'loc_id']).doUpdateSet({ delivery_date: request.date, updated_at: new Date() }))
      .execute();
    await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cart.id).execute();
    return { kind: 'saved' };
  });
}
