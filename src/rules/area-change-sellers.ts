import type { AreaChangeLine } from './area-change.ts';

/**
 * The question's words for lines that change seller with the move (QA walk: a new pincode moved lines to Halsted Meat
 * Market, and dropped the Same Day date and slot chosen, without a word). Only the lazily loaded question imports
 * this file, so the store's first load does not carry it.
 */
export function sellerChangeWords(target: string) {
  return {
    heading: `Some items come from another seller with ${target}:`,
    dates: 'Their delivery date and time will be chosen again.',
  };
}

/** 'USDA Prime Ribeye Steak comes from Halsted Meat Market there' (the size too when two such lines share a name). */
export function sellerChangeLines(keep: readonly AreaChangeLine[]): string[] {
  const moved = keep.flatMap(({ name, size, new_seller }) => (new_seller === undefined ? [] : [{ name, size, seller: new_seller }]));
  const shared = (name: string) => moved.filter((line) => line.name === name).length > 1;
  return moved.map((line) => `${shared(line.name) ? `${line.name}, ${line.size}` : line.name} comes from ${line.seller} there`);
}
