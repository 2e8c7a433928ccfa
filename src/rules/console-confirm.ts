import { fulfilmentEventLabel, isLineLeft, type FulfilmentEvent, type FulfilmentKind } from './fulfilment.ts';
import { possessive } from './possessive.ts';
import { formatPounds, formatWeighedPounds, weightMarginPercent } from './weight-estimate.ts';
import type { FarWeight } from './weight-entry.ts';

/**
 * What the consoles ask before a step that cannot be undone (the fulfilment machine's confirming states): what will
 * happen, in words, a button to go ahead and one that leaves everything as it was. Moves that can be taken back or
 * only advance the order (Accept, Start picking) ask nothing.
 */
export interface ConsoleQuestion {
  question: string;
  confirm: string;
  keep: string;
}

/**
 * Refuse or cancel: the whole order ends (every seller's part), the shopper is told why and given back what they paid;
 * or, refusing while another seller's part goes on (`partOnly`, order-parts.ts endsPartOnly), only this part ends.
 * Staff have no part of their own: they refuse the seller's part, named (`forSeller`; QA walk 3 asked staff to
 * 'Refuse your part').
 */
export function moveQuestion(
  event: FulfilmentEvent,
  orderNumber: string,
  severalSellers: boolean,
  partOnly = false,
  forSeller?: string,
): ConsoleQuestion {
  if (event === 'refuse' && partOnly && forSeller !== undefined) {
    return {
      question: `Refuse ${possessive(forSeller)} part of order #${orderNumber}? Only that part ends: the shopper is told your reason and given back what they paid for it; the other sellers' parts go on.`,
      confirm: 'Yes, refuse it',
      keep: 'Cancel',
    };
  }
  if (event === 'refuse' && partOnly) {
    return {
      question: `Refuse your part of order #${orderNumber}? Only your part ends: the shopper is told your reason and given back what they paid for it; the other sellers' parts go on.`,
      confirm: 'Yes, refuse it',
      keep: 'Cancel',
    };
  }
  const ends = `The whole order ends${severalSellers ? ", every seller's part" : ''}: the shopper is told your reason and anything they paid is given back.`;
  if (event === 'refuse') return { question: `Refuse order #${orderNumber}? ${ends}`, confirm: 'Yes, refuse it', keep: 'Cancel' };
  return { question: `Cancel order #${orderNumber}? ${ends}`, confirm: 'Yes, cancel the order', keep: 'No, keep the order' };
}

/**
 * Mark out: the line leaves the order (no substitute), the shopper is mailed and not charged for it. The part's last
 * line left (`lastLine`, isLastLineLeft) ends the part with it (fulfilment.ts allOutTransition): the question says so.
 */
export function markOutQuestion(productName: string, lastLine = false): ConsoleQuestion {
  if (lastLine) {
    return {
      question: `Mark ${productName} out of stock? It is the last item left in this part: the part ends, refused because every item was out of stock, and the shopper is told by mail and not charged for it.`,
      confirm: 'Yes, mark it out',
      keep: 'Cancel',
    };
  }
  return {
    question: `Mark ${productName} out of stock? It leaves this order: the shopper is told by mail and not charged for it.`,
    confirm: 'Yes, mark it out',
    keep: 'Cancel',
  };
}

/**
 * Packing with a weight far from its line's estimate (weight-entry.ts farWeights: below 70 %, or above the margin's
 * reach): each named with its share of the estimate, and what follows. A light line of several pieces asks for all of
 * them on the scale (QA walk 9 #3: one filet of two was weighed, and both charged at its weight). 'Weigh again' keeps
 * the weights typed, nothing sent.
 */
export function weightQuestion(far: readonly FarWeight[], kind: FulfilmentKind): ConsoleQuestion {
  const said = far.map((w) => {
    const share = `${formatWeighedPounds(w.weighedGrams)} for ${w.qty} × ${w.productName} is ${Math.round((w.weighedGrams / w.nominalGrams) * 100)}% of its estimate (about ${formatPounds(w.nominalGrams)})`;
    if (w.far === 'heavy') return `${share}: above +${weightMarginPercent}%, the rest is not charged.`;
    return w.qty > 1 ? `${share}: the weight asked is for all ${w.qty} pieces together.` : `${share}.`;
  });
  const these = far.length === 1 ? 'this weight' : 'these weights';
  return {
    question: `${said.join(' ')} Mark it ${fulfilmentEventLabel('pack', kind)} with ${these}?`,
    confirm: `Yes, ${these === 'this weight' ? 'it is' : 'they are'} right`,
    keep: 'Weigh again',
  };
}

/** Whether `itemId` is the only line of a part's lines still to hand over (fulfilment.ts isLineLeft). */
export function isLastLineLeft(items: readonly { id: number; substitution_state?: string | null | undefined }[], itemId: number): boolean {
  const left = items.filter((i) => isLineLeft({ substitution_state: i.substitution_state ?? null }));
  return left.length === 1 && left[0]?.id === itemId;
}
