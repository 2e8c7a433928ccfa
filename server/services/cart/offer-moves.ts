import type { Kysely } from 'kysely';
import { maxQuantity } from '../../../src/rules/quantity.ts';
import { isVisitSpeed, speedValues, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';

/** A cart line the move's target sells as another offer of the same size: the line moves to that offer. */
export interface OfferMove {
  lineId: number;
  offerId: number;
  /** The offer's price: the line's from now on (the question names it when it differs). */
  priceCents: number;
  /**
   * The quantity the line moves with: its own, capped at what the offer has in stock (and 24) beside what the cart
   * holds of it already; 0 when none is left, so the line cannot move (the question names both).
   */
  qty: number;
}

/** A line the target cannot sell as it is. */
export interface UnsoldLine {
  id: number;
  /** A wallet redemption (decision 017): never moved to another offer. */
  wallet: boolean;
}

/** Where the cart is going: the area, the option's speeds and, for Dine-In or Pick-Up, the chosen restaurant. */
export interface MoveTarget {
  areaLocId: number;
  speeds: readonly SpeedValue[];
  restaurant: number | undefined;
}

interface Candidate extends Omit<OfferMove, 'qty'> {
  speed: SpeedValue;
  stock: number;
  /** The line's quantity now. */
  lineQty: number;
  /** What the cart's lines that stay where they are hold of the offer already (a moved line adds to it). */
  held: number | string | null;
}

/**
 * Which unsold lines move to another offer of their size, in one statement:
 * - to a chosen restaurant (Dine-In or Pick-Up, decision 081): its offer at the option's speed, whoever sold the line;
 * - to Delivery: a restaurant's line (dine-in or pick-up), or a delivery line of another area (a new zip in the header),
 *   whose size is sold for delivery in the area, to the offer the product page there would sell it at (the first speed
 *   in the SPEED dropdown's order with stock, the cheapest with stock).
 * A line moves with no more than the offer has in stock (and 24) beside what the cart holds of it already, the lines
 * moving to one offer served in the cart's order; among the offers at the product page's speed it takes the first
 * with enough for its quantity (enoughOrMost); a line for which nothing is left moves with 0 (it cannot move).
 * A visit without a restaurant (the pincode dialog keeping Dine-In or Pick-Up) moves nothing, and a wallet line never
 * moves: such lines stay exactly as chosen or are listed as leaving.
 */
export async function offerMovesFor(trx: Kysely<Database>, cartId: string, unsold: readonly UnsoldLine[], target: MoveTarget): Promise<OfferMove[]> {
  const toDelivery = target.restaurant === undefined && !target.speeds.some(isVisitSpeed);
  const movable = unsold.filter((line) => !line.wallet && (target.restaurant !== undefined || toDelivery));
  if (movable.length === 0) return [];
  const movableIds = movable.map((line) => line.id);
  let query = trx
    .selectFrom('cart_items')
    .innerJoin('variant_offers', 'variant_offers.variant_id', 'cart_items.variant_id')
    .select([
      'cart_items.id as lineId',
      'variant_offers.id as offerId',
      'variant_offers.price_cents as priceCents',
      'variant_offers.speed',
      'variant_offers.stock',
      'cart_items.qty as lineQty',
      (eb) =>
        eb
          .selectFrom('cart_items as staying')
          .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('staying.qty'), sub.lit(0)).as('held'))
          .whereRef('staying.cart_id', '=', 'cart_items.cart_id')
          .whereRef('staying.offer_id', '=', 'variant_offers.id')
          .where('staying.wallet_entry_id', 'is', null)
          .where('staying.id', 'not in', movableIds)
          .as('held'),
    ])
    .where('cart_items.cart_id', '=', cartId)
    .where('cart_items.wallet_entry_id', 'is', null)
    .where('cart_items.id', 'in', movableIds)
    .where('variant_offers.speed', 'in', [...target.speeds])
    .where((eb) => eb.or([eb('variant_offers.area_loc_id', '=', target.areaLocId), eb('variant_offers.area_loc_id', 'is', null)]));
  if (target.restaurant !== undefined) query = query.where('variant_offers.loc_id', '=', target.restaurant);
  const candidates: Candidate[] = await query.execute();
  candidates.sort(byProductPageChoice);
  const perLine = new Map<number, Candidate[]>();
  for (const candidate of candidates) perLine.set(candidate.lineId, [...(perLine.get(candidate.lineId) ?? []), candidate]);
  // What each offer holds once the lines before have moved to it (a sum may come back as a string: bigint).
  const taken = new Map<number, number>();
  const room = (c: Candidate) => Math.max(0, Math.min(maxQuantity, c.stock) - (taken.get(c.offerId) ?? Number(c.held ?? 0)));
  return [...perLine.entries()]
    .sort(([a], [b]) => a - b)
    .map(([lineId, offers]) => {
      const chosen = enoughOrMost(offers, room);
      const before = taken.get(chosen.offerId) ?? Number(chosen.held ?? 0);
      const qty = Math.min(chosen.lineQty, room(chosen));
      taken.set(chosen.offerId, before + qty);
      return { lineId, offerId: chosen.offerId, priceCents: chosen.priceCents, qty };
    });
}

/**
 * A line's offer among its candidates (in the product page's order, never empty): at the speed the product page
 * picks, the first with room for the whole line, so a line is not capped at the first offer's stock while another
 * seller at that speed has enough; when none has, the one with the most room (the first of equals): it is capped.
 */
function enoughOrMost(offers: readonly Candidate[], room: (c: Candidate) => number): Candidate {
  const [first, ...rest] = offers;
  if (!first) throw new RangeError('a line without candidates');
  const sameSpeed = [first, ...rest.filter((c) => c.speed === first.speed)];
  const enough = sameSpeed.find((c) => room(c) >= c.lineQty);
  if (enough) return enough;
  return sameSpeed.reduce((best, c) => (room(c) > room(best) ? c : best), first);
}

/** As the product page picks a size's offer (rules/product-options.ts): stock first, then speed order, price, id. */
function byProductPageChoice(a: Candidate, b: Candidate): number {
  return (
    Number(b.stock > 0) - Number(a.stock > 0) ||
    speedValues.indexOf(a.speed) - speedValues.indexOf(b.speed) ||
    a.priceCents - b.priceCents ||
    a.offerId - b.offerId
  );
}

/**
 * The lines move to their new offers with the quantity offerMovesFor allowed (its price from now on; no delivery date
 * or slot: a visit has none, and a delivery's is chosen for its seller at checkout). A line of that offer already in
 * the cart takes the quantity instead, as adding to the cart would. Moves with 0 are not made (the caller drops them).
 */
export async function moveToOffers(trx: Kysely<Database>, cartId: string, moves: readonly OfferMove[]): Promise<void> {
  for (const move of moves) {
    if (move.qty === 0) continue;
    const existing = await trx
      .selectFrom('cart_items')
      .select(['id', 'qty'])
      .where('cart_id', '=', cartId)
      .where('offer_id', '=', move.offerId)
      .where('wallet_entry_id', 'is', null)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('cart_items')
        .set({ qty: Math.min(maxQuantity, existing.qty + move.qty) })
        .where('id', '=', existing.id)
        .execute();
      await trx.deleteFrom('cart_items').where('id', '=', move.lineId).execute();
    } else {
      await trx
        .updateTable('cart_items')
        .set({ offer_id: move.offerId, qty: move.qty, delivery_date: null, timeslot: null })
        .where('id', '=', move.lineId)
        .execute();
    }
  }
}
