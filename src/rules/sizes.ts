import { formatMoney } from './money.ts';

/** Sizes are weights in grams; the spec sorts them numerically and hides size 0. */
export interface Sized {
  bottle_size: number;
  price: string;
}

export function visibleSizesSorted<T extends Sized>(sizes: readonly T[]): T[] {
  return sizes.filter((s) => s.bottle_size > 0).sort((a, b) => a.bottle_size - b.bottle_size);
}

/** The lowest price among a product's sizes (size 0 included: it is the product's only price). */
export function lowestPrice(sizes: readonly Sized[]): string | undefined {
  let best: { cents: number; price: string } | undefined;
  for (const size of sizes) {
    const cents = Math.round(Number(size.price) * 100);
    if (!Number.isFinite(cents)) continue;
    if (!best || cents < best.cents) best = { cents, price: size.price };
  }
  return best?.price;
}

/** Card label: 'from $x' when sizes differ in price, the price itself when there is one. */
export function cardPriceLabel(sizes: readonly Sized[]): string | undefined {
  const low = lowestPrice(sizes);
  if (low === undefined) return undefined;
  const distinct = new Set(sizes.map((s) => s.price));
  return distinct.size > 1 ? `from ${formatMoney(low)}` : formatMoney(low);
}

/** What a product's bottle_size counts: grams for food, millilitres for drinks. */
export const sizeUnits = ['g', 'ml'] as const;
export type SizeUnit = (typeof sizeUnits)[number];

/** A size as shoppers read it: formatWeight for grams; 750 → '750 ml', 1000 → '1 L', 1750 → '1.75 L' for drinks. */
export function formatSize(amount: number, unit: SizeUnit): string {
  if (unit === 'g') return formatWeight(amount);
  if (amount >= 1000) return `${Number((amount / 1000).toFixed(2))} L`;
  return `${amount} ml`;
}

/** 250 → '250 g', 1000 → '1 kg', 1500 → '1.5 kg'. */
export function formatWeight(grams: number): string {
  if (grams >= 1000) return `${Number((grams / 1000).toFixed(2))} kg`;
  return `${grams} g`;
}
