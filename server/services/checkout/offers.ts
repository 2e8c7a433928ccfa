import { speedIds, type SpeedId } from '../../../src/rules/delivery-speeds.ts';
import { handsOver, type DeliveryOptionKind } from '../../../src/rules/dine-in.ts';
import { isVisitSpeed } from '../../../src/rules/speeds.ts';
import type { VendorGroup } from '../cart/cart-view.ts';

/**
 * The offer rule (issue 23): what can be offered where. Shipping options lists, order review prices and place order
 * accepts a speed only through these functions, so nothing is offered that place order refuses, and nothing a crafted
 * request asks for is cheaper than what was offered.
 * - Dine-In (3) only at a partner restaurant or bar, for its dine-in items or a wallet redemption.
 * - Store Pickup (2) only at a seller that hands over at its counter: a partner restaurant whose hours leave a pick-up
 *   time (offersPickUp, src/rules/dine-in.ts: the rule the served areas' restaurants and the Delivery Options screen
 *   go by too), for its pick-up items.
 *   A shop's Same Day items are delivered (the butcher has no counter service in this store).
 * - 1 Hour Delivery (1), Courier (10) and Farm Direct (11) only for items sold in the area of the address they go to.
 * - The shopper's chosen delivery option (the /api/shipping flags) narrows the list; none chosen narrows nothing.
 */

/** What a group's seller really offers for its items, given the area (service_areas loc id) of the destination zip. */
export function groupSpeedIds(group: Pick<VendorGroup, 'speed' | 'vendorKind' | 'wallet' | 'lines' | 'hours'>, area: number): SpeedId[] {
  const restaurant = group.vendorKind === 'restaurant';
  if (group.wallet) return restaurant ? [speedIds.dineIn] : [];
  if (group.speed === 'dine-in') return restaurant ? [speedIds.dineIn] : [];
  if (group.speed === 'pickup') return restaurant && handsOver(group.hours) ? [speedIds.storePickup] : [];
  const inArea = group.lines.every((line) => line.area_loc_id === null || line.area_loc_id === area);
  if (!inArea) return [];
  if (group.speed === 'local') return [speedIds.oneHour];
  return group.speed === 'courier' ? [speedIds.courier] : [speedIds.farmDirect];
}

/** The delivery option a speed belongs to (the Delivery Options screen's three). */
export function optionOfSpeed(id: SpeedId): DeliveryOptionKind {
  if (id === speedIds.dineIn) return 'dine-in';
  if (id === speedIds.storePickup) return 'pick-up';
  return 'delivery';
}

/**
 * The speed ids the whole cart can be ordered with, the primary first: every group must be one its seller offers
 * (else the cart has none). Visit carts (dine-in / pick-up / wallet) go at their one visit speed, never mixed with
 * each other or with deliveries. A cart with Same Day items goes at 1 Hour Delivery, its courier and farm groups
 * shipping on their own; a cart of shipped groups at the speed of one of them (the totals do not depend on which).
 */
export function cartSpeedIds(groups: readonly VendorGroup[], area: number): SpeedId[] {
  if (groups.length === 0) return [];
  const perGroup = groups.map((g) => groupSpeedIds(g, area));
  if (perGroup.some((ids) => ids.length === 0)) return [];
  const visits = new Set(groups.filter((g) => isVisitSpeed(g.speed) && !g.wallet).map((g) => g.speed));
  const wallet = groups.filter((g) => g.wallet);
  const deliveries = groups.filter((g) => !g.wallet && !isVisitSpeed(g.speed));
  if (visits.size > 0) {
    if (visits.size > 1 || deliveries.length > 0) return [];
    if (visits.has('pickup')) return wallet.length > 0 ? [] : [speedIds.storePickup];
    return [speedIds.dineIn];
  }
  // Wallet redemptions are eaten at the restaurant: a cart of nothing else is a dine-in order.
  if (deliveries.length === 0) return [speedIds.dineIn];
  if (deliveries.some((g) => g.speed === 'local')) return [speedIds.oneHour];
  const out: SpeedId[] = [];
  if (deliveries.some((g) => g.speed === 'courier')) out.push(speedIds.courier);
  if (deliveries.some((g) => g.speed === 'farm-direct')) out.push(speedIds.farmDirect);
  return out;
}

/** The flags of /api/shipping as the delivery options they choose; an empty list when none is set. */
export function chosenOptions(flags: { delivery: boolean; pickup: boolean; dineIn: boolean }): DeliveryOptionKind[] {
  const out: DeliveryOptionKind[] = [];
  if (flags.delivery) out.push('delivery');
  if (flags.pickup) out.push('pick-up');
  if (flags.dineIn) out.push('dine-in');
  return out;
}

/** What shipping options lists: the cart's speeds that fit the chosen delivery options (all when none is chosen). */
export function offeredSpeedIds(groups: readonly VendorGroup[], area: number, chosen: readonly DeliveryOptionKind[]): SpeedId[] {
  const ids = cartSpeedIds(groups, area);
  return chosen.length === 0 ? ids : ids.filter((id) => chosen.includes(optionOfSpeed(id)));
}

export const offerMessages = {
  speedNotOffered: 'This delivery speed is not available for the items in your cart.',
  notSoldHere: (seller: string) => `${seller}'s items are not sold for this address. Please update your cart.`,
  visitWithOthers: (seller: string, visit: string) =>
    `${seller}'s ${visit} items cannot be ordered with items to deliver, or with another visit: remove them, or the others, in your cart.`,
  optionNotOffered: 'The items in your cart are not sold for this delivery option. Please change the Delivery Options or your cart.',
  retailerNotOffered: 'Please choose one of the shops your items come from.',
} as const;

/** Why place order or order review refuses the speed (the field is speed_id), or undefined when it is offered. */
export function speedRefusal(groups: readonly VendorGroup[], area: number, speedId: SpeedId): string | undefined {
  return cartSpeedIds(groups, area).includes(speedId) ? undefined : offerMessages.speedNotOffered;
}

/** The shops a Store Pickup or Dine-In order can name as its retailer: the cart's visit groups' restaurants. */
export function retailerLocIds(groups: readonly VendorGroup[], speedId: SpeedId): number[] {
  if (speedId !== speedIds.storePickup && speedId !== speedIds.dineIn) return [];
  return groups.filter((g) => g.wallet || isVisitSpeed(g.speed)).map((g) => g.locId);
}

/**
 * Why shipping options lists no speed for the cart (walk 6 #3: the speed tab said only 'No delivery option is
 * available for this cart.', and Try again gave the same answer): the seller whose items are not sold here, the
 * Dine-In or Pick-Up group that cannot go with the rest, or the chosen delivery option. Undefined when one is offered.
 */
export function noSpeedReason(groups: readonly VendorGroup[], area: number, chosen: readonly DeliveryOptionKind[]): string | undefined {
  if (offeredSpeedIds(groups, area, chosen).length > 0 || groups.length === 0) return undefined;
  const unsold = groups.find((g) => groupSpeedIds(g, area).length === 0);
  if (unsold) return offerMessages.notSoldHere(unsold.vendorName);
  const visit = groups.find((g) => !g.wallet && isVisitSpeed(g.speed));
  if (visit && cartSpeedIds(groups, area).length === 0)
    return offerMessages.visitWithOthers(visit.vendorName, visit.speed === 'dine-in' ? 'Dine-In' : 'Pick-Up');
  return offerMessages.optionNotOffered;
}
