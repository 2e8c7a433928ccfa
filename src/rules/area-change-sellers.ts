import type { AreaChangeLine } from './area-change.ts';
import type { DeliveryOptionKind } from './dine-in.ts';

/** What is chosen again for a moved line's new seller, in the words of the option the cart goes to (QA walk 3). */
const timeChosenAgain: Record<DeliveryOptionKind, string> = {
  delivery: 'Their delivery date and time will be chosen again.',
  'pick-up': 'They are ready at the pick-up time you chose.',
  'dine-in': 'They are served at the table time you chose.',
};

/**
 * The question's words for lines that change seller with the move (QA walk: a new pincode moved lines to Halsted Meat
 * Market, and dropped the Same Day date and slot chosen, without a word). Only the lazily loaded question imports
 * this file, so the store's first load does not carry it.
 */
export function sellerChangeWords(target: string, mode: DeliveryOptionKind = 'delivery') {
  return {
    heading: `Some items come from another seller with ${target}:`,
    dates: timeChosenAgain[mode],
  };
}

/** 'USDA Prime Ribeye Steak comes from Halsted Meat Market there' (the size too when two such lines share a name). */
export function sellerChangeLines(keep: readonly AreaChangeLine[]): string[] {
  const moved = keep.flatMap(({ name, size, new_seller }) => (new_seller === undefined ? [] : [{ name, size, seller: new_seller }]));
  const shared = (name: string) => moved.filter((line) => line.name === name).length > 1;
  return moved.map((line) => `${shared(line.name) ? `${line.name}, ${line.size}` : line.name} comes from ${line.seller} there`);
}
