import { centsToDollars, dollarsToCents, formatMoney } from './money.ts';
import type { SpeedValue } from './speeds.ts';

/**
 * The estimate of a product sold by weight, in the shopper's words (decision 039; the rest of the rule is in
 * catch-weight.ts). Apart so the store home's cards take only this into the first load.
 */

/** The margin over the estimate the card is authorised for, and the most a weighed line can cost above it. */
export const weightMarginPercent = 10;

export const gramsPerPound = 453.59237;

/** A weight as the shopper reads it: pounds with one decimal ('1.1 lb'). */
export function formatPounds(grams: number): string {
  return `${(grams / gramsPerPound).toFixed(1)} lb`;
}

/** A weighed weight as the seller and the shopper read it: pounds to the hundredth ('1.02 lb'), as the scale shows. */
export function formatWeighedPounds(grams: number): string {
  return `${(grams / gramsPerPound).toFixed(2)} lb`;
}

/** The product card's, product page's and cart's words for a line sold by weight: 'about 1.1 lb, est. $18.40'. */
export function estimateLabel(nominalGrams: number, estimateCents: number): string {
  return `about ${formatPounds(nominalGrams)}, est. ${formatMoney(centsToDollars(estimateCents))}`;
}

/**
 * When a weighed line's weight is taken, by its offer's speed (QA walk 7 #5, #8: a steak served at a restaurant's table
 * was 'charged at the weight packed'): served at a restaurant's table, handed over at its counter, else packed. The
 * cart, the product page and cards take it here; the order page and mails by hand-over (catch-weight.ts weighedAtWords).
 */
export const weighedAt = (speed: SpeedValue | undefined): string => (speed === 'dine-in' ? 'served' : speed === 'pickup' ? 'handed over' : 'packed');

/**
 * A cart line's weight and estimate ('about 2.2 lb, est. $36.80, charged at the weight packed (at most +10%)'), the
 * weight in its hand-over's words (its speed: 'type'), or undefined for a line not sold by weight.
 */
export function lineEstimate(line: {
  sold_by_weight?: boolean | undefined;
  bottle_size: number;
  qty: number;
  rowTotalCents: number;
  type?: SpeedValue | undefined;
}): string | undefined {
  if (!line.sold_by_weight || line.bottle_size <= 0 || line.qty <= 0) return undefined;
  return `${estimateLabel(line.bottle_size * line.qty, line.rowTotalCents)}, charged at the weight ${weighedAt(line.type)} (at most +${weightMarginPercent}%)`;
}

/**
 * A product card's estimate (listings, home, similar items): its cheapest size's lineEstimate, in the cart's words;
 * undefined for a product not sold by weight or with no sized offer.
 */
export function cardEstimate(product: {
  sold_by_weight?: boolean | undefined;
  child: readonly { bottle_size: number; price: string }[];
  /** The offer speeds the card stands for: a restaurant's Dine-In or Pick-Up catalogue card speaks of its hand-over. */
  speed_types?: readonly SpeedValue[] | undefined;
}): string | undefined {
  if (!product.sold_by_weight) return undefined;
  let cheapest: { bottle_size: number; cents: number } | undefined;
  for (const size of product.child) {
    const cents = dollarsToCents(size.price);
    if (size.bottle_size <= 0 || cents === undefined) continue;
    if (!cheapest || cents < cheapest.cents) cheapest = { bottle_size: size.bottle_size, cents };
  }
  // One hand-over's words only when every speed the card stands for is that one (a delivery card stays a delivery's).
  const speeds = new Set(product.speed_types);
  const type = speeds.size === 1 ? [...speeds][0] : undefined;
  return cheapest && lineEstimate({ sold_by_weight: true, bottle_size: cheapest.bottle_size, qty: 1, rowTotalCents: cheapest.cents, type });
}
