import { centsToDollars, dollarsToCents } from './money.ts';
import { mixedVisitCartRefusal } from './messages.ts';
import { maxQuantity } from './quantity.ts';
import { isVisitSpeed, type SpeedValue } from './speeds.ts';
import { deliveryOptionLabels, type DeliveryOptionKind } from './dine-in.ts';

/** The spec's words on the cart page. */
export const requiredMessage = 'Required';
/** Beside a Dine-In or wallet group with no table (walk 6 #3; our words: the spec has none). */
export const visitRequiredMessage = "Choose your table's date and time.";
export const noSlotsMessage = 'All Slots are booked. Please try another date.';
/** getslot's answer for an open day whose slots are all taken (the spec's getslot message). */
export const noSlotsLeftReply = 'No Slots are available!';

/**
 * What a date's slot list tells the shopper (issue 23: closed is not full): nothing while a slot has a seat; for a
 * full day the spec's 'All Slots are booked. Please try another date.'; for a day the shop is closed (a closed
 * weekday, a holiday, before its next date) the server's reason, never "booked".
 */
export function slotsNotice(reply: {
  code: number;
  message?: string | undefined;
  data?: readonly { available: number }[] | undefined;
}): string | undefined {
  if (reply.code === 1 && (reply.data ?? []).some((s) => s.available > 0)) return undefined;
  if (reply.code === 1 || !reply.message || reply.message === noSlotsLeftReply) return noSlotsMessage;
  return reply.message;
}

/** The spec's quantity update debounce. */
export const quantityDebounceMs = 800;

// ---------------------------------------------------------------- lines and pending quantities

/** What grouping and the stepper need of a cart line (structurally the contract's CartLine). */
export interface LineLike {
  cart_rid: number;
  vendor_loc_id: number;
  vendor_name: string;
  qty: number;
  product_price: string;
  row_total: string;
}

/** Desired quantities the shopper has set but the server has not confirmed yet, by cart_rid. */
export type PendingQuantities = Readonly<Record<number, number>>;

export interface LineGroup<L> {
  vendor_loc_id: number;
  vendor_name: string;
  lines: L[];
}

/** Lines grouped by vendor location, groups and lines in the server's order. */
export function groupLines<L extends Pick<LineLike, 'vendor_loc_id' | 'vendor_name'>>(lines: readonly L[]): LineGroup<L>[] {
  const groups = new Map<number, LineGroup<L>>();
  for (const line of lines) {
    let group = groups.get(line.vendor_loc_id);
    if (!group) {
      group = { vendor_loc_id: line.vendor_loc_id, vendor_name: line.vendor_name, lines: [] };
      groups.set(line.vendor_loc_id, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}

/**
 * The most a cart line can be raised to: 24, and no more than its offer's stock as the server last told it (at least
 * 1: the stepper never takes a line away). The + button stops there.
 */
export function lineMaxQuantity(line: { stock: number }): number {
  return Math.min(maxQuantity, Math.max(1, Math.trunc(line.stock)));
}

/** The stepper never goes below zero (zero removes the line) nor above the most the line can hold (`most`, else 24). */
export function clampLineQuantity(qty: number, most: number = maxQuantity): number {
  if (!Number.isFinite(qty)) return 0;
  return Math.min(most, maxQuantity, Math.max(0, Math.trunc(qty)));
}

/**
 * A quantity the server refused for its stock: the most the line can have instead (its stock now, in the refusal's
 * cart), when that is still more than the line holds; undefined when the line goes back to what it holds.
 */
export function stockCappedQuantity(asked: number, line: { qty: number; stock: number } | undefined): number | undefined {
  if (!line) return undefined;
  const most = lineMaxQuantity(line);
  return asked > most && most > line.qty ? most : undefined;
}

/** unit price × qty in dollars, computed in cents; undefined when the price is not a money string. */
export function lineTotal(unitPrice: string, qty: number): string | undefined {
  const cents = dollarsToCents(unitPrice);
  return cents === undefined ? undefined : centsToDollars(cents * qty);
}

/**
 * The lines as the shopper should see them right now: a pending quantity shows at once (with its row total), even
 * before the server has it. A line at zero stays on screen until the server removes it, so a slip can be undone.
 */
export function applyPending<L extends LineLike>(lines: readonly L[], pending: PendingQuantities): L[] {
  return lines.map((line) => {
    const qty = pending[line.cart_rid];
    if (qty === undefined || qty === line.qty) return line;
    return { ...line, qty, row_total: lineTotal(line.product_price, qty) ?? line.row_total };
  });
}

/** The pending quantities still worth sending: those of lines that exist and differ from the server's quantity. */
export function unsettledPending(lines: readonly Pick<LineLike, 'cart_rid' | 'qty'>[], pending: PendingQuantities): Record<number, number> {
  const out: Record<number, number> = {};
  for (const line of lines) {
    const qty = pending[line.cart_rid];
    if (qty !== undefined && qty !== line.qty) out[line.cart_rid] = qty;
  }
  return out;
}

/** A copy of `pending` without one line. */
export function withoutPending(pending: PendingQuantities, cartRid: number): Record<number, number> {
  const out: Record<number, number> = {};
  for (const [rid, qty] of Object.entries(pending)) if (Number(rid) !== cartRid) out[Number(rid)] = qty;
  return out;
}

// ---------------------------------------------------------------- stock of the lines held

/** A line's offer as the cart last read it: its quantity, the offer's stock of now, and whether the wallet holds it. */
export interface StockedLine {
  qty: number;
  stock: number;
  wallet?: boolean | undefined;
}

/** Beside a cart line whose offer sold out since it was added (walk 9 #2). */
export const lineOutOfStockWords = 'Out of stock';
export const lineOnlyLeftWords = (stock: number) => `Only ${stock} left`;

/**
 * What the cart says beside a line its seller cannot sell as it is now (walk 9 #2: staff set the stock to 0 and the
 * cart totalled it as before): 'Out of stock', or 'Only N left' for more than is left; undefined for a line that can
 * be ordered (a wallet line is the shopper's own, never short). Such a line is left out of the cart's totals and keeps
 * CHECKOUT closed until it is removed or lowered, as place order would refuse it.
 */
export function lineShortage(line: StockedLine): string | undefined {
  if (line.wallet === true || line.stock >= line.qty) return undefined;
  return line.stock <= 0 ? lineOutOfStockWords : lineOnlyLeftWords(Math.trunc(line.stock));
}

/** The line can be ordered as it is (lineShortage says nothing). */
export function isLineOrderable(line: StockedLine): boolean {
  return lineShortage(line) === undefined;
}

/**
 * What the cart says by CHECKOUT while such a line is in it: place order's own words for a stock refusal (the summary
 * says them when the stock went while the shopper was in the checkout).
 */
export const cartStockMessage = 'Some items in your cart are no longer available in the quantity you chose. Please update your cart.';

// ---------------------------------------------------------------- checkout

/** What checkout needs of a vendor group (structurally the contract's DeliveryGroup). */
export interface ScheduledGroup {
  vendor_loc_id: number;
  type: SpeedValue;
  delivery_date: string | null;
  timeslot: unknown;
  /** Only wallet redemptions, eaten at the restaurant (issue 12): no delivery date or slot, only its table. */
  wallet?: boolean | undefined;
  /** A wallet or dine-in group's table as the cart keeps it on the server ('YYYY-MM-DD HH:MM'), if any. */
  dinein_time?: string | null | undefined;
}

export interface GroupProblems {
  date?: typeof requiredMessage;
  slot?: typeof requiredMessage;
  /** A Dine-In or wallet group with no table, neither kept by the cart nor chosen in this browser. */
  visit?: typeof visitRequiredMessage;
  /** A Dine-In or Pick-Up group in a cart of two modes: no speed can take the cart (place order's own words). */
  mode?: typeof mixedVisitCartRefusal;
  /** A group the chosen delivery option cannot take (walk 8 #3): what to do, in optionMismatchMessage's words. */
  option?: string;
  /** A line of the group is out of stock, or holds more than is left (lineShortage): removed or lowered, it can go on. */
  stock?: typeof cartStockMessage;
}

export type CheckoutProblems = Record<number, GroupProblems>;

/**
 * Spec "Cart checkout": every Same Day group needs a date and a time slot, every other group a date (a restaurant's
 * pick-up group none: it comes with the visit chosen on /ship/options). A Dine-In or wallet group needs its table: the
 * one the cart keeps on the server, else the one this browser chose (`browserVisit`, Delivery Options' or the
 * wallet's); without either, place order would refuse it (walk 6 #3: the checkout ran into a dead end). A date before
 * the vendor's current next delivery date (a saved date gone stale) counts as missing. Only groups with a problem
 * appear, so every problem is reported at once. A group holding a line its seller cannot sell as it is now (`lines`,
 * lineShortage) has a stock problem (walk 9 #2: CHECKOUT went on to a PLACE ORDER that refused it).
 */
export function checkoutProblems(
  groups: readonly ScheduledGroup[],
  minDates: Readonly<Record<number, string>> = {},
  browserVisit?: string | undefined,
  chosen?: ChosenOption,
  lines: readonly (StockedLine & { vendor_loc_id: number })[] = [],
): CheckoutProblems {
  const problems: CheckoutProblems = {};
  for (const group of groups) {
    const table = group.wallet === true || group.type === 'dine-in';
    if (table && !group.dinein_time && !browserVisit) problems[group.vendor_loc_id] = { visit: visitRequiredMessage };
    // Neither a table nor a restaurant's pick-up (issue 12) has a delivery date or slot to choose.
    if (group.wallet === true || isVisitSpeed(group.type)) continue;
    const min = minDates[group.vendor_loc_id];
    const hasDate = group.delivery_date !== null && (min === undefined || group.delivery_date >= min);
    const found: GroupProblems = {};
    if (!hasDate) found.date = requiredMessage;
    if (group.type === 'local' && (!hasDate || group.timeslot === null || group.timeslot === undefined)) found.slot = requiredMessage;
    if (found.date || found.slot) problems[group.vendor_loc_id] = found;
  }
  for (const locId of mixedModeGroups(groups)) problems[locId] = { ...problems[locId], mode: mixedVisitCartRefusal };
  const off = offOptionGroups(groups, chosen);
  const first = off[0];
  if (chosen && first) {
    const option = optionMismatchMessage(groupOption(first), chosen.kind);
    for (const group of off) problems[group.vendor_loc_id] = { ...problems[group.vendor_loc_id], option };
  }
  for (const line of lines) if (!isLineOrderable(line)) problems[line.vendor_loc_id] = { ...problems[line.vendor_loc_id], stock: cartStockMessage };
  return problems;
}

/**
 * The delivery option chosen on /ship/options as the session keeps it (shippingType), and whether the cart is a
 * wallet order (a redemption added to a cart of delivered lines keeps them: walk 5).
 */
export interface ChosenOption {
  kind: DeliveryOptionKind;
  walletOrder?: boolean | undefined;
}

/** The chosen option of a session's shippingType ('dine-in', 'pick-up', 'delivery'); none before any was chosen. */
export function chosenOptionOf(shippingType: string | undefined, walletOrder?: boolean): ChosenOption | undefined {
  const kind = shippingType?.trim().toLowerCase();
  return kind === 'dine-in' || kind === 'pick-up' || kind === 'delivery' ? { kind, walletOrder } : undefined;
}

/** The option a group's lines are for: a table (Dine-In, or wallet redemptions), a counter (Pick-Up), or Delivery. */
function groupOption(group: Pick<ScheduledGroup, 'type' | 'wallet'>): DeliveryOptionKind {
  if (group.wallet === true || group.type === 'dine-in') return 'dine-in';
  return group.type === 'pickup' ? 'pick-up' : 'delivery';
}

/**
 * Walk 8 #3: the groups the chosen delivery option cannot take (the cart changed in another browser, so the option
 * and the cart's mode disagree): a Pick-Up takes only pick-up lines; a Dine-In no pick-up line, nor a delivered one
 * (beside a wallet order's redemption a delivered line keeps its address: walk 5); Delivery no table or counter line
 * (wallet redemptions go with delivered lines). Place order refuses such a cart for the option's speed.
 */
export function offOptionGroups<G extends Pick<ScheduledGroup, 'vendor_loc_id' | 'type' | 'wallet'>>(
  groups: readonly G[],
  chosen: ChosenOption | undefined,
): G[] {
  if (!chosen) return [];
  return groups.filter((group) => {
    const option = groupOption(group);
    if (chosen.kind === 'pick-up') return option !== 'pick-up';
    if (chosen.kind === 'dine-in') return option === 'pick-up' || (option === 'delivery' && chosen.walletOrder !== true);
    return group.wallet !== true && option !== 'delivery';
  });
}

/** What the cart says when its lines are for another option than the chosen one (our words: the spec has none). */
export function optionMismatchMessage(cartOption: DeliveryOptionKind, chosen: DeliveryOptionKind): string {
  const theirs = deliveryOptionLabels[cartOption];
  return `Your cart holds ${theirs} items, but you are on ${deliveryOptionLabels[chosen]}. Choose again in Delivery Options (Change, in the header), or remove them.`;
}

/**
 * The restaurant groups of a cart of two modes (decision 086 left: a paid Dine-In group beside delivered lines reached
 * CHECKOUT, and the speed tab could not go on): a Dine-In or Pick-Up group beside delivered groups or the other's, or a
 * Pick-Up beside wallet redemptions (eaten at a table), as place order refuses them (cartSpeedIds). Wallet redemptions
 * go with delivered lines or a Dine-In. Empty for a cart of one mode.
 */
export function mixedModeGroups(groups: readonly Pick<ScheduledGroup, 'vendor_loc_id' | 'type' | 'wallet'>[]): number[] {
  const visits = groups.filter((group) => group.wallet !== true && isVisitSpeed(group.type));
  const kinds = new Set(visits.map((group) => group.type));
  const delivered = groups.some((group) => group.wallet !== true && !isVisitSpeed(group.type));
  const wallet = groups.some((group) => group.wallet === true);
  const mixed = kinds.size > 1 || (kinds.size > 0 && delivered) || (kinds.has('pickup') && wallet);
  return mixed ? visits.map((group) => group.vendor_loc_id) : [];
}

/** What the cart says by CHECKOUT when it refused: two modes, or the delivery dates and slots, the tables, or both. */
export function checkoutHint(problems: CheckoutProblems): string {
  const all = Object.values(problems);
  // Two modes: no date or table makes the cart orderable; the cart itself must change.
  if (all.some((p) => p.mode)) return mixedVisitCartRefusal;
  // Lines for another option than the chosen one: neither a date nor a table helps; the option or the cart must change.
  const option = all.find((p) => p.option)?.option;
  if (option) return option;
  // A line sold out or short: removed or lowered first (its line says which).
  if (all.some((p) => p.stock)) return cartStockMessage;
  const dates = all.some((p) => p.date || p.slot);
  const tables = all.some((p) => p.visit);
  const datesWords = 'Choose a delivery date (and a time slot for Same Day) for every seller';
  if (dates && tables) return `${datesWords}, and your table's date and time.`;
  return tables ? visitRequiredMessage : `${datesWords}.`;
}

export function hasCheckoutProblems(problems: CheckoutProblems): boolean {
  return Object.keys(problems).length > 0;
}

export type CheckoutTarget = '/cart/card' | '/cart/address';

/**
 * Spec 4 "Checkout gating": dine-in and pick-up need no address, so they go straight to the card tab; so does a cart
 * of wallet redemptions only (issue 12), which is a dine-in order.
 */
export function checkoutTarget(shippingType: string | undefined, walletOnly = false, delivered = false): CheckoutTarget {
  // A line someone delivers needs its address, whatever the session's choice (a wallet redemption sets Dine-In).
  if (delivered) return '/cart/address';
  const type = shippingType?.trim().toLowerCase();
  return walletOnly || type === 'dine-in' || type === 'pick-up' ? '/cart/card' : '/cart/address';
}

/** A group of the cart is delivered (neither wallet redemptions nor a restaurant's dine-in or pick-up). */
export function hasDeliveredGroup(groups: readonly { type: string; wallet?: boolean | undefined }[]): boolean {
  return groups.some((group) => group.wallet !== true && !isVisitSpeed(group.type));
}

/** Every group of the cart is wallet redemptions (and there is at least one). */
export function isWalletOnlyCart(groups: readonly Pick<ScheduledGroup, 'vendor_loc_id' | 'wallet'>[]): boolean {
  return groups.length > 0 && groups.every((group) => group.wallet === true);
}
