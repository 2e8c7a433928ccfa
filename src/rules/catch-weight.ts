import { centsToDollars, dollarsToCents, formatMoney } from './money.ts';
import { endedOrderText, type CancelFacts, type CancelPayment } from './cancel-words.ts';
import { refusedAllOut, refusedByOf, refusedPartWho, type FulfilmentActor } from './fulfilment.ts';
import type { PartMoney } from './order-refunds.ts';
import { shopperWalletLineWords } from './payment-words.ts';
import { modeRowsOf } from './price-rows.ts';
import { handOverOf, type HandOver } from './pay-on-delivery.ts';
import { estimateLabel, formatWeighedPounds, weighedAt, weightMarginPercent } from './weight-estimate.ts';
import type { WalletUnit } from './wallet.ts';

/**
 * Catch-weight pricing and substitutions (issue 24 items 4-5, decision 039). A product sold by weight
 * (products.sold_by_weight) is priced at its nominal weight (the variant's size): that price is the estimate. The seller
 * weighs each such line when packing, and the line then costs its price × weighed / nominal, capped at the estimate
 * plus the margin: the card was authorised for exactly that much, so the capture never needs the shopper again. A
 * substituted line costs the substitute's price but never more than the line it replaces; a refused or out line costs
 * nothing. One function (finalCents) computes what the order costs in the end, for the server's capture and the
 * shopper's page.
 */

// What a card, the product page and the cart say about a weighed line lives in weight-estimate.ts (the first load
// takes it, not the rest of this file); re-exported here, where the rest of the rule reads it.
export {
  cardEstimate,
  estimateLabel,
  formatPounds,
  formatWeighedPounds,
  gramsPerPound,
  lineEstimate,
  weighedAt,
  weightMarginPercent,
} from './weight-estimate.ts';

/**
 * A weighed order's words by its hand-over (the order page's note, the mails): when the weight is taken (weighedAt's
 * words) and when what weighing leaves over is refunded (QA walk 7 #8: a Dine-In mail said 'refunded after packing').
 */
export const weighedAtWords: Readonly<Record<HandOver, { weight: string; refunded: string }>> = {
  delivery: { weight: weighedAt('local'), refunded: 'after packing' },
  'pick-up': { weight: weighedAt('pickup'), refunded: 'once it is handed over' },
  'dine-in': { weight: weighedAt('dine-in'), refunded: 'once it is served' },
};
/** The margin on an estimate, in cents (rounded up: the hold always covers the capped weight). */
export function marginCents(estimateCents: number): number {
  return Math.ceil((estimateCents * weightMarginPercent) / 100);
}

/** What the card is authorised for: the order's estimated total plus the margin on its weighed lines' estimate. */
export function authorisedCents(grandTotalCents: number, weighedEstimateCents: number): number {
  return grandTotalCents + marginCents(weighedEstimateCents);
}

/** The cap rule, in the shopper's words (on the order and in decision 039). */
export const capRule = `A weighed item never costs more than its estimate plus ${weightMarginPercent}%: anything heavier is on us.`;

export const substitutionPreferences = ['similar', 'same_brand', 'refund'] as const;
export type SubstitutionPreference = (typeof substitutionPreferences)[number];
export const defaultSubstitutionPreference: SubstitutionPreference = 'similar';

export const substitutionPreferenceLabels: Readonly<Record<SubstitutionPreference, string>> = {
  similar: 'Allow a similar product',
  same_brand: 'Same brand and cut only',
  refund: 'Refund if out of stock',
};

/**
 * A preference's words for one line: a cut is a piece of meat or fish (sold in grams); a drink (sold in ml) has a brand
 * but no cut, so its choice reads 'Same brand only' (QA walk 9 S6: a sake offered 'Same brand and cut only'). The rule
 * the words stand for is the same (substituteAllowed: the same category and brand).
 */
export function substitutionPreferenceLabel(preference: SubstitutionPreference, line: { size_unit: 'g' | 'ml' }): string {
  return preference === 'same_brand' && line.size_unit === 'ml' ? 'Same brand only' : substitutionPreferenceLabels[preference];
}

export function isSubstitutionPreference(value: string): value is SubstitutionPreference {
  return (substitutionPreferences as readonly string[]).includes(value);
}

/** proposed: the seller offers a substitute; approved/refused: the shopper's (or the preference's) answer; out: no substitute. */
export const substitutionStates = ['proposed', 'approved', 'refused', 'out'] as const;
export type SubstitutionState = (typeof substitutionStates)[number];

/** Why a line left the order: its substitute refused, or out of stock with none. */
const lineLeftWords = { refused: 'Substitute refused', out: 'Out of stock' } as const;

export const substitutionStateLabels: Readonly<Record<SubstitutionState, string>> = {
  proposed: 'Substitute offered',
  approved: 'Substituted',
  refused: `${lineLeftWords.refused}: not charged`,
  out: `${lineLeftWords.out}: not charged`,
};

/** What the seller's proposal must share with the ordered product under each preference (none: no proposal at all). */
export function substituteAllowed(
  preference: SubstitutionPreference,
  ordered: { category_id: number; brand_name: string },
  substitute: { category_id: number; brand_name: string },
): boolean {
  if (preference === 'refund') return false;
  if (ordered.category_id !== substitute.category_id) return false;
  return preference === 'similar' || ordered.brand_name === substitute.brand_name;
}

/**
 * A proposal the shopper has not answered when the seller packs: the preference decides. Both substituting
 * preferences said yes in advance (the seller could only propose what they allow); 'refund' never has a proposal.
 */
export function unansweredDecision(preference: SubstitutionPreference): 'approved' | 'refused' {
  return preference === 'refund' ? 'refused' : 'approved';
}

/** One order line as the final amount needs it. */
export interface PricedLine {
  row_total_cents: number;
  tax_cents: number;
  bottle_size: number;
  qty: number;
  sold_by_weight: boolean;
  weighed_grams: number | null;
  substitution_state: SubstitutionState | null;
  substitute_price_cents: number | null;
}

/** A line's goods after weighing or substitution, before tax (its row total when nothing changed). */
export function lineFinalCents(line: PricedLine): number {
  if (line.substitution_state === 'out' || line.substitution_state === 'refused') return 0;
  if (line.substitution_state === 'approved' && line.substitute_price_cents !== null) {
    return Math.min(line.substitute_price_cents * line.qty, line.row_total_cents);
  }
  if (line.substitution_state === 'proposed') return line.row_total_cents;
  if (line.sold_by_weight && line.weighed_grams !== null && line.bottle_size > 0) {
    const nominal = line.bottle_size * line.qty;
    const weighed = Math.round((line.row_total_cents * line.weighed_grams) / nominal);
    return Math.min(weighed, line.row_total_cents + marginCents(line.row_total_cents));
  }
  return line.row_total_cents;
}

/**
 * Whether a line is charged at its weight: sold by weight, sized, paid for (a wallet redemption costs nothing) and
 * not replaced or taken out. Only an order (or part) with such a line speaks of weights and the cap (QA walk 9 S2: the
 * Table ready mail of sake and oysters said 'A weighed item never costs more than its estimate plus 10%').
 */
export function isWeighedLine(line: PricedLine): boolean {
  const replaced = line.substitution_state !== null && line.substitution_state !== 'proposed';
  return line.sold_by_weight && line.bottle_size > 0 && line.row_total_cents > 0 && !replaced;
}

/** Whether the weighed amount was cut to the margin (the order says so). */
export function lineCapped(line: PricedLine): boolean {
  if (!line.sold_by_weight || line.weighed_grams === null || line.bottle_size <= 0 || line.substitution_state !== null) return false;
  return line.row_total_cents * line.weighed_grams > (line.row_total_cents + marginCents(line.row_total_cents)) * line.bottle_size * line.qty;
}

/** A line's tax after weighing or substitution: its tax in proportion to its final goods (unchanged when they are). */
export function lineFinalTaxCents(line: PricedLine): number {
  const final = lineFinalCents(line);
  if (final === line.row_total_cents) return line.tax_cents;
  return line.row_total_cents === 0 ? 0 : Math.round((line.tax_cents * final) / line.row_total_cents);
}

/** What the lines' changes (weights, substitutions, outs) add to the goods and to the tax: each line rounded once. */
function lineChanges(lines: readonly PricedLine[]): { goods: number; tax: number } {
  let goods = 0;
  let tax = 0;
  for (const line of lines) {
    goods += lineFinalCents(line) - line.row_total_cents;
    tax += lineFinalTaxCents(line) - line.tax_cents;
  }
  return { goods, tax };
}

/**
 * The order's final total: the estimate with each line's change (and its tax in proportion) applied. Fees, tip and
 * discount stay as placed; never below zero.
 */
export function finalCents(grandTotalCents: number, lines: readonly PricedLine[]): number {
  const change = lineChanges(lines);
  return Math.max(0, grandTotalCents + change.goods + change.tax);
}

/** An order's own figures as placed, in cents (the parts of its grand total that lines change). */
export interface PlacedAmounts {
  grand_total_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  taxes_cents: number;
}

/** The order's final figures: subtotal, discount, tax and total that add up as the placed ones did. */
export interface FinalAmounts {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The final figures the order's summary lists once packed: the subtotal and tax with the lines' changes, the discount
 * as placed (cut to what is left when the lines that remain cost less than it, as the total never goes below zero),
 * fees and tip unchanged; totalCents is finalCents, so the rows add up to what was charged.
 */
export function finalAmounts(placed: PlacedAmounts, lines: readonly PricedLine[]): FinalAmounts {
  const change = lineChanges(lines);
  const raw = placed.grand_total_cents + change.goods + change.tax;
  return {
    subtotalCents: placed.subtotal_cents + change.goods,
    discountCents: raw < 0 ? placed.discount_cents + raw : placed.discount_cents,
    taxCents: placed.taxes_cents + change.tax,
    totalCents: Math.max(0, raw),
  };
}

/**
 * What an order costs in every place the shopper, the seller and staff read it (the orders list, the status page, the
 * consoles): its final amount once known (packed: weighed, substituted, marked out), its estimate before.
 */
export function chargedTotal(order: { grand_total: string; final_total?: string | null | undefined }): string {
  return order.final_total ?? order.grand_total;
}

/**
 * What a staff card says after its part's amount: the whole order's (its final once packed), and the driver tip when
 * there is one, which is in no seller's part ("of the order's $59.78 (driver tip $6.35)": QA walk 9 #1, the parts read
 * $31.25 and $22.18 of $59.78 with nothing saying where the rest went).
 */
export function ofTheOrderWords(order: { grand_total: string; final_total?: string | null | undefined; driver_tip?: string | undefined }): string {
  const tip = order.driver_tip !== undefined && (dollarsToCents(order.driver_tip) ?? 0) > 0 ? ` (driver tip ${formatMoney(order.driver_tip)})` : '';
  return `of the order's ${formatMoney(chargedTotal(order))}${tip}`;
}

/** A line's TOTAL: its final amount once weighed, substituted or marked out, its row total before. */
export function lineTotal(line: { row_total: string; final_row_total?: string | null | undefined }): string {
  return line.final_row_total ?? line.row_total;
}

/** The order's figures a summary lists (the contract's OrderSummary, its final figures once packed). */
export interface OrderFigures {
  subtotal: string;
  discount: string;
  delivery_fee: string;
  tax: string;
  fee_amount: string;
  driver_tip: string;
  grand_total: string;
  /** What checkout showed (grand_total less nothing): a part refused later lowers grand_total, never this. */
  checkout_total?: string | undefined;
  final_total?: string | null | undefined;
  final_subtotal?: string | null | undefined;
  final_discount?: string | null | undefined;
  final_tax?: string | null | undefined;
  cap_rule?: string | null | undefined;
  /** The checkout's speed id the order was placed at: which rows can apply (src/rules/price-rows.ts). */
  speed_id?: number | undefined;
  /** Parts refused while the rest went on, and what each took off (the figures above are without them). */
  refused_parts?: readonly { vendor_name: string; total: string }[] | undefined;
  /** The order's steps: who refused a part (its seller, or the store for them: refusedByOf). */
  timeline?: readonly { state: string; actor: string; seller?: string | null | undefined; reason?: string | null | undefined }[] | undefined;
  /** The store's word for the order's payment: 'canceled' once the order ended (refused or canceled, given back). */
  status?: string | undefined;
  /** Its wallet redemption lines, what each took from the wallet: back in the wallet once the order ended. */
  wallet_back?: readonly { product_name: string; amount: number; unit: WalletUnit }[] | undefined;
  /** An ended order: its payment refunded, a card's hold released, or nothing taken (the server's endedPaymentOf). */
  ended_payment?: CancelPayment | undefined;
}

/** An order that ended (refused or canceled): whatever was taken is given back (order-transitions.ts), nothing is owed. */
const isEndedOrder = (order: OrderFigures) => order.status === 'canceled';

/** An ended order's cancel facts (cancel-words.ts), from what the server said became of its payment. */
function endedFactsOf(order: OrderFigures): CancelFacts {
  return {
    payment: order.ended_payment ?? 'none',
    totalCents: isNothingToPay(order) ? 0 : (dollarsToCents(order.checkout_total ?? order.grand_total) ?? 0),
    walletBack: (order.wallet_back ?? []).map((w) => ({ productName: w.product_name, amount: w.amount, unit: w.unit })),
  };
}

/** An order whose payment did not go through (orders.ts statusLabels): nothing was taken, its items went back to the cart. */
const isFailedOrder = (order: OrderFigures) => order.status === 'payment failed';

/** An order of wallet redemptions only: $0.00, nothing to pay (the checkout's 'Nothing to Pay'). */
const isNothingToPay = (order: OrderFigures) =>
  (dollarsToCents(order.grand_total) ?? 0) === 0 && (dollarsToCents(order.final_total ?? '0') ?? 0) === 0;

/** Nothing is or will be charged for it: no estimate, no weight to charge at, no cap to speak of. */
const chargesNothing = (order: OrderFigures) => isEndedOrder(order) || isFailedOrder(order) || isNothingToPay(order);

/** The order status page's words for a failed payment (it links to the cart after them), or undefined. */
export function failedPaymentNote(order: OrderFigures): string | undefined {
  return isFailedOrder(order) ? 'Your payment did not go through, so nothing was charged. Its items were put back in your cart.' : undefined;
}

/** One row of an order's totals: its name, dollars, whether it is taken off (a discount) and whether it is the total. */
export interface TotalRow {
  name: string;
  value: string;
  discount?: boolean;
  total?: boolean;
}

/**
 * An order's totals, rows that add up to the last one (an ended order's to the one before it, what it was): as placed (the last 'Grand Total', or 'Estimated Total' while
 * weighed lines wait for the scale), or once packed the final subtotal, discount and tax with the fees and tip as
 * placed, adding up to 'Final Total', what was charged (or is due at the door). A Delivery Fee or Driver Tip that
 * cannot apply to the order's speed (a pick-up, a table, a courier's tip) is not listed: it is always 0. An order
 * that ended (canceled, or refused whole) ends with what it was and 'Nothing to pay' (QA walk 3, walk 8 #6).
 */
export function orderTotalRows(order: OrderFigures): TotalRow[] {
  const final = order.final_total ?? null;
  const applies = modeRowsOf(order.speed_id);
  const rows: TotalRow[] = [
    { name: 'Subtotal', value: (final !== null ? order.final_subtotal : null) ?? order.subtotal },
    { name: 'Discount', value: (final !== null ? order.final_discount : null) ?? order.discount, discount: true },
    ...(applies.deliveryFee ? [{ name: 'Delivery Fee', value: order.delivery_fee }] : []),
    { name: 'Taxes', value: (final !== null ? order.final_tax : null) ?? order.tax },
    { name: 'Fees', value: order.fee_amount },
    ...(applies.driverTip ? [{ name: 'Driver Tip', value: order.driver_tip }] : []),
  ];
  if (final !== null && !isEndedOrder(order)) return [...rows, { name: 'Final Total', value: final, total: true }];
  // An order that ended owes nothing: the rows above add up to what it was ('Total, was $68.73'), and its total is
  // what it charges, $0.00 (as the page's TOTAL says 'Nothing to pay (was …)'), not a Grand Total still due nor a
  // was-amount read as charged (QA walk 8 #6). One that cost nothing (wallet redemptions only) was never anything to
  // pay: its Grand Total stays $0.00 (QA walk 5).
  if (isEndedOrder(order) && !isNothingToPay(order))
    return [...rows, { name: 'Total, was', value: final ?? order.grand_total }, { name: 'Nothing to pay', value: '0.00', total: true }];
  const estimated = order.cap_rule && !chargesNothing(order);
  return [...rows, { name: estimated ? 'Estimated Total' : 'Grand Total', value: order.grand_total, total: true }];
}

/**
 * What the order's totals say under them: once packed with a final amount other than the estimate, the estimate it
 * replaced; while weighed lines wait, that they are charged at their weight; and the cap rule with weighed lines.
 */
export function orderTotalNote(order: OrderFigures): string | undefined {
  // 'Fulton Fish Co. refused their part: $33.07 taken off (its items, their tax and its fees).', or 'The store refused
  // Fulton Fish Co.'s part: …' when staff refused it for the seller.
  const parts: string[] = (order.refused_parts ?? []).map(
    (p) => `${refusedPartWhoOf(p.vendor_name, order.timeline)}: ${formatMoney(p.total)} taken off (its items, their tax and its fees).`,
  );
  // What became of its payment and of the portions its redemptions took, in the cancel confirm's and mail's words.
  if (isEndedOrder(order)) parts.push(endedOrderText(endedFactsOf(order)));
  // Nothing charged (ended, a payment that failed, wallet redemptions only): no word of weights or caps to charge by.
  if (chargesNothing(order)) return parts.length === 0 ? undefined : parts.join(' ');
  const final = order.final_total ?? null;
  // The estimate at checkout is what checkout showed: a refused part's share is said apart, as an estimate of the rest.
  const checkout = order.checkout_total ?? order.grand_total;
  // When the weight is taken, in the order's hand-over's words (walk 7 #5: a Dine-In steak is served, not packed).
  const { weight } = weighedAtWords[handOverOf(order.speed_id)];
  if (final !== null && (final !== order.grand_total || checkout !== order.grand_total)) {
    // What remains: without a refused part, or without the lines marked out or replaced (refused-parts.ts standingAmounts).
    const without = (order.refused_parts ?? []).length > 0 ? ' without the refused part' : '';
    const rest = checkout !== order.grand_total ? ` Estimated for what remains${without}: ${formatMoney(order.grand_total)}.` : '';
    parts.push(`Estimated at checkout: ${formatMoney(checkout)}.${rest} The final total counts each item as ${weight}.`);
  } else if (final === null && order.cap_rule) parts.push(`Items sold by weight are charged at their weight when ${weight}.`);
  if (order.cap_rule) parts.push(order.cap_rule);
  return parts.length === 0 ? undefined : parts.join(' ');
}

/**
 * The status page's total: 'Estimated $100.35 · Final $92.27' once they differ or weighed lines are involved, else the
 * amount; an order that ended owes nothing ('Nothing to pay (was $77.36)'), whatever its figures were.
 */
export function orderTotalWords(order: OrderFigures): string {
  if (isEndedOrder(order) && isNothingToPay(order)) return 'Nothing to pay';
  if (isEndedOrder(order)) return `Nothing to pay (was ${orderTotalWords({ ...order, status: undefined })})`;
  if (isFailedOrder(order)) return `Nothing charged (was ${formatMoney(order.grand_total)})`;
  if (isNothingToPay(order)) return 'Nothing to pay';
  const final = order.final_total ?? null;
  if (order.cap_rule || (final !== null && final !== order.grand_total)) {
    const estimate = dollarsToCents(order.grand_total) ?? 0;
    const checkout = order.checkout_total === undefined ? estimate : (dollarsToCents(order.checkout_total) ?? estimate);
    return estimateAndFinal(estimate, final === null ? null : (dollarsToCents(final) ?? null), checkout);
  }
  return formatMoney(chargedTotal(order));
}

/**
 * The order's words for its estimate and final amount ('Estimated $41.20 · Final $39.87'); a final that came out at
 * the estimate is said once ('Final $41.20, as estimated'), not as two equal figures. After a part was refused the
 * estimate of what remains is below checkout's: both are named ('Estimated $68.69 at checkout, $46.01 for what
 * remains · Final $49.67'), so a final above the rest's estimate never reads as above what checkout showed.
 */
export function estimateAndFinal(estimateCents: number, finalTotal: number | null, checkoutCents: number = estimateCents): string {
  const money = (cents: number) => formatMoney(centsToDollars(cents));
  const estimate =
    checkoutCents === estimateCents
      ? `Estimated ${money(estimateCents)}`
      : `Estimated ${money(checkoutCents)} at checkout, ${money(estimateCents)} for what remains`;
  if (finalTotal === null) return estimate;
  const final = `Final ${money(finalTotal)}`;
  return finalTotal === estimateCents && checkoutCents === estimateCents ? `${final}, as estimated` : `${estimate} · ${final}`;
}

/** One order line's catch-weight and substitution facts as the shopper's order shows them (absent: nothing to say). */
export interface LineFacts {
  product_qty: number;
  bottle_size: number;
  row_total: string;
  sold_by_weight?: boolean | undefined;
  weighed_grams?: number | null | undefined;
  capped?: boolean | undefined;
  substitution_state?: SubstitutionState | null | undefined;
  substitute_name?: string | null | undefined;
  /** Its seller's part's step: 'refused' when they refused it while the rest of the order went on. */
  fulfilment_state?: string | undefined;
  /** Its seller: who refused its part is read from the order's timeline by this name. */
  vendor_name?: string | undefined;
  /** Its part refused or canceled: whether its money was refunded or never charged (the server's, from the payment). */
  part_money?: PartMoney | undefined;
  /** Redeemed from the wallet: refused, it went back to the wallet. */
  wallet?: boolean | undefined;
}

/**
 * A refused part's line: who refused it (its seller, or the store's staff for them) and what became of its money:
 * 'not charged' when nothing was taken for it (a card only held, pay on delivery), 'refunded' when a payment taken at
 * place order gave its share back (QA: 'not charged' on an order paid up front, its refund listed below).
 */
export function refusedPartLineNote(by: FulfilmentActor, money: boolean | 'wallet'): string {
  return `Refused by ${by === 'staff' ? 'the store' : 'its seller'}: ${partLineOutcome(money)}`;
}

/** What became of an ended part's line's money: refunded, never charged, or back in the wallet. */
function partLineOutcome(money: boolean | 'wallet'): string {
  return money === 'wallet' ? 'back in your wallet' : money ? 'refunded' : 'not charged';
}

/** Who refused a seller's part, in the order page's words: 'Fulton Fish Co. refused their part' or 'The store refused …'. */
function refusedPartWhoOf(vendorName: string, timeline: OrderFigures['timeline']): string {
  return refusedPartWho(refusedByOf(timeline, vendorName) ?? 'seller', vendorName);
}

/**
 * 'about 1.1 lb, est. $18.40 · weighed 0.99 lb' or 'Substituted: Salmon Fillet', or undefined. The line's final amount
 * is its TOTAL (lineTotal), in the column beside the note: the note does not say it again.
 */
export function lineNote(line: LineFacts, timeline?: OrderFigures['timeline']): string | undefined {
  // A refused part's lines leave the order as marked-out lines do (refused-parts.ts), but were not out of stock; the
  // order's timeline says whether its seller or the store refused it, its part_money whether its share was given back
  // (QA: told by matching the refunds' words; a part refused whole, refunded at the order's end, read 'not charged'),
  // and a wallet line that it went back to the wallet (walk 5).
  if (line.fulfilment_state === 'refused') {
    const money = line.wallet === true ? 'wallet' : line.part_money === 'refunded';
    // A part that ended because every line was out: each line says why it left, as the consoles do (QA walk 8 #6:
    // marked-out lines read 'Refused by its seller: not charged'). A part its seller refused has its lines out too.
    const left = line.substitution_state === 'out' || line.substitution_state === 'refused' ? line.substitution_state : undefined;
    if (left !== undefined && refusedAllOut(timeline, line.vendor_name)) return `${lineLeftWords[left]}: ${partLineOutcome(money)}`;
    return refusedPartLineNote(refusedByOf(timeline, line.vendor_name) ?? 'seller', money);
  }
  const parts: string[] = [];
  if (line.substitution_state) {
    parts.push(`${substitutionStateLabels[line.substitution_state]}${line.substitute_name ? `: ${line.substitute_name}` : ''}`);
  } else if (line.wallet === true) {
    // A redemption ($0.00 beside paid lines) says where it came from, as the console does (walk 6).
    parts.push(shopperWalletLineWords);
  } else if (line.sold_by_weight && line.bottle_size > 0 && (dollarsToCents(line.row_total) ?? 0) > 0) {
    // A wallet redemption ($0.00) is not charged by weight: no estimate to show.
    parts.push(estimateLabel(line.bottle_size * line.product_qty, Math.round(Number(line.row_total) * 100)));
    if (line.weighed_grams !== null && line.weighed_grams !== undefined) parts.push(`weighed ${formatWeighedPounds(line.weighed_grams)}`);
    if (line.capped) parts.push(`capped at +${weightMarginPercent}%`);
  }
  return parts.length === 0 ? undefined : parts.join(' · ');
}
