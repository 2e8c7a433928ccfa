import { speedOptionOf, type SpeedId } from './delivery-speeds.ts';

/** A shop as the speed step names it (the shipping reply's retailer). */
export interface SpeedSeller {
  id: number;
  name: string;
  /** Miles from the delivery address to the shop; null when unknown. */
  distance: number | null;
}

/**
 * The shops whose lines the chosen speed covers (decision 082 left the tab naming one for a two-seller cart): at
 * Store Pickup and Dine-In (speeds 2, 3) the shopper picks the shop, so the one picked; a delivery (1 Hour Delivery,
 * Courier, Farm Direct) brings every seller's lines, so every shop the speed lists, in the server's order.
 */
export function sellersOfSpeed<S extends SpeedSeller>(speed: { id: SpeedId; retailers: readonly S[] }, retailerId: number | undefined): S[] {
  if (speedOptionOf(speed.id).choice === 'retailer') return speed.retailers.filter((r) => r.id === retailerId);
  return [...speed.retailers];
}

/** 'Hudson Street Butchers (1.2 mi)', or the name alone when the distance is unknown. */
export function sellerLabel(seller: SpeedSeller): string {
  return seller.distance === null ? seller.name : `${seller.name} (${seller.distance} mi)`;
}

/**
 * A seller's own delivery fee on its date block of the speed tab (walk 3 defect 11: two Same Day sellers read one
 * 'Delivery Fees' with no share of their own): its group's fee as the server priced the cart, so the blocks add up to
 * the cart's Delivery Fee. None for a Same Day group picked up or eaten in (speeds 2, 3): nobody drives it, and order
 * review takes its fee off.
 */
export function sellerBlockFee(group: { type: string; delivery_fee: string }, speedId: SpeedId): string | undefined {
  if (group.type === 'local' && speedOptionOf(speedId).choice === 'retailer') return undefined;
  return group.delivery_fee;
}
