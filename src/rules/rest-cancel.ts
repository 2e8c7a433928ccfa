import { centsToDollars, dollarsToCents, formatMoney } from './money.ts';
import { possessive } from './possessive.ts';

/**
 * The words for a cancel that ends the rest of an order after a seller refused their part (decision 082: a refused
 * part's share was given back, or never charged, when it was refused). 'Your payment will be refunded in full' would
 * promise the refused part's money twice: these say what the cancel gives back now and what the refusal gave back
 * before, naming both amounts. One home for the shopper's confirm step, their 'canceled' line and the mail. The spec
 * has no words for a partial refusal: these are ours (its order-change words are kept where no part was refused).
 */

/** What happens to the payment when the rest is canceled: a payment taken is refunded, a card's hold released, or nothing was taken. */
export type RestPayment = 'refund' | 'release' | 'none';

/** The rest of an order after its refused parts: what the cancel ends, and each refused part's share. */
export interface RestOfOrder {
  payment: RestPayment;
  /** The rest's total as it stands (what was charged for it, or is held or due). */
  restCents: number;
  refused: readonly { vendorName: string; totalCents: number }[];
  /** The driver tip given back (or never charged) with the refused parts: no part the driver brings was left (refused-parts.ts driverTipOff). */
  tipCents?: number | undefined;
}

/** The rest of the order as the server sends it (reschedule options' rest_of_order: dollars as strings). */
export function restOfOrderOf(sent: {
  payment: RestPayment;
  rest_total: string;
  refused: readonly { vendor_name: string; total: string }[];
  tip?: string | undefined;
}): RestOfOrder {
  const tipCents = sent.tip === undefined ? 0 : (dollarsToCents(sent.tip) ?? 0);
  return {
    payment: sent.payment,
    restCents: dollarsToCents(sent.rest_total) ?? 0,
    refused: sent.refused.map((p) => ({ vendorName: p.vendor_name, totalCents: dollarsToCents(p.total) ?? 0 })),
    // The tip the refusal took off with the last part the driver brings: the confirm names it as the mail does.
    ...(tipCents > 0 ? { tipCents } : {}),
  };
}

const money = (cents: number) => formatMoney(centsToDollars(cents));

/** 'Fulton Fish Co.'s part ($27.40) was refunded when it was refused.' (or 'was never charged' when nothing was taken) */
export function refusedBeforeText(rest: RestOfOrder): string {
  const parts = rest.refused.map(
    (p) =>
      `${possessive(p.vendorName)} part (${money(p.totalCents)}) ${rest.payment === 'refund' ? 'was refunded when it was refused' : 'was taken off when it was refused and never charged'}.`,
  );
  const tip = rest.tipCents ?? 0;
  if (tip > 0)
    parts.push(`The driver tip (${money(tip)}) ${rest.payment === 'refund' ? 'was refunded then too' : 'was taken off then too and never charged'}.`);
  return parts.join(' ');
}

/** What the cancel does with the rest's money, in the future ('will be refunded') or past ('We refunded'). */
function restMoneyText(rest: RestOfOrder, done: boolean): string {
  const amount = money(rest.restCents);
  if (rest.payment === 'refund')
    return done ? `We refunded ${amount}, the rest of your payment.` : `The rest of your payment, ${amount}, will be refunded.`;
  if (rest.payment === 'release')
    return done
      ? 'The hold on your card has been released: you have not been charged.'
      : 'The hold on your card will be released: you will not be charged.';
  return done ? `Nothing is owed for the rest (${amount}).` : `Nothing will be owed for the rest (${amount}).`;
}

/** The shopper's confirm step: 'Cancel the rest of this order? The rest of your payment, $30.45, will be refunded. …' */
export function restCancelQuestion(rest: RestOfOrder): string {
  return `Cancel the rest of this order? ${restMoneyText(rest, false)} ${refusedBeforeText(rest)}`;
}

/** The shopper's line once it is canceled: 'Your order was canceled. The rest of your payment, $30.45, will be refunded. …' */
export function restCanceledText(rest: RestOfOrder): string {
  return `Your order was canceled. ${restMoneyText(rest, false)} ${refusedBeforeText(rest)}`;
}

/** The cancel mail's money: 'We refunded $30.45, the rest of your payment. Fulton Fish Co.'s part ($27.40) was refunded when it was refused.' */
export function restCancelMailText(rest: RestOfOrder): string {
  return `${restMoneyText(rest, true)} ${refusedBeforeText(rest)}`;
}
