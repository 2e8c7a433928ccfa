import { describe, expect, it } from 'vitest';
import { finalCents } from '../../src/rules/catch-weight.ts';
import {
  driverTipOff,
  orderEndingOf,
  partShare,
  partTotalCents,
  partsRefusedAlone,
  refusedAloneParts,
  refusedPartsTotal,
  standingAmounts,
  type OrderPartFees,
  type PartLine,
  type PlacedOrder,
} from '../../src/rules/refused-parts.ts';

/**
 * A butcher's part (two lines, $40 and $20) and a fishmonger's ($30), a 10 % coupon spread over the lines (400, 200,
 * 300), 4 % tax on each line less its share, $4.99 delivery each, a 15 % driver tip on the $90 of items.
 */
const line = (deliverable_id: number, row_total_cents: number, tax_cents: number, extra: Partial<PartLine> = {}): PartLine => ({
  deliverable_id,
  row_total_cents,
  tax_cents,
  bottle_size: 1000,
  qty: 1,
  sold_by_weight: false,
  weighed_grams: null,
  substitution_state: null,
  substitute_price_cents: null,
  ...extra,
});
const lines: PartLine[] = [line(1, 4000, 144), line(1, 2000, 72), line(2, 3000, 108)];
const order: PlacedOrder = {
  subtotal_cents: 9000,
  discount_cents: 900,
  delivery_fee_cents: 998,
  fee_cents: 0,
  taxes_cents: 324,
  tip_cents: 1350,
  grand_total_cents: 9000 - 900 + 998 + 324 + 1350,
};
const parts = (butcher: OrderPartFees['state'], fish: OrderPartFees['state']): OrderPartFees[] => [
  { id: 1, state: butcher, delivery_fee_cents: 499, packaging_fee_cents: 0 },
  { id: 2, state: fish, delivery_fee_cents: 499, packaging_fee_cents: 0 },
];

describe("a refused part's share", () => {
  it('is what the shopper paid for it: its lines less their coupon share, their tax and its fees', () => {
    expect(partShare(order, lines, { id: 2, state: 'refused', delivery_fee_cents: 499, packaging_fee_cents: 200 })).toEqual({
      goodsCents: 3000,
      discountCents: 300,
      taxCents: 108,
      deliveryFeeCents: 499,
      feeCents: 200,
      totalCents: 3000 - 300 + 108 + 499 + 200,
    });
  });

  it("adds up with the other parts' shares and the tip to the order's total", () => {
    const [butcher, fish] = parts('placed', 'placed');
    if (!butcher || !fish) throw new Error('two parts');
    expect(partShare(order, lines, butcher).totalCents + partShare(order, lines, fish).totalCents + order.tip_cents).toBe(order.grand_total_cents);
  });

  it('takes a fixed coupon’s share in proportion to its lines’ prices, even below the coupon’s minimum', () => {
    // $15 off: 666.67 / 333.33 / 500, the cent left over to the largest remainder.
    const fixed = { discount_cents: 1500 };
    expect(partShare(fixed, lines, { id: 2, state: 'refused', delivery_fee_cents: 0, packaging_fee_cents: 0 }).discountCents).toBe(500);
    expect(partShare(fixed, lines, { id: 1, state: 'placed', delivery_fee_cents: 0, packaging_fee_cents: 0 }).discountCents).toBe(1000);
  });
});

describe('the order as it stands once a part is refused', () => {
  it('takes the refused part off before packing: its lines, their tax and coupon share, its fee; the tip stays', () => {
    const standing = standingAmounts(order, lines, parts('accepted', 'refused'), false);
    expect(standing).toEqual({
      subtotalCents: 6000,
      discountCents: 600,
      deliveryFeeCents: 499,
      feeCents: 0,
      taxCents: 216,
      tipCents: 1350,
      totalCents: 7465,
    });
    const { subtotalCents, discountCents, deliveryFeeCents, feeCents, taxCents, tipCents, totalCents } = standing;
    expect(subtotalCents - discountCents + deliveryFeeCents + feeCents + taxCents + tipCents).toBe(totalCents);
    expect(totalCents).toBe(order.grand_total_cents - (3000 - 300 + 108 + 499));
  });

  it('drops the driver tip once every part the driver brings is refused, and keeps it while one goes on (QA walk 3)', () => {
    // The butcher's part Same Day (the driver's), the fishmonger's Farm Direct.
    const mixed = (butcher: OrderPartFees['state'], fish: OrderPartFees['state']): OrderPartFees[] =>
      parts(butcher, fish).map((p) => ({ ...p, speed: p.id === 1 ? 'local' : 'farm-direct' }));
    const withoutDriver = standingAmounts(order, lines, mixed('refused', 'accepted'), false);
    const butcherShare = partShare(order, lines, { id: 1, state: 'refused', delivery_fee_cents: 499, packaging_fee_cents: 0 }).totalCents;
    expect(withoutDriver.tipCents).toBe(0);
    expect(withoutDriver.totalCents).toBe(order.grand_total_cents - butcherShare - order.tip_cents);
    const { subtotalCents, discountCents, deliveryFeeCents, feeCents, taxCents, tipCents, totalCents } = withoutDriver;
    expect(subtotalCents - discountCents + deliveryFeeCents + feeCents + taxCents + tipCents).toBe(totalCents);
    // What the refusals gave back includes the tip: the settlement at packing counts the payment as that much less.
    expect(refusedPartsTotal(order, lines, mixed('refused', 'accepted'))).toBe(butcherShare + order.tip_cents);
    expect(standingAmounts(order, lines, mixed('refused', 'packed'), true).totalCents).toBe(withoutDriver.totalCents);
    // The Farm Direct part refused, the driver still comes: the tip stays; two Same Day parts keep it until both go.
    expect(standingAmounts(order, lines, mixed('accepted', 'refused'), false).tipCents).toBe(1350);
    const bothLocal = parts('refused', 'accepted').map((p) => ({ ...p, speed: 'local' }));
    expect(standingAmounts(order, lines, bothLocal, false).tipCents).toBe(1350);
    expect(driverTipOff(1350, bothLocal, new Set([1, 2]))).toBe(1350);
    expect(driverTipOff(1350, bothLocal, new Set([1]))).toBe(0);
  });

  it('once packed counts the remaining lines as packed (a weighed line), the refused ones not at all', () => {
    // The $40 line sold by weight, weighed at 900 g of 1000: $36.00, its tax 144 × 0.9 → 130.
    const weighed = [line(1, 4000, 144, { sold_by_weight: true, weighed_grams: 900 }), line(1, 2000, 72), line(2, 3000, 108)];
    const standing = standingAmounts(order, weighed, parts('packed', 'refused'), true);
    expect(standing).toMatchObject({ subtotalCents: 5600, discountCents: 600, taxCents: 202, deliveryFeeCents: 499, totalCents: 7465 - 400 - 14 });
  });

  it('with no part refused is the order as placed, and once packed catch-weight’s final', () => {
    expect(standingAmounts(order, lines, parts('accepted', 'placed'), false).totalCents).toBe(order.grand_total_cents);
    const weighed = [
      line(1, 4000, 144, { sold_by_weight: true, weighed_grams: 1100 }),
      line(1, 2000, 72, { substitution_state: 'out' }),
      line(2, 3000, 108),
    ];
    expect(standingAmounts(order, weighed, parts('packed', 'packed'), true).totalCents).toBe(finalCents(order.grand_total_cents, weighed));
  });

  it('is the order as placed when every part ended (the whole order is refunded instead)', () => {
    expect(partsRefusedAlone(parts('canceled', 'refused'))).toBe(false);
    expect(partsRefusedAlone(parts('refused', 'refused'))).toBe(false);
    expect(partsRefusedAlone(parts('picking', 'refused'))).toBe(true);
    expect(standingAmounts(order, lines, parts('canceled', 'refused'), false).totalCents).toBe(order.grand_total_cents);
    expect(refusedPartsTotal(order, lines, parts('canceled', 'refused'))).toBe(0);
    expect(refusedPartsTotal(order, lines, parts('packed', 'refused'))).toBe(3000 - 300 + 108 + 499);
  });
});

describe('an order that ended after a part was refused alone (082 left it reading as placed)', () => {
  const events = (...moves: [string, number | null][]) => moves.map(([event, deliverable_id]) => ({ event, deliverable_id }));

  it('reads its ending from its events: the last cancel or refusal', () => {
    expect(orderEndingOf(events(['accept', 1], ['refuse', 2], ['cancel', null]))).toEqual({ by: 'cancel' });
    expect(orderEndingOf(events(['refuse', 2], ['refuse', 1]))).toEqual({ by: 'refusal', partId: 1 });
    expect(orderEndingOf(events(['accept', 1]))).toBeUndefined();
  });

  it('a cancel of the rest keeps the part refused before off the totals: they add up to the rest, refunded by the cancel', () => {
    const ended = parts('canceled', 'refused');
    const ending = orderEndingOf(events(['refuse', 2], ['cancel', null]));
    expect(refusedAloneParts(ended, ending).map((p) => p.id)).toEqual([2]);
    expect(standingAmounts(order, lines, ended, false, ending)).toEqual(standingAmounts(order, lines, parts('accepted', 'refused'), false));
  });

  it('the last part refused ends the order itself: only the parts refused before it were refused alone', () => {
    expect(refusedAloneParts(parts('refused', 'refused'), orderEndingOf(events(['refuse', 2], ['refuse', 1]))).map((p) => p.id)).toEqual([2]);
    expect(refusedAloneParts(parts('placed', 'refused').slice(1), orderEndingOf(events(['refuse', 2])))).toEqual([]);
    expect(partsRefusedAlone(parts('canceled', 'canceled'), { by: 'cancel' })).toBe(false);
  });
});

describe("a part's total on a seller's card", () => {
  it('takes its share of the coupon, so the parts and the tip add up to the order and none reads more than it', () => {
    const [butcher, fish] = parts('placed', 'placed');
    if (!butcher || !fish) throw new Error('two parts');
    const butcherCents = partTotalCents(order, lines, butcher, false);
    // QA: the cards read subtotal + tax (6,216 + 499) without the $6.00 share of the coupon.
    expect(butcherCents).toBe(6000 - 600 + 216 + 499);
    expect(butcherCents + partTotalCents(order, lines, fish, false) + order.tip_cents).toBe(order.grand_total_cents);
  });

  it('once packed, counts each line at what was charged, the coupon share as placed, as the order’s final does', () => {
    const weighed = [
      line(1, 4000, 144, { sold_by_weight: true, weighed_grams: 800 }),
      line(1, 2000, 72),
      line(2, 3000, 108, { substitution_state: 'out' }),
    ];
    const [butcher, fish] = parts('packed', 'packed');
    if (!butcher || !fish) throw new Error('two parts');
    const total = partTotalCents(order, weighed, butcher, true) + partTotalCents(order, weighed, fish, true) + order.tip_cents;
    expect(total).toBe(finalCents(order.grand_total_cents, weighed));
    expect(partTotalCents(order, weighed, butcher, true)).toBe(3200 + 2000 - 600 + Math.round((144 * 3200) / 4000) + 72 + 499);
  });
});

describe("the order's estimate follows its lines before packing (QA walk 9 #1: it kept them until the last part packed)", () => {
  const wingsOut = [line(1, 4000, 144), line(1, 2000, 72, { substitution_state: 'out' }), line(2, 3000, 108)];
  const percentOrder: PlacedOrder = { ...order, coupon_percent_bp: 1000, tip_percent: 15 };
  // Both parts Same Day: the driver brings both, the tip is a percent of all their goods.
  const localParts = (butcher: OrderPartFees['state'], fish: OrderPartFees['state']) => parts(butcher, fish).map((p) => ({ ...p, speed: 'local' }));

  it('a line marked out leaves the estimate at once, its tax with it; a fixed coupon and a fixed tip stay as placed', () => {
    const standing = standingAmounts(order, wingsOut, localParts('picking', 'placed'), false);
    expect(standing).toMatchObject({ subtotalCents: 7000, discountCents: 900, taxCents: 252, tipCents: 1350 });
    expect(standing.totalCents).toBe(order.grand_total_cents - 2000 - 72);
  });

  it('a percent coupon and a percent tip are that percent of what is left', () => {
    const standing = standingAmounts(percentOrder, wingsOut, localParts('picking', 'placed'), false);
    expect(standing).toMatchObject({ subtotalCents: 7000, discountCents: 700, taxCents: 252, tipCents: 1050 });
    expect(standing.totalCents).toBe(7000 - 700 + 998 + 252 + 1050);
    // Nothing changed: exactly as placed.
    expect(standingAmounts(percentOrder, lines, localParts('picking', 'placed'), false).totalCents).toBe(order.grand_total_cents);
  });

  it('an approved substitute counts at its price (never above the line), a proposed one not yet', () => {
    const substituted = (state: 'approved' | 'proposed') => [
      line(1, 4000, 144, { substitution_state: state, substitute_price_cents: 1500 }),
      line(1, 2000, 72),
      line(2, 3000, 108),
    ];
    const approved = standingAmounts(percentOrder, substituted('approved'), localParts('picking', 'placed'), false);
    // $25 of goods less: 10 % of it back off the coupon, 15 % off the tip; the line's tax in proportion (144 × 15/40).
    expect(approved).toMatchObject({ subtotalCents: 6500, discountCents: 650, taxCents: 54 + 72 + 108, tipCents: 975 });
    expect(standingAmounts(percentOrder, substituted('proposed'), localParts('picking', 'placed'), false).totalCents).toBe(order.grand_total_cents);
  });

  it('settles at the estimate when the weights come out as estimated, and the parts with the tip add up to it', () => {
    const weighed = [
      line(1, 4000, 144, { sold_by_weight: true, weighed_grams: 1000 }),
      line(1, 2000, 72, { substitution_state: 'out' }),
      line(2, 3000, 108),
    ];
    const estimate = standingAmounts(percentOrder, weighed, localParts('packed', 'packed'), false);
    const settled = standingAmounts(percentOrder, weighed, localParts('packed', 'packed'), true);
    expect(settled.totalCents).toBe(estimate.totalCents);
    const [butcher, fish] = localParts('packed', 'packed');
    if (!butcher || !fish) throw new Error('two parts');
    // The butcher's part before packing already without the wings and their share of the coupon.
    expect(partTotalCents(percentOrder, weighed, butcher, false)).toBe(4000 - 400 + 144 + 499);
    expect(partTotalCents(percentOrder, weighed, butcher, true) + partTotalCents(percentOrder, weighed, fish, true) + settled.tipCents).toBe(
      settled.totalCents,
    );
  });
});
