import { bankMessages } from './bank-account.ts';
import { handOverOf, payOnDeliveryWords, type HandOver } from './pay-on-delivery.ts';

/**
 * An order's payment in the consoles' words (a seller's or staff member's card), never the stored status: whether the
 * money is held, taken, given back or still to be taken at the hand-over. The order's own facts decide: its status
 * (orders.status), how it was paid (payment_mode: 1 bank, 2 card, 3 UPI, 4 at the hand-over), a card hold's state
 * (capture_state, decision 039) and whether a payment was taken at all.
 */
export interface PaymentFacts {
  status: string;
  payment_mode: number;
  capture_state: 'held' | 'captured' | 'released' | null;
  /** The checkout's speed id: where an unpaid order is paid (at the door, the counter or the table). */
  speed_id: number;
  /** A payment was taken when the order was placed (a provider's reference for a total above 0). */
  paid_when_placed: boolean;
  /** The card is one seller's part, refused while the rest of the order goes on: nothing is charged for it. */
  part_refused?: boolean | undefined;
  /** Wallet redemptions only ($0.00): nothing was paid, its portions came from the customer's wallet. */
  wallet_only?: boolean | undefined;
}

/** Paid at the hand-over, once it is done: the seller took the money when the goods changed hands. */
const paidAtHandOver: Readonly<Record<HandOver, string>> = {
  delivery: 'Paid on delivery',
  'pick-up': 'Paid at pick-up',
  'dine-in': 'Paid at the table',
};

export const paymentWords = {
  authorized: 'Card authorized',
  paid: 'Paid',
  refunded: 'Refunded',
  holdReleased: 'Card hold released',
  notCharged: 'Not charged',
  awaitingPayment: 'Awaiting payment',
  /** A payment on its way (a bank debit clearing): staff's console lists the order read-only until it arrives. */
  pending: 'Payment pending',
  awaitingConfirmation: 'Awaiting email confirmation',
  failed: 'Payment failed',
  /** A $0.00 order of wallet redemptions: nothing paid; once it ended, its portions went back to the wallet. */
  fromWallet: 'Nothing to pay: redeemed from the wallet',
  backToWallet: 'Not charged: back in the wallet',
} as const;

/**
 * A line redeemed from the wallet: not a weighed purchase, nothing charged for it (QA walk 5). The console reads it of
 * the customer's wallet; the order page, My Orders and the placed mail of the shopper's own (walk 6: a redeemed
 * ribeye beside a paid line read '1 × USDA Prime Ribeye Steak (500 g) $0.00' with nothing saying why).
 */
export const walletLineWordsFor = (whose: 'the customer’s' | 'your') => `Redeemed from ${whose} wallet`;
export const walletLineWords = walletLineWordsFor('the customer’s');
export const shopperWalletLineWords = walletLineWordsFor('your');

/** 'Card authorized', 'Paid', 'Refunded', 'Pay at pick-up'…: what the payment of an order stands at. */
export function paymentStatusWords(order: PaymentFacts): string {
  const handOver = handOverOf(order.speed_id);
  const atHandOver = order.payment_mode === 4;
  // A refused part's share was given back at once when paid (src/rules/refused-parts.ts), else never charged.
  if (order.part_refused === true)
    return order.capture_state === null && !atHandOver && order.paid_when_placed ? paymentWords.refunded : paymentWords.notCharged;
  if (order.wallet_only === true && (order.status === 'processing' || order.status === 'complete')) return paymentWords.fromWallet;
  if (order.wallet_only === true && order.status === 'canceled') return paymentWords.backToWallet;
  // A card hold let go takes nothing, whatever the order's step: never 'Paid' (QA walk 7 #9: '$0.00 … · Paid' for an
  // order whose every line was out, its hold released at Table ready).
  if (order.capture_state === 'released') return paymentWords.holdReleased;
  switch (order.status) {
    case 'pending_payment_on_delivery': {
      const words = payOnDeliveryWords[handOver].status;
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
    case 'processing':
      // A card authorised for the estimate plus the margin is captured at packing (weighed lines).
      return order.capture_state === 'held' ? paymentWords.authorized : paymentWords.paid;
    case 'complete':
      return atHandOver ? paidAtHandOver[handOver] : paymentWords.paid;
    case 'canceled':
      return !atHandOver && order.paid_when_placed ? paymentWords.refunded : paymentWords.notCharged;
    case 'awaiting_confirmation':
      return paymentWords.awaitingConfirmation;
    case 'payment_failed':
      return paymentWords.failed;
    case 'pending_payment':
      return paymentWords.pending;
    default:
      return paymentWords.awaitingPayment;
  }
}

/**
 * Nothing was taken for it, nor will be: a card hold let go, or an order (or a refused part) that ended unpaid. Not a
 * refund (taken, then given back) nor a wallet redemption (it cost nothing): the consoles then show what was charged,
 * $0.00, beside what it came to (console-amount.ts).
 */
export function chargesNothing(order: PaymentFacts): boolean {
  const words = paymentStatusWords(order);
  return words === paymentWords.holdReleased || words === paymentWords.notCharged;
}

/** The payment the shopper chose at checkout, as the cart flow keeps it (payment_mode: 1 bank, 2 card, 3 UPI, 4 at the hand-over). */
export interface ChosenPayment {
  payment_mode: number | undefined;
  card_id?: number | null | undefined;
  card_token?: string | null | undefined;
  /** The saved card's own words: 'Visa ending in 4242'. */
  card_info?: string | null | undefined;
  upi_address?: string | null | undefined;
  bank_name?: string | null | undefined;
  account_number?: string | null | undefined;
}

/** The payment tab's heading for a cart of wallet redemptions only (no card is asked for). */
export const nothingToPayWords = 'Nothing to Pay';

/**
 * The chosen payment as the Order Summary names it before PLACE ORDER (walk 3: it never said), in the words the
 * payment tab chose it by: the card's 'Visa ending in 4242', UPI with its id, 'Pay From Your Bank Account' with the
 * bank and the account's last four digits, the hand-over's words for paying on the spot ('Payment on Delivery', 'Pay at pick-up'), or 'Nothing to Pay' for a wallet
 * cart (payment mode 2 with no card). Undefined when none is chosen yet.
 */
export function chosenPaymentWords(choice: ChosenPayment, handOver: HandOver): string | undefined {
  switch (choice.payment_mode) {
    case 1: {
      const account = choice.account_number ? `, account ending in ${choice.account_number.slice(-4)}` : '';
      return choice.bank_name ? `${bankMessages.title}: ${choice.bank_name}${account}` : bankMessages.title;
    }
    case 2:
      if (choice.card_info) return choice.card_info;
      // A card is a saved card's id or a fresh token; neither is the payment tab's skip for wallet redemptions.
      return (choice.card_id === undefined || choice.card_id === null) && !choice.card_token ? nothingToPayWords : 'Card';
    case 3:
      return choice.upi_address ? `UPI: ${choice.upi_address}` : 'UPI';
    case 4:
      return payOnDeliveryWords[handOver].summary;
    default:
      return undefined;
  }
}
