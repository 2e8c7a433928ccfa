import { storeMinutes, storeToday } from './delivery-dates.ts';
import {
  isPriceCategoryFilter,
  priceCategoryFilters,
  priceCategoryLabel,
  visitTimes,
  type OpeningHours,
  type PriceCategoryFilter,
} from './dine-in.ts';
import { completingStates, isEndedState, isFulfilmentState } from './fulfilment.ts';
import { deliveryOptionMessages } from './messages.ts';
import { formatMoney } from './money.ts';
import { parseDineinTime } from './visit-time.ts';
import type { SizeUnit } from './sizes.ts';

/**
 * The prepaid wallet (spec: Orders tab Dine-In panel, "Wallet", wallet product list). What a customer buys for
 * dine-in is held in their wallet in the product's unit: millilitres for drinks, portions for food. It is redeemable
 * at any partner restaurant of the state and star category it was bought in.
 */
export const walletUnits = ['ml', 'portion'] as const;
export type WalletUnit = (typeof walletUnits)[number];

/** The spec's shopper-facing words. */
export const walletTexts = {
  stateTooltip: 'Selecting state is mandatory',
  totalAvailable: 'Total Available Liquor',
  redeemNow: 'REDEEM NOW',
  availableInWallet: 'Available in Wallet',
  redeemableHere: 'Redeemable Here',
  addToCart: 'ADD TO CART',
  prepaid: 'prepaid',
  toRedeem: 'to redeem',
  nothingLeft: 'Nothing is left to redeem in this state and category.',
  noWallet: 'Nothing in your wallet yet: what you buy for dine-in is kept here.',
  noRestaurants: 'No partner restaurant redeems this part of your wallet yet.',
  noProducts: 'Nothing in your wallet is redeemable at this restaurant.',
  chooseRestaurant: 'Choose a restaurant from your wallet on Your Orders.',
  dateTodayOrLater: 'Please choose today or a later date.',
} as const;

/** The server's refusals of a wallet redemption (add to cart and place order). */
export const walletRefusals = {
  notRedeemableHere: 'This restaurant does not redeem that part of your wallet.',
  notEnoughLeft: 'Your wallet does not hold enough of this for that size.',
  sizeMismatch: 'That size is not one of this product’s sizes.',
  usedUp: (name: string) => `Your wallet no longer holds enough ${name} for this order.`,
  /** updateitem raising a wallet line: each redemption is added from the wallet, one at a time (spec: qty fixed at 1). */
  qtyFixed: 'The quantity of a wallet item is fixed at 1: add it again from your wallet to redeem more.',
  /**
   * Place order with a wallet redemption whose visit is missing or no longer offered (walk 5 #1): what fixes it, the
   * date and time chosen on the restaurant's group in the cart (or its redemption again from the wallet).
   */
  visitRequired: (restaurant: string) => `Choose when you eat in at ${restaurant}: choose a date and time under ${restaurant} in your cart.`,
} as const;

export function walletUnitOf(sizeUnit: SizeUnit): WalletUnit {
  return sizeUnit === 'ml' ? 'ml' : 'portion';
}

/** What qty of a size takes from (or puts into) a wallet entry: its millilitres for drinks, one portion each for food. */
export function walletUnitsOf(unit: WalletUnit, bottleSize: number, qty: number): number {
  return unit === 'ml' ? bottleSize * qty : qty;
}

/** '750 ml', '1 portion', '3 portions'. */
export function formatWalletAmount(amount: number, unit: WalletUnit): string {
  if (unit === 'ml') return `${amount} ml`;
  return `${amount} ${amount === 1 ? 'portion' : 'portions'}`;
}

// ---------------------------------------------------------------- the Dine-In panel's filters

/** 'All' (0) or 1 to 5 stars: the spec's price category filter, the same as Delivery Options' star filter. */
export const priceCategories = priceCategoryFilters;
export type PriceCategory = PriceCategoryFilter;
export const isPriceCategory = isPriceCategoryFilter;
export { priceCategoryLabel };
export const allStates = 'All';

/** What the filters read of a wallet row (structurally the contract's WalletEntry). */
export interface WalletRowLike {
  remaining: number;
  price_category: number;
  state: string;
  unit?: string | undefined;
}

export interface WalletFilter {
  state: string;
  category: PriceCategory;
}

export const noWalletFilter: WalletFilter = { state: allStates, category: 0 };

/** The rows the state and category filters keep. */
export function filterWalletRows<R extends WalletRowLike>(rows: readonly R[], filter: WalletFilter): R[] {
  return rows.filter(
    (row) => (filter.state === allStates || row.state === filter.state) && (filter.category === 0 || row.price_category === filter.category),
  );
}

/** 'Total Available Liquor': the remaining units of the rows shown. */
export function remainingTotal(rows: readonly WalletRowLike[]): number {
  return rows.reduce((sum, row) => sum + row.remaining, 0);
}

/** The state choices: All, then every state the wallet has rows in, sorted. */
export function walletStates(rows: readonly WalletRowLike[]): string[] {
  return [allStates, ...[...new Set(rows.map((r) => r.state))].sort()];
}

/** Category options with no matching rows (in the chosen state) are disabled; All never is. */
export function categoryOptions(rows: readonly WalletRowLike[], state: string): { value: PriceCategory; label: string; disabled: boolean }[] {
  const inState = filterWalletRows(rows, { state, category: 0 });
  return priceCategories.map((value) => ({
    value,
    label: priceCategoryLabel(value),
    disabled: value !== 0 && !inState.some((row) => row.price_category === value),
  }));
}

/**
 * Why REDEEM NOW is disabled, in words a sighted shopper reads beside it: the state tooltip's 'Selecting state is
 * mandatory' while the state is 'All', or that nothing is left in the rows shown; undefined when it may go on.
 */
export function redeemBlockedReason(rows: readonly WalletRowLike[], filter: WalletFilter): string | undefined {
  if (filter.state === allStates) return walletTexts.stateTooltip;
  if (remainingTotal(filterWalletRows(rows, filter)) <= 0) return walletTexts.nothingLeft;
  return undefined;
}

/** REDEEM NOW is disabled when the state is 'All' or nothing is left in the rows shown. */
export function canRedeem(rows: readonly WalletRowLike[], filter: WalletFilter): boolean {
  return redeemBlockedReason(rows, filter) === undefined;
}

// ---------------------------------------------------------------- the wallet product list

export const walletSortKeys = ['name_asc', 'name_desc', 'price_desc', 'price_asc'] as const;
export type WalletSortKey = (typeof walletSortKeys)[number];
export const walletSortLabels: Readonly<Record<WalletSortKey, string>> = {
  name_asc: 'Name A to Z',
  name_desc: 'Name Z to A',
  price_desc: 'Price High to Low',
  price_asc: 'Price Low to High',
};

export function isWalletSortKey(value: unknown): value is WalletSortKey {
  return typeof value === 'string' && (walletSortKeys as readonly string[]).includes(value);
}

export interface SortableWalletProduct {
  prod_name: string;
  /** Cents of the product's first (smallest) size, for the price sorts. */
  priceCents: number;
}

export function sortWalletProducts<P extends SortableWalletProduct>(products: readonly P[], key: WalletSortKey): P[] {
  const byName = (a: P, b: P) => a.prod_name.localeCompare(b.prod_name);
  const sorted = [...products];
  if (key === 'name_asc') sorted.sort(byName);
  if (key === 'name_desc') sorted.sort((a, b) => byName(b, a));
  if (key === 'price_desc') sorted.sort((a, b) => b.priceCents - a.priceCents || byName(a, b));
  if (key === 'price_asc') sorted.sort((a, b) => a.priceCents - b.priceCents || byName(a, b));
  return sorted;
}

/** Dates are 'YYYY-MM-DD'; today or later is allowed (spec "Dine-in wallet selection"). */
export function isVisitDateAllowed(date: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today;
}

/**
 * The times a wallet visit can be booked at the restaurant on `date`: a dine-in table (visitTimes), the very rule
 * place order checks the redeemed order's dineinTime against. None without the restaurant's hours.
 */
export function walletVisitTimes(hours: OpeningHours | undefined, date: string, now: Date): string[] {
  return hours ? visitTimes('dine-in', hours, date, storeToday(now), storeMinutes(now)) : [];
}

/**
 * Whether a cart's wallet group has a visit it can still be placed for: kept, and a time the restaurant still seats
 * guests at (today or later). Else the cart asks for the date and time (walk 5 #1), as place order would refuse it.
 */
export function isWalletVisitOffered(dineinTime: string | undefined, hours: OpeningHours | undefined, now: Date): boolean {
  const visit = parseDineinTime(dineinTime);
  return visit !== undefined && walletVisitTimes(hours, visit.date, now).includes(visit.time);
}

export interface VisitChoice {
  retailerId: number | undefined;
  date: string;
  time: string;
}

export interface VisitProblems {
  retailer?: string;
  dateTime?: string;
}

/**
 * The dine-in retailer selection's checks, all reported at once; none when the visit can go on. `hours` are the
 * chosen restaurant's: the time must be one walletVisitTimes offers (else the server's 'Dining date and time is
 * required').
 */
export function visitProblems(choice: VisitChoice, hours: OpeningHours | undefined, now: Date): VisitProblems {
  const problems: VisitProblems = {};
  if (choice.retailerId === undefined) problems.retailer = deliveryOptionMessages.retailerRequired;
  if (!choice.date || !choice.time) problems.dateTime = deliveryOptionMessages.visitTimeRequired;
  else if (!isVisitDateAllowed(choice.date, storeToday(now))) problems.dateTime = walletTexts.dateTodayOrLater;
  else if (!walletVisitTimes(hours, choice.date, now).includes(choice.time)) problems.dateTime = deliveryOptionMessages.visitTimeRequired;
  return problems;
}

export function hasVisitProblems(problems: VisitProblems): boolean {
  return problems.retailer !== undefined || problems.dateTime !== undefined;
}

/**
 * The label of the wallet's total: the spec's 'Total Available Liquor' where the rows shown are drinks (millilitres);
 * 'Total Available' once food is among them (QA walk 7 #10: 'Total Available Liquor: 2 portions' counted a steak as
 * liquor). A departure from the spec's label for food, on a meat and fish store whose wallet holds mostly food.
 */
export const totalAvailableAnyLabel = 'Total Available';

export function totalAvailableLabel(rows: readonly WalletRowLike[]): string {
  const drinksOnly = rows.length > 0 && rows.every((row) => row.unit === 'ml');
  return drinksOnly ? walletTexts.totalAvailable : totalAvailableAnyLabel;
}

/**
 * 'Total Available Liquor' (the spec's label) as shoppers read it: the remaining units per unit ('1500 ml · 2
 * portions'); nothing left reads with its unit too, the rows' ('0 ml') or, with no rows, portions ('0 portions').
 */
export function totalAvailableText(rows: readonly WalletRowLike[]): string {
  const parts = walletUnits.flatMap((unit) => {
    const amount = remainingTotal(rows.filter((row) => (row.unit ?? 'portion') === unit));
    return amount > 0 ? [formatWalletAmount(amount, unit)] : [];
  });
  if (parts.length > 0) return parts.join(' · ');
  const units = walletUnits.filter((unit) => rows.some((row) => (row.unit ?? 'portion') === unit));
  return (units.length > 0 ? units : (['portion'] as const)).map((unit) => formatWalletAmount(0, unit)).join(' · ');
}

/**
 * A wallet size's price as the redeem page shows it (issue 23): what the shopper paid for it, and that redeeming it
 * costs nothing now — '$65.79 prepaid · $0.00 to redeem'. Never the catalogue's list price.
 */
export function walletPriceText(paid: string): string {
  return `${formatMoney(paid)} ${walletTexts.prepaid} · ${formatMoney('0.00')} ${walletTexts.toRedeem}`;
}

/** 'Available in Wallet' with what it is worth to the shopper: '2 portions · worth $131.58'. */
export function walletHoldingText(amount: number, unit: WalletUnit, worth: string): string {
  return `${formatWalletAmount(amount, unit)} · worth ${formatMoney(worth)}`;
}

/**
 * The summary's controls that can apply to a line or an order: a line redeemed from the wallet is already paid for and
 * the restaurant serves it from what the shopper holds, so it has no 'If out of stock' choice; an order of wallet lines
 * only costs nothing, so it has no coupon to take off it.
 */
export function outOfStockChoiceApplies(line: { wallet?: boolean | undefined }): boolean {
  return line.wallet !== true;
}

export function couponApplies(lines: readonly { wallet?: boolean | undefined }[]): boolean {
  return !isWalletOnlyLines(lines);
}

/**
 * Whether 'This order is a gift' applies: not to wallet redemptions only (QA walk 7 #10). The shopper redeems what
 * they hold for their own table: nothing is sent to anyone, so there is no one to give it to or write a message for.
 */
export function giftApplies(lines: readonly { wallet?: boolean | undefined }[]): boolean {
  return !isWalletOnlyLines(lines);
}

/** Every cart line is redeemed from the wallet: the order costs nothing and needs no card. */
export function isWalletOnlyLines(lines: readonly { wallet?: boolean | undefined }[]): boolean {
  return lines.length > 0 && lines.every((line) => line.wallet === true);
}

/**
 * The Dine-In panel's word for a paid dine-in order not yet served (QA walk 5 defect 7): its portions come to the wallet
 * when the restaurant serves it (issue 24's rule, order-transitions.ts), not at payment, so an empty wallet beside a
 * paid order does not read as a purchase gone missing. Undefined when no such order waits. A redemption only ($0.00)
 * buys nothing for the wallet; an unpaid, ended or served order waits for nothing.
 */
export function waitingForServeText(
  orders: readonly { status: string; fulfilment_state?: string | undefined; grand_total: string }[],
): string | undefined {
  const done = (state: string) => isFulfilmentState(state) && (isEndedState(state) || completingStates.includes(state));
  const waiting = orders.filter((o) => o.status === 'processing' && Number(o.grand_total) > 0 && !done(o.fulfilment_state ?? 'placed'));
  if (waiting.length === 0) return undefined;
  return waiting.length === 1
    ? 'Your paid dine-in order comes to your wallet when the restaurant serves it.'
    : 'Your paid dine-in orders come to your wallet when the restaurant serves them.';
}
