import { catalogueSpeeds, type SpeedValue } from './speeds.ts';

/**
 * Which promotions the store home shows (storefront.md "Store home": banner carousel and ads). An ad speaks of some
 * offer speeds ('Free delivery over $75' of Same Day delivery, 'Next-day cold-chain delivery' of the courier, 'Farm
 * Direct: order by Thursday…' of the farms), or of none in particular (null). The home shows it only to a shopper
 * whose catalogue holds those speeds (catalogueSpeeds): a delivery shopper every delivery ad, a Dine-In or Pick-Up
 * shopper only what is about their visit, never a delivery promotion.
 */
export function promoApplies(promoSpeeds: readonly SpeedValue[] | null, courierType: SpeedValue | undefined): boolean {
  if (promoSpeeds === null) return true;
  const shown = catalogueSpeeds(courierType);
  return promoSpeeds.some((speed) => shown.includes(speed));
}
