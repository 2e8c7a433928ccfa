import { heldCardReleasedText } from './fulfilment.ts';
import { centsToDollars, formatMoney } from './money.ts';
import type { RestPayment } from './rest-cancel.ts';
import { formatWalletAmount, type WalletUnit } from './wallet.ts';

/**
 * The words for canceling a whole order, by its payment facts (QA walk 5): what happens to the money (a payment taken
 * is refunded, a card only held is released, nothing taken is owed nothing) and the wallet portions a redemption took,
 * which go back to the wallet (order-give-back.ts giveBackRedemptions). One home for the shopper's confirm step, their
 * 'canceled' line, the cancel mail and the order page of an ended order: they never disagree. A cut after a seller
 * refused their part is worded by rest-cancel.ts.
 */

/** A wallet redemption line: what it took from the wallet (and what a cancel or refusal gives back). */
export interface WalletBack {
  productName: string;
  amount: number;
  unit: WalletUnit;
}

/**
 * What a cancel does with the money: a payment taken is refunded, a card's hold released, nothing was taken; or a bank
 * debit still on its way when the order was canceled ('debit-pending'), refunded once it clears (migration 046).
 */
export type CancelPayment = RestPayment | 'debit-pending';

/** The order's payment facts a cancel is worded by. */
export interface CancelFacts {
  payment: CancelPayment;
  /** What the order cost (cents): an order of wallet redemptions only cost nothing, and is said without a payment. */
  totalCents: number;
  walletBack: readonly WalletBack[];
}

/** The cancel facts as the server sends them (reschedule options' cancel, the order's wallet lines). */
export interface SentCancelFacts {
  payment: CancelPayment;
  total_cents: number;
  wallet_back: readonly { product_name: string; amount: number; unit: WalletUnit }[];
}

export function cancelFactsOf(sent: SentCancelFacts): CancelFacts {
  return {
    payment: sent.payment,
    totalCents: sent.total_cents,
    walletBack: sent.wallet_back.map((w) => ({ productName: w.product_name, amount: w.amount, unit: w.unit })),
  };
}

/** '1 portion of East Coast Oysters', '750 ml of Pinot Noir and 2 portions of Ribeye'. */
function walletList(back: readonly WalletBack[]): string {
  const items = back.map((w) => `${formatWalletAmount(w.amount, w.unit)} of ${w.productName}`);
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** More than one portion (or any ml, or several lines) reads in the plural: '2 portions … are', '1 portion … is'. */
const isPlural = (back: readonly WalletBack[]) => back.length > 1 || (back[0] !== undefined && back[0].amount !== 1);

/** Done: '1 portion of East Coast Oysters is back in your wallet.'; undefined for an order that redeemed nothing. */
export function walletBackText(back: readonly WalletBack[]): string | undefined {
  if (back.length === 0) return undefined;
  return `${walletList(back)} ${isPlural(back) ? 'are' : 'is'} back in your wallet.`;
}

/** To come: '1 portion of East Coast Oysters goes back to your wallet.' */
function walletGoesBackText(back: readonly WalletBack[]): string | undefined {
  if (back.length === 0) return undefined;
  return `${walletList(back)} ${isPlural(back) ? 'go' : 'goes'} back to your wallet.`;
}

/** What the cancel does with the money, to come or done; nothing for an order that cost nothing (a redemption only). */
function paymentText(facts: CancelFacts, done: boolean): string | undefined {
  // Canceled or not, the debit the shopper's bank already sent comes in: it goes back once it has (the reconciler).
  if (facts.payment === 'debit-pending') return debitOnItsWayText;
  if (facts.payment === 'refund') return done ? 'Your payment has been refunded in full.' : 'Your payment will be refunded in full.';
  if (facts.payment === 'release') return done ? heldCardReleasedText : 'The hold on your card will be released: you will not be charged.';
  if (facts.totalCents === 0) return undefined;
  return done ? 'Nothing was charged, and nothing is owed.' : 'Nothing was charged, and nothing will be owed.';
}

/** A bank debit still on its way when its order was canceled: the shopper's words, the same before and after. */
export const debitOnItsWayText = 'Your bank debit is still on its way: it will be refunded when it clears.';

/**
 * The mail once that debit cleared and the reconciler refunded it (088 left: the shopper heard nothing), in the refund
 * mails' words ('We refunded $20.46 to your payment.', 'refunded in full'): what came back, and why.
 */
export function debitRefundedMail(orderNumber: string, amountCents: number): { subject: string; opening: string } {
  return {
    subject: `Your order #${orderNumber}: bank debit refunded`,
    opening: `Your bank debit for order #${orderNumber} has cleared after the order was canceled. We refunded ${formatMoney(centsToDollars(amountCents))} to your payment, in full.`,
  };
}

const joined = (...parts: (string | undefined)[]) => parts.filter((p): p is string => p !== undefined).join(' ');

/** The confirm step: 'Cancel this order? Your payment will be refunded in full. 1 portion of … goes back to your wallet.' */
export function cancelQuestionText(facts: CancelFacts): string {
  return joined('Cancel this order?', paymentText(facts, false), walletGoesBackText(facts.walletBack));
}

/** The shopper's line once canceled: 'Your order was canceled. The hold on your card will be released: …' */
export function canceledText(facts: CancelFacts): string {
  return joined('Your order was canceled.', paymentText(facts, false), walletGoesBackText(facts.walletBack));
}

/** The cancel (or refusal) mail's money and wallet: 'Your payment has been refunded in full. 1 portion of … is back in your wallet.' */
export function cancelMailText(facts: CancelFacts): string | undefined {
  const text = joined(paymentText(facts, true), walletBackText(facts.walletBack));
  return text === '' ? undefined : text;
}

/**
 * An ended order's page, by the same facts: 'The order ended. Nothing was charged, and nothing is owed.' for pay on
 * delivery, the hold released for a card only held, the refund for a payment taken (QA walk 6: every ended order read
 * 'a payment taken was given back in full'); 'The order ended: nothing was charged.' for one that cost nothing.
 */
export function endedOrderText(facts: CancelFacts): string {
  const money = paymentText(facts, true);
  return joined(money === undefined ? 'The order ended: nothing was charged.' : `The order ended. ${money}`, walletBackText(facts.walletBack));
}
