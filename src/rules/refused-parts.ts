import { finalAmounts, lineFinalCents, lineFinalTaxCents, type PlacedAmounts, type PricedLine } from './catch-weight.ts';
import { isEndedState, type FulfilmentState } from './fulfilment.ts';
import { divideRoundHalfUp, spreadCents } from './money.ts';
import { isTipPercent, tipCents } from './tips.ts';

/**
 * The money of an order one seller refused part of while the others go on (decision 081: an order of several sellers
 * is handled part by part). What a shopper expects, and what this rule does:
 * - The refused part's lines leave the order as lines marked out do (catch-weight.ts lineFinalCents: not charged),
 *   their sales tax with them: the tax that stays is the remaining lines' own.
 * - Its delivery fee and packaging fee are no longer charged.
 * - The coupon stays with the lines: checkout spread its discount over the lines in proportion to their prices
 *   (cart-totals.ts lineTaxesCents, the same spreadCents) and taxed each line on its price less its share, so the
 *   refused lines take their share with them and the remaining lines keep theirs. A percentage coupon is thus that
 *   percentage of what is left; a fixed one is shared as a return would be (the refund is what the shopper paid for
 *   those lines). A coupon whose minimum the remaining lines no longer reach still applies: the shopper met it at
 *   checkout and the refusal was the seller's, not theirs.
 * - The driver tip stays as chosen while a part the driver brings (Same Day, 'local': the 1 Hour driver) goes on: the
 *   tip is the driver's, not the goods'. Once every such part is refused, no driver comes: the tip goes too (QA walk
 *   3: a $4.43 tip kept on an order left with only Farm Direct), given back with the refusal that took the last one
 *   (driverTipOff).
 * So a refused part's share is exactly what the shopper paid for it: its lines less their coupon share, their tax
 * and its fees; the shares of an order's parts add up to its total less the tip.
 */

/** One order line with its part (order_deliverables.id), priced as catch-weight.ts reads it. */
export interface PartLine extends PricedLine {
  deliverable_id: number;
}

/** One seller's part of the order: where it is and the fees it was charged. */
export interface OrderPartFees {
  id: number;
  state: FulfilmentState;
  delivery_fee_cents: number;
  packaging_fee_cents: number;
  /** Its speed (order_deliverables.speed): a 'local' part is the one the driver brings. Unknown: not the driver's. */
  speed?: string | undefined;
}

/** The speed the driver the tip is for brings (Same Day, checkout's 1 Hour Delivery: tips.ts tipSpeedId). */
export const driverSpeed = 'local';

/**
 * The tip taken off with the refused parts: all of it once every part the driver brings is refused (no driver comes),
 * else none. An order with no driver part keeps its tip as placed (it never had one to lose).
 */
export function driverTipOff(tipCents: number, parts: readonly Pick<OrderPartFees, 'id' | 'speed'>[], refusedIds: ReadonlySet<number>): number {
  const driven = parts.filter((p) => p.speed === driverSpeed);
  return tipCents > 0 && driven.length > 0 && driven.every((p) => refusedIds.has(p.id)) ? tipCents : 0;
}

/** The order's own figures as placed, in cents. */
export interface PlacedOrder extends PlacedAmounts {
  delivery_fee_cents: number;
  fee_cents: number;
  tip_cents: number;
  /** The driver tip's percent of the driver's goods (tips.ts); 0 or absent: none. */
  tip_percent?: number | undefined;
  /** A percent coupon's basis points as placed (migration 047); null or absent: none, or a fixed coupon. */
  coupon_percent_bp?: number | null | undefined;
}

/** A line as estimated: its substitution counted (out, refused, a cheaper substitute), not a weight (none before packing). */
function asEstimated<L extends PricedLine>(line: L): L {
  return line.weighed_grams === null ? line : { ...line, weighed_grams: null };
}

/** What lines lost by their substitutions (marked out, a substitute refused or cheaper), at their estimate: never negative. */
function goodsDropped(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.row_total_cents - lineFinalCents(asEstimated(line)), 0);
}

/** A percent of `base` before and after `dropped` leaves it: how much less it comes to (each side rounded as placed). */
function percentDrop(base: number, dropped: number, percentOf: (cents: number) => number): number {
  return dropped <= 0 ? 0 : percentOf(base) - percentOf(Math.max(0, base - dropped));
}

/**
 * What a percent coupon and a percent driver tip give back when lines leave the order (QA walk 9 #1): a percent
 * coupon is that percent of what is left, a percent tip that percent of the driver's goods left; a fixed coupon stays
 * as placed. Each is placed figure less the percent of what left, so with no line changed they are exactly as placed.
 */
export function percentChanges(
  order: Pick<PlacedOrder, 'coupon_percent_bp' | 'tip_percent' | 'tip_cents'>,
  lines: readonly PartLine[],
  parts: readonly Pick<OrderPartFees, 'id' | 'speed'>[],
): { discountBackCents: number; tipOffCents: number } {
  const bp = order.coupon_percent_bp ?? 0;
  const base = lines.reduce((sum, line) => sum + line.row_total_cents, 0);
  const discountBackCents = bp > 0 ? percentDrop(base, goodsDropped(lines), (cents) => divideRoundHalfUp(cents * bp, 10_000)) : 0;
  const driven = new Set(parts.filter((p) => p.speed === driverSpeed).map((p) => p.id));
  const driverLines = lines.filter((line) => driven.has(line.deliverable_id));
  const percent = order.tip_percent ?? 0;
  const tipOffCents =
    isTipPercent(percent) && percent > 0 && order.tip_cents > 0
      ? Math.min(
          order.tip_cents,
          percentDrop(
            driverLines.reduce((sum, line) => sum + line.row_total_cents, 0),
            goodsDropped(driverLines),
            (cents) => tipCents(cents, percent),
          ),
        )
      : 0;
  return { discountBackCents, tipOffCents };
}

/** What one refused part takes off the order: its goods less their coupon share, their tax and its fees. */
export interface PartShare {
  goodsCents: number;
  discountCents: number;
  taxCents: number;
  deliveryFeeCents: number;
  feeCents: number;
  totalCents: number;
}

/** The order's figures as they stand: rows that add up to totalCents (subtotal − discount + fees + tax + tip). */
export interface StandingAmounts {
  subtotalCents: number;
  discountCents: number;
  deliveryFeeCents: number;
  feeCents: number;
  taxCents: number;
  tipCents: number;
  totalCents: number;
}

/** Each line's share of the order's coupon, as checkout spread it: in proportion to the lines' prices, in line order. */
export function lineDiscountShares(lines: readonly PartLine[], discountCents: number): number[] {
  return spreadCents(
    lines.map((line) => line.row_total_cents),
    discountCents,
  );
}

/** What the part takes off the order when it is refused: exactly what the shopper paid for it (the lines as placed). */
export function partShare(order: Pick<PlacedOrder, 'discount_cents'>, lines: readonly PartLine[], part: OrderPartFees): PartShare {
  const shares = lineDiscountShares(lines, order.discount_cents);
  let goodsCents = 0;
  let discountCents = 0;
  let taxCents = 0;
  lines.forEach((line, index) => {
    if (line.deliverable_id !== part.id) return;
    goodsCents += line.row_total_cents;
    discountCents += shares[index] ?? 0;
    taxCents += line.tax_cents;
  });
  const deliveryFeeCents = part.delivery_fee_cents;
  const feeCents = part.packaging_fee_cents;
  return {
    goodsCents,
    discountCents,
    taxCents,
    deliveryFeeCents,
    feeCents,
    totalCents: goodsCents - discountCents + taxCents + deliveryFeeCents + feeCents,
  };
}

/**
 * What the shopper pays for one part, as a seller's or staff's card shows it: its lines less their share of the
 * coupon, their tax and its fees (partShare), each line as it stands: marked out or refused not charged, a substitute at
 * its capped price (QA walk 9 #1: the card kept the placed amount until the whole order was packed), and once packed
 * at its weight; a percent coupon's share is that percent of what is left. The parts and the tip add up to the order.
 */
export function partTotalCents(
  order: Pick<PlacedOrder, 'discount_cents' | 'coupon_percent_bp'>,
  lines: readonly PartLine[],
  part: OrderPartFees,
  packed: boolean,
): number {
  const placed = partShare(order, lines, part).totalCents;
  const own = lines.filter((line) => line.deliverable_id === part.id).map((line) => (packed ? line : asEstimated(line)));
  const change = own.reduce((sum, line) => sum + lineFinalCents(line) - line.row_total_cents + lineFinalTaxCents(line) - line.tax_cents, 0);
  const { discountBackCents } = percentChanges({ coupon_percent_bp: order.coupon_percent_bp, tip_cents: 0 }, own, [part]);
  return placed + change + discountBackCents;
}

/**
 * How an order whose every part ended came to its end: a cancel of the rest (or of all of it), or the last part going
 * refused (its refusal ended the order, refunded whole: not a part refused alone). Read from the order's events.
 */
export type OrderEnding = { by: 'cancel' } | { by: 'refusal'; partId: number };

/** The order's ending from its events (order_events in id order): its last cancel or refusal; undefined with neither. */
export function orderEndingOf(events: readonly { event: string; deliverable_id: number | null }[]): OrderEnding | undefined {
  const last = events.filter((e) => e.event === 'cancel' || e.event === 'refuse').at(-1);
  if (!last) return undefined;
  return last.event === 'refuse' && last.deliverable_id !== null ? { by: 'refusal', partId: last.deliverable_id } : { by: 'cancel' };
}

/**
 * The parts refused while the rest went on: each gave its share back then. They stay so when the rest ends later: a
 * cancel of the rest (decision 082's seam: the totals read the original order again) or the last part refused, whose
 * own refusal is the order's and is not one of them. An order that ended with no ending known had none.
 */
export function refusedAloneParts<P extends Pick<OrderPartFees, 'id' | 'state'>>(parts: readonly P[], ending?: OrderEnding): P[] {
  const refused = parts.filter((p) => p.state === 'refused');
  if (parts.some((p) => !isEndedState(p.state))) return refused;
  if (ending === undefined) return [];
  return ending.by === 'cancel' ? refused : refused.filter((p) => p.id !== ending.partId);
}

/** Whether any part was refused while the rest went on (refusedAloneParts). */
export function partsRefusedAlone(parts: readonly Pick<OrderPartFees, 'id' | 'state'>[], ending?: OrderEnding): boolean {
  return refusedAloneParts(parts, ending).length > 0;
}

/**
 * The order's figures with its refused parts taken off (their lines out, their coupon share and fees gone, the tip as
 * chosen unless no driver part is left: driverTipOff), and every line as it stands: marked out or a substitute refused
 * not charged, an approved substitute at its price capped at the line's (QA walk 9 #1: the estimate kept them until the
 * last part was packed); a percent coupon and a percent tip follow what is left (percentChanges). Before packing
 * (`packed` false) the weighed lines count at their estimate: that is the order's estimate. Once packed, each at its
 * weight (catch-weight.ts finalAmounts), and totalCents is what the card is captured for or what is due at the door: the
 * estimate itself when every weight came out as estimated. With nothing changed, the placed figures. An order that
 * ended reads as it stood when it ended (`ending`: refusedAloneParts).
 */
export function standingAmounts(
  order: PlacedOrder,
  lines: readonly PartLine[],
  parts: readonly OrderPartFees[],
  packed: boolean,
  ending?: OrderEnding,
): StandingAmounts {
  const refused = refusedAloneParts(parts, ending);
  const off = refused.map((p) => partShare(order, lines, p));
  const tipOff = driverTipOff(order.tip_cents, parts, new Set(refused.map((p) => p.id)));
  const sum = (pick: (s: PartShare) => number) => off.reduce((total, s) => total + pick(s), 0);
  const discountOff = sum((s) => s.discountCents);
  const deliveryOff = sum((s) => s.deliveryFeeCents);
  const feeOff = sum((s) => s.feeCents);
  // The refused lines leave as marked-out lines do; finalAmounts takes their goods and tax off.
  const refusedIds = new Set(refused.map((p) => p.id));
  const asLeft = lines.map((line): PricedLine => (refusedIds.has(line.deliverable_id) ? { ...line, substitution_state: 'out' } : line));
  const counted = packed ? asLeft : asLeft.map(asEstimated);
  // The lines that stay: what their substitutions took off gives back that percent of a percent coupon and tip.
  const staying = lines.filter((line) => !refusedIds.has(line.deliverable_id));
  const percent = percentChanges({ ...order, tip_cents: order.tip_cents - tipOff }, staying, parts);
  const placed: PlacedAmounts = {
    grand_total_cents: order.grand_total_cents + discountOff - deliveryOff - feeOff - tipOff + percent.discountBackCents - percent.tipOffCents,
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents - discountOff - percent.discountBackCents,
    taxes_cents: order.taxes_cents,
  };
  const final = finalAmounts(placed, counted);
  return {
    subtotalCents: final.subtotalCents,
    discountCents: final.discountCents,
    deliveryFeeCents: order.delivery_fee_cents - deliveryOff,
    feeCents: order.fee_cents - feeOff,
    taxCents: final.taxCents,
    tipCents: order.tip_cents - tipOff - percent.tipOffCents,
    totalCents: final.totalCents,
  };
}

/**
 * What the refused parts of an order that goes on took off it, together: a payment taken at place order gave each
 * share back at its refusal, so the settlement at packing counts what it still holds as the payment less this.
 */
export function refusedPartsTotal(
  order: Pick<PlacedOrder, 'discount_cents' | 'tip_cents'>,
  lines: readonly PartLine[],
  parts: readonly OrderPartFees[],
): number {
  const refused = refusedAloneParts(parts);
  const tipOff = driverTipOff(order.tip_cents, parts, new Set(refused.map((p) => p.id)));
  return refused.reduce((sum, p) => sum + partShare(order, lines, p).totalCents, tipOff);
}
