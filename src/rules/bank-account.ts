import { addDays, formatUsDate, weekdayOf } from './delivery-dates.ts';
import type { HandOver } from './pay-on-delivery.ts';
import { isVisitSpeed } from './speeds.ts';

/**
 * Pay by bank (US ACH direct debit): the spec's bank list of seven, and the account checks the bank panel and the
 * server share. A debit takes days to clear, so an order paid by bank waits as pending until the payment reconciler
 * reads it settled (or failed).
 */
export const banks = ['Chase', 'Bank of America', 'Wells Fargo', 'Citibank', 'U.S. Bank', 'PNC', 'Capital One'] as const;
export type BankName = (typeof banks)[number];

export function isBankName(value: string): value is BankName {
  return banks.some((bank) => bank === value);
}

/** The payment mode that pays by bank (the spec's options are 2 cards, 3 UPI, 4 on delivery; 1 was net banking). */
export const bankPaymentMode = 1;

export const bankMessages = {
  title: 'Pay From Your Bank Account',
  chooseBank: 'Please choose your bank.',
  routing: 'Please enter a valid 9-digit routing number.',
  account: 'Please enter a valid account number (4 to 17 digits).',
  /** The mandate the shopper accepts by continuing (NACHA asks for the authorisation in words). */
  mandate: 'By continuing, you authorise the store to debit this account once for this order.',
  /**
   * The change panel of an order whose debit is on its way: it may be canceled (cancelStandingOf), not moved, until
   * the debit clears (a date moved sooner could fall before it clears: bankDebitRefusal).
   */
  moveWhilePending: 'Your bank payment is pending: the delivery can be moved once it clears. You can still cancel the order.',
  /** After PLACE ORDER: the debit is on its way. */
  pending: 'Your bank payment is pending. We will confirm your order when your bank clears the payment, usually within 4 business days.',
  /**
   * The order is due before a debit can clear (bankDebitRefusal), in the hand-over's words: a table is never paid on
   * delivery (walk 3: a Dine-In tab said 'or on delivery'), a pick-up is paid at the counter, and neither is a delivery.
   */
  tooSoon: (clearsBy: string, handOver: HandOver = 'delivery') => {
    const clears = `Pay From Your Bank Account takes up to 4 business days to clear, so it is only offered for`;
    if (handOver === 'dine-in') return `${clears} tables booked for ${clearsBy} or later. Please pay by card or UPI, or choose a later date.`;
    if (handOver === 'pick-up')
      return `${clears} pick-ups on or after ${clearsBy}. Please pay by card, UPI or at the counter, or choose a later pick-up date.`;
    return `${clears} deliveries on or after ${clearsBy}. Please pay by card, UPI or on delivery, or choose a later delivery date.`;
  },
} as const;

/**
 * How long a debit may take to clear (the pending words' "usually within 4 business days"). An order stays pending,
 * unseen by its sellers, until it clears: a delivery before then would be missed, so pay by bank is offered only
 * when everything the order brings or hands over is due on or after that day.
 */
export const bankClearingBusinessDays = 4;

/** The day a debit asked for today has cleared by: today plus 4 business days (Monday to Friday). */
export function bankDebitClearsBy(today: string): string {
  let day = today;
  let left = bankClearingBusinessDays;
  while (left > 0) {
    day = addDays(day, 1);
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day;
}

/** Why the order cannot be paid by bank (its words name the option and what to do), or undefined when it can. */
export function bankDebitRefusal(dates: readonly string[], today: string, handOver: HandOver = 'delivery'): string | undefined {
  const clearsBy = bankDebitClearsBy(today);
  const earliest = [...dates].sort()[0];
  if (earliest === undefined || earliest >= clearsBy) return undefined;
  return bankMessages.tooSoon(formatUsDate(clearsBy), handOver);
}

/** The calendar days among the checkout's dates ('YYYY-MM-DD', or a visit's 'YYYY-MM-DD HH:mm'); unknown ones left out. */
export function calendarDaysOf(values: readonly (string | undefined)[]): string[] {
  return values.flatMap((value) => {
    const day = value === undefined ? null : /^\d{4}-\d{2}-\d{2}/.exec(value);
    return day ? [day[0]] : [];
  });
}

/**
 * Every delivery's date among the cart's seller groups (a wallet or visit group has none to deliver): place order
 * checks each against the debit's clearing day, so the earliest decides.
 */
export function deliveryDaysOf(groups: readonly { type: string; wallet?: boolean | undefined; delivery_date: string | null }[]): string[] {
  return calendarDaysOf(groups.filter((g) => g.wallet !== true && !isVisitSpeed(g.type)).map((g) => g.delivery_date ?? undefined));
}

/**
 * The days the bank rule reads at checkout: every seller's delivery date when the speed tab had them (walk 3 defect
 * 2: only the main seller's was read, so the tab offered a bank place order then refused); else the flow's own
 * date (a pick-up or a table, which has no delivery groups).
 */
export function bankDueDays(flow: { deliveryDays: readonly string[]; deliveryDate: string | undefined; pickup_date: string | undefined }): string[] {
  return flow.deliveryDays.length > 0 ? calendarDaysOf(flow.deliveryDays) : calendarDaysOf([flow.deliveryDate, flow.pickup_date]);
}

export interface BankAccountFields {
  bankName: string;
  routingNumber: string;
  accountNumber: string;
}

export type BankAccountErrors = Partial<Record<'bank_name' | 'routing_number' | 'account_number', string>>;

const digitsOnly = (text: string) => text.replace(/[\s-]/g, '');

/** ABA routing numbers: 9 digits whose weighted sum (3, 7, 1 repeating) is a multiple of 10. */
export function isRoutingNumber(text: string): boolean {
  const digits = digitsOnly(text);
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return sum % 10 === 0;
}

export function isAccountNumber(text: string): boolean {
  return /^\d{4,17}$/.test(digitsOnly(text));
}

/** What is wrong with the bank panel's fields, by the place-order body's field names; {} when it can be sent. */
export function bankAccountErrors(fields: BankAccountFields): BankAccountErrors {
  const errors: BankAccountErrors = {};
  if (!isBankName(fields.bankName)) errors.bank_name = bankMessages.chooseBank;
  if (!isRoutingNumber(fields.routingNumber)) errors.routing_number = bankMessages.routing;
  if (!isAccountNumber(fields.accountNumber)) errors.account_number = bankMessages.account;
  return errors;
}

/** The numbers as the provider takes them: digits only. */
export function bankDigits(text: string): string {
  return digitsOnly(text);
}
