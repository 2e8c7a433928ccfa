import { isLineLeft } from './fulfilment.ts';
import { possessive } from './possessive.ts';

/**
 * The shopper's refusal of a substitute on a line that is the last one left (QA walk 9 #6): refused, nothing is left
 * to hand over and the part ends by the store's rule (fulfilment.ts allOutTransition): the order's only part ends the
 * order. The seller's own last mark-out asks first (console-confirm.ts markOutQuestion); so does the shopper's refusal,
 * in the shopper's words. Any other refusal ends nothing and asks nothing.
 */
export interface RefusalQuestion {
  question: string;
  confirm: string;
  keep: string;
}

interface Line {
  item_id?: number | undefined;
  product_name: string;
  vendor_name: string;
  fulfilment_state?: string | undefined;
  substitution_state?: string | null | undefined;
}

/** A line still to hand over in a part that goes on (a refused or canceled part's lines are gone already). */
const goesOn = (line: Line) =>
  line.fulfilment_state !== 'refused' && line.fulfilment_state !== 'canceled' && isLineLeft({ substitution_state: line.substitution_state ?? null });

export function substituteRefusalQuestion(order: { items: readonly Line[] }, itemId: number): RefusalQuestion | undefined {
  const line = order.items.find((i) => i.item_id === itemId);
  if (!line) return undefined;
  const others = order.items.filter((i) => i.item_id !== itemId && goesOn(i));
  const ask = (ends: string) => ({ question: `Refuse the substitute for ${line.product_name}? ${ends}`, confirm: 'Yes, refuse it', keep: 'Go back' });
  if (others.length === 0) return ask('Refusing it leaves nothing in this order: it will be canceled, and anything you paid is given back.');
  if (others.some((i) => i.vendor_name === line.vendor_name)) return undefined;
  return ask(
    `Refusing it leaves nothing in ${possessive(line.vendor_name)} part: that part will be canceled, and anything you paid for it is given back; the rest of your order goes on.`,
  );
}
