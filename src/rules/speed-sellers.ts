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
