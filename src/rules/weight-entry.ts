import { formatPounds, gramsPerPound } from './catch-weight.ts';
import { formatWeight } from './sizes.ts';

/**
 * The packing screen's weights, typed the American way (issue 24): a US butcher's scale reads pounds with decimals
 * ('1.02'), sometimes pounds and ounces ('1 lb 2 oz') or ounces alone ('18 oz'). The server keeps what it always
 * kept, whole grams (order_items.weighed_grams), so the conversion happens here, once, for the console to send.
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

/** Pounds (with decimals, '1.02', '1.02 lb'), pounds and ounces ('1 lb 2 oz') or ounces ('18 oz') → whole grams. */
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

/** Pounds to the whole grams the server stores (to the nearest gram: 1.02 lb → 463 g). */
export function poundsToGrams(pounds: number): number {
  return Math.round(pounds * gramsPerPound);
}

/** A console line's size: a line sold by weight in pounds ('1.1 lb', as the shopper's estimate reads), any other as the catalogue's. */
export function lineSizeLabel(bottleSize: number, byWeight: boolean): string {
  return byWeight ? formatPounds(bottleSize) : formatWeight(bottleSize);
}
