import { formatPounds, gramsPerPound, weightMarginPercent } from './weight-estimate.ts';
import { formatSize, type SizeUnit } from './sizes.ts';

/**
 * The packing screen's weights, typed the American way (issue 24): a US butcher's scale reads pounds with decimals
 * ('1.02'), sometimes pounds and ounces ('1 lb 2 oz') or ounces alone ('18 oz'). The server keeps grams
 * (order_items.weighed_grams), so the conversion happens here, once, for the console to send: to the milligram, not
 * the gram, so the charge is priced from the weight as entered (1.00 lb is 453.592 g, not 454 g: $41.63, not $41.67).
 */

export const ouncesPerPound = 16;

/** The heaviest line the console accepts, as the server's limit (100 kg) reads in pounds. */
export const maxPounds = 220;

export type WeightEntry = { ok: true; grams: number } | { ok: false; message: string };

export const weightEntryMessages = {
  unreadable: "Type the scale's weight in pounds, such as 1.02 (or 1 lb 2 oz).",
  tooLight: 'A weight must be more than 0 lb.',
  tooHeavy: `A weight must be at most ${maxPounds} lb.`,
} as const;

const number = String.raw`(\d{1,3}(?:\.\d{1,3})?|\.\d{1,3})`;
const poundsOnly = new RegExp(String.raw`^${number}\s*(?:lbs?|#)?$`);
const ouncesOnly = new RegExp(String.raw`^${number}\s*oz$`);
const poundsAndOunces = new RegExp(String.raw`^(\d{1,3})\s*(?:lbs?|#)\s*${number}\s*oz$`);

/** Pounds (with decimals, '1.02', '1.02 lb'), pounds and ounces ('1 lb 2 oz') or ounces ('18 oz') → grams (to the milligram). */
export function parseWeightEntry(text: string): WeightEntry {
  const typed = text.trim().toLowerCase().replace(/,/g, '.');
  let pounds: number | undefined;
  const both = poundsAndOunces.exec(typed);
  const ounces = ouncesOnly.exec(typed);
  const plain = poundsOnly.exec(typed);
  if (both) pounds = Number(both[1]) + Number(both[2]) / ouncesPerPound;
  else if (ounces) pounds = Number(ounces[1]) / ouncesPerPound;
  else if (plain) pounds = Number(plain[1]);
  if (pounds === undefined || !Number.isFinite(pounds)) return { ok: false, message: weightEntryMessages.unreadable };
  if (pounds > maxPounds) return { ok: false, message: weightEntryMessages.tooHeavy };
  const grams = poundsToGrams(pounds);
  if (grams < 1) return { ok: false, message: weightEntryMessages.tooLight };
  return { ok: true, grams };
}

/** Grams are sent and stored to the milligram: three decimals. */
export const gramDecimals = 3;

/** Pounds to the grams the server stores, to the milligram (1.02 lb → 462.664 g; 1.00 lb → 453.592 g). */
export function poundsToGrams(pounds: number): number {
  const scale = 10 ** gramDecimals;
  return Math.round(pounds * gramsPerPound * scale) / scale;
}

/** Whether a number of grams is one the console sends: at most three decimals (a milligram). */
export function isMilligramPrecise(grams: number): boolean {
  const scaled = grams * 10 ** gramDecimals;
  return Number.isFinite(scaled) && Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * A console line's size: a product sold by weight in pounds ('1.1 lb', as the shopper's estimate reads), any other as
 * the catalogue's in its own unit ('750 ml', '1 kg'). By the product, not by whether the line is still to weigh: a
 * proposed substitute left a salmon line reading '(500 g)' where it read '(1.1 lb)'. A weighed line of several pieces
 * reads its whole weight, the one its field takes (QA walk 9 #3: '2 × Filet Mignon (0.6 lb)' was weighed as one
 * filet and charged so): 'about 1.1 lb for 2 pieces', as the cart's 'about 1.1 lb' for the two.
 */
export function lineSizeLabel(bottleSize: number, soldByWeight: boolean, unit: SizeUnit, qty = 1): string {
  if (soldByWeight && qty > 1) return `about ${formatPounds(bottleSize * qty)} for ${qty} pieces`;
  return soldByWeight ? formatPounds(bottleSize) : formatSize(bottleSize, unit);
}

/** A weighed line's field: the whole line's weight, said so when it has several pieces (all on the scale together). */
export function weightFieldLabel(productName: string, qty: number): string {
  return qty > 1 ? `Total weight of all ${qty} × ${productName} (lb)` : `Weight of ${productName} (lb)`;
}

/** What a weighed line's field says under it before a weight is typed. */
export function weightFieldHint(qty: number): string {
  const pounds = 'Pounds, such as 1.02 (or 1 lb 2 oz)';
  return qty > 1 ? `All ${qty} pieces together. ${pounds}` : pounds;
}

/**
 * The bounds of a weight the console takes without asking, against the line's nominal weight (its estimate): below
 * 70 % (a piece forgotten on the scale, one piece weighed for several) or above the margin's reach (+10 %: what is
 * heavier is not charged, decision 039), the seller is asked to check before packing, as a mark-out asks.
 */
export const plausibleWeight = { leastShare: 0.7, mostShare: 1 + weightMarginPercent / 100 } as const;

/** A weight typed far from its line's estimate: the line, what it should weigh about and what was typed. */
export interface FarWeight {
  productName: string;
  qty: number;
  nominalGrams: number;
  weighedGrams: number;
  far: 'light' | 'heavy';
}

/** Whether a weight is far from the nominal one (plausibleWeight), and which way; undefined when it is plausible. */
export function weightFarFrom(nominalGrams: number, weighedGrams: number): FarWeight['far'] | undefined {
  if (nominalGrams <= 0) return undefined;
  const share = weighedGrams / nominalGrams;
  if (share < plausibleWeight.leastShare) return 'light';
  // Rounded to the milligram the weights are sent in, so a weight exactly at the margin is not asked about.
  if (share > plausibleWeight.mostShare + 1e-9) return 'heavy';
  return undefined;
}

/** A console line as its weight needs it. */
export interface WeighedLine {
  id: number;
  product_name: string;
  qty: number;
  bottle_size: number;
  by_weight: boolean;
}

/** The weights typed (by line id) that are readable and far from their line's estimate: packing asks about them first. */
export function farWeights(lines: readonly WeighedLine[], typed: Readonly<Record<number, string>>): FarWeight[] {
  return lines.flatMap((line) => {
    if (!line.by_weight || line.bottle_size <= 0) return [];
    const entry = parseWeightEntry(typed[line.id] ?? '');
    const far = entry.ok ? farWeightOf(line, entry.grams) : undefined;
    return far ? [far] : [];
  });
}

/**
 * One line's weight against its whole estimate (its size × its pieces), when it is far from it (weightFarFrom): the
 * console's question and the server's refusal of an unconfirmed far weight read the same (order-transitions.ts).
 */
export function farWeightOf(line: Pick<WeighedLine, 'product_name' | 'qty' | 'bottle_size'>, grams: number): FarWeight | undefined {
  const nominalGrams = line.bottle_size * line.qty;
  const far = weightFarFrom(nominalGrams, grams);
  return far ? { productName: line.product_name, qty: line.qty, nominalGrams, weighedGrams: grams, far } : undefined;
}
