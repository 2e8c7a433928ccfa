import { describe, expect, it } from 'vitest';
import {
  applyPending,
  cartStockMessage,
  checkoutHint,
  isLineOrderable,
  lineShortage,
  checkoutProblems,
  checkoutTarget,
  chosenOptionOf,
  hasDeliveredGroup,
  clampLineQuantity,
  groupLines,
  hasCheckoutProblems,
  lineMaxQuantity,
  lineTotal,
  stockCappedQuantity,
  unsettledPending,
  withoutPending,
  type LineLike,
  type ScheduledGroup,
} from '../../src/rules/cart-checkout.ts';

const line = (cart_rid: number, vendor_loc_id: number, qty: number, product_price = '10.00'): LineLike => ({
  cart_rid,
  vendor_loc_id,
  vendor_name: `Vendor ${vendor_loc_id}`,
  qty,
  product_price,
  row_total: product_price,
});

describe('groupLines', () => {
  it('groups by vendor location in the order the server lists them', () => {
    const groups = groupLines([line(1, 101, 1), line(2, 201, 1), line(3, 101, 2)]);
    expect(groups.map((g) => [g.vendor_loc_id, g.vendor_name, g.lines.map((l) => l.cart_rid)])).toEqual([
      [101, 'Vendor 101', [1, 3]],
      [201, 'Vendor 201', [2]],
    ]);
    expect(groupLines([])).toEqual([]);
  });
});

describe('quantities', () => {
  it('keeps the stepper within 0..24', () => {
    expect([-1, 0, 3, 3.7, 25, Number.NaN].map((qty) => clampLineQuantity(qty))).toEqual([0, 0, 3, 3, 24, 0]);
  });

  it('raises a line no higher than its stock (or 24): + stops at 15 for a stock of 15', () => {
    expect([15, 40, 3, 0].map((stock) => lineMaxQuantity({ stock }))).toEqual([15, 24, 3, 1]);
    expect([14, 15, 16, 30].map((qty) => clampLineQuantity(qty, lineMaxQuantity({ stock: 15 })))).toEqual([14, 15, 15, 15]);
  });

  it('a quantity refused for its stock goes to the most in stock, unless the line already holds it', () => {
    expect(stockCappedQuantity(16, { qty: 5, stock: 15 })).toBe(15);
    expect(stockCappedQuantity(16, { qty: 1, stock: 15 })).toBe(15);
    expect(stockCappedQuantity(16, { qty: 15, stock: 15 })).toBeUndefined();
    expect(stockCappedQuantity(25, { qty: 5, stock: 40 })).toBe(24);
    expect(stockCappedQuantity(3, { qty: 2, stock: 0 })).toBeUndefined();
    expect(stockCappedQuantity(3, undefined)).toBeUndefined();
  });

  it('computes a row total in cents', () => {
    expect(lineTotal('8.35', 3)).toBe('25.05');
    expect(lineTotal('0.10', 0)).toBe('0.00');
    expect(lineTotal('ten', 1)).toBeUndefined();
  });

  it('shows pending quantities with their row totals, and leaves other lines as the server sent them', () => {
    const lines = [line(1, 101, 2, '8.35'), line(2, 101, 1)];
    const shown = applyPending(lines, { 1: 3, 9: 4 });
    expect(shown[0]).toMatchObject({ qty: 3, row_total: '25.05' });
    expect(shown[1]).toBe(lines[1]);
    expect(applyPending(lines, { 1: 0 })[0]).toMatchObject({ qty: 0, row_total: '0.00' });
  });

  it('drops pending quantities equal to the server’s or of lines gone', () => {
    const lines = [line(1, 101, 2), line(2, 101, 1)];
    expect(unsettledPending(lines, { 1: 2, 2: 5, 7: 1 })).toEqual({ 2: 5 });
    expect(withoutPending({ 1: 2, 2: 5 }, 1)).toEqual({ 2: 5 });
  });
});

describe('checkoutProblems', () => {
  const slot = { slot_id: 1, start: '10:00', end: '12:00' };
  const group = (vendor_loc_id: number, type: ScheduledGroup['type'], delivery_date: string | null, timeslot: unknown = null): ScheduledGroup => ({
    vendor_loc_id,
    type,
    delivery_date,
    timeslot,
  });

  it("reports every missing date and Same Day slot at once as 'Required'", () => {
    const problems = checkoutProblems([
      group(101, 'local', null),
      group(102, 'local', '2030-06-04'),
      group(201, 'courier', null),
      group(301, 'farm-direct', null),
    ]);
    expect(problems).toEqual({
      101: { date: 'Required', slot: 'Required' },
      102: { slot: 'Required' },
      201: { date: 'Required' },
      301: { date: 'Required' },
    });
    expect(hasCheckoutProblems(problems)).toBe(true);
  });

  it('passes when every group is scheduled', () => {
    const problems = checkoutProblems([group(101, 'local', '2030-06-04', slot), group(201, 'courier', '2030-06-05')]);
    expect(problems).toEqual({});
    expect(hasCheckoutProblems(problems)).toBe(false);
  });

  it('counts a date before the vendor’s next delivery date as missing', () => {
    expect(checkoutProblems([group(201, 'courier', '2030-06-03')], { 201: '2030-06-04' })).toEqual({ 201: { date: 'Required' } });
    expect(checkoutProblems([group(201, 'courier', '2030-06-04')], { 201: '2030-06-04' })).toEqual({});
  });

  it('asks a Dine-In or wallet group for its table unless the cart keeps one or this browser chose one (walk 6 #3)', () => {
    const dineIn = group(401, 'dine-in', null);
    const wallet = { ...group(402, 'dine-in', null), wallet: true };
    const ask = { visit: "Choose your table's date and time." } as const;
    expect(checkoutProblems([dineIn, wallet])).toEqual({ 401: ask, 402: ask });
    expect(checkoutProblems([group(101, 'local', '2030-06-04', slot), wallet])).toEqual({ 402: ask });
    expect(checkoutProblems([{ ...dineIn, dinein_time: '2030-06-04 19:00' }])).toEqual({});
    expect(checkoutProblems([dineIn, wallet], {}, '2030-06-04 19:00')).toEqual({});
    // A pick-up needs no table: it is ready an hour after the order.
    expect(checkoutProblems([group(403, 'pickup', null)])).toEqual({});
    expect(checkoutHint({ 401: ask })).toBe("Choose your table's date and time.");
    expect(checkoutHint({ 101: { date: 'Required' }, 401: ask })).toBe(
      "Choose a delivery date (and a time slot for Same Day) for every seller, and your table's date and time.",
    );
  });
});

/** One group of each mode: a Same Day delivery, a Dine-In table, a Pick-Up counter and wallet redemptions. */
const slot = { slot_id: 1, start: '10:00', end: '12:00' };
const salmon: ScheduledGroup = { vendor_loc_id: 101, type: 'local', delivery_date: '2030-06-04', timeslot: slot };
const dineIn: ScheduledGroup = { vendor_loc_id: 401, type: 'dine-in', delivery_date: null, timeslot: null, dinein_time: '2030-06-04 19:00' };
const pickUp: ScheduledGroup = { vendor_loc_id: 402, type: 'pickup', delivery_date: null, timeslot: null };
const wallet: ScheduledGroup = { ...dineIn, vendor_loc_id: 403, wallet: true };

describe('a cart of two modes refuses CHECKOUT (decision 086 left)', () => {
  const mixed = 'Dine-in and pick-up items cannot be ordered with items to deliver, or with each other. Please update your cart.';

  it('a paid Dine-In group beside delivered lines, or a Pick-Up beside either or beside wallet redemptions', () => {
    expect(checkoutProblems([salmon, dineIn])).toEqual({ 401: { mode: mixed } });
    expect(checkoutProblems([dineIn, pickUp])).toEqual({ 401: { mode: mixed }, 402: { mode: mixed } });
    expect(checkoutProblems([pickUp, wallet])).toEqual({ 402: { mode: mixed } });
    expect(checkoutHint(checkoutProblems([salmon, dineIn]))).toBe(mixed);
    expect(checkoutHint({ 101: { date: 'Required' }, 401: { visit: "Choose your table's date and time.", mode: mixed } })).toBe(mixed);
  });

  it('one mode passes: delivered lines with wallet redemptions, a Dine-In with them, a Pick-Up alone', () => {
    expect(checkoutProblems([salmon, wallet])).toEqual({});
    expect(checkoutProblems([dineIn, wallet])).toEqual({});
    expect(checkoutProblems([pickUp])).toEqual({});
  });
});

describe('a cart whose lines are for another option than the chosen one refuses CHECKOUT (walk 8 #3)', () => {
  const on = (shippingType: string, walletOrder?: boolean) => chosenOptionOf(shippingType, walletOrder);
  const words = (theirs: string, chosen: string) =>
    `Your cart holds ${theirs} items, but you are on ${chosen}. Choose again in Delivery Options (Change, in the header), or remove them.`;

  it('Pick-Up takes only pick-up lines: a wallet redemption (a table) or a delivered line is refused, saying what to do', () => {
    expect(checkoutProblems([wallet], {}, undefined, on('pick-up'))).toEqual({ 403: { option: words('Dine-In', 'Pick-Up') } });
    expect(checkoutProblems([salmon], {}, undefined, on('pick-up'))).toEqual({ 101: { option: words('Delivery', 'Pick-Up') } });
    expect(checkoutHint(checkoutProblems([wallet], {}, undefined, on('pick-up')))).toBe(words('Dine-In', 'Pick-Up'));
    expect(checkoutProblems([pickUp], {}, undefined, on('pick-up'))).toEqual({});
  });

  it("Dine-In refuses a pick-up line, and a delivered one unless beside a wallet order's redemption (walk 5)", () => {
    expect(checkoutProblems([pickUp], {}, undefined, on('dine-in'))).toEqual({ 402: { option: words('Pick-Up', 'Dine-In') } });
    expect(checkoutProblems([salmon], {}, undefined, on('dine-in'))).toEqual({ 101: { option: words('Delivery', 'Dine-In') } });
    expect(checkoutProblems([salmon, wallet], {}, undefined, on('dine-in', true))).toEqual({});
    expect(checkoutProblems([dineIn, wallet], {}, undefined, on('dine-in'))).toEqual({});
  });

  it('Delivery refuses table and counter lines, not wallet redemptions; no option chosen refuses nothing', () => {
    expect(checkoutProblems([dineIn], {}, undefined, on('delivery'))).toEqual({ 401: { option: words('Dine-In', 'Delivery') } });
    expect(checkoutProblems([salmon, wallet], {}, undefined, on('delivery'))).toEqual({});
    expect(checkoutProblems([pickUp], {}, undefined, chosenOptionOf(undefined))).toEqual({});
  });
});

describe('checkoutTarget', () => {
  it('dine-in and pick-up go to the card tab, everything else to the address tab', () => {
    expect(checkoutTarget('dine-in')).toBe('/cart/card');
    expect(checkoutTarget('Pick-Up')).toBe('/cart/card');
    expect(checkoutTarget('delivery')).toBe('/cart/address');
    expect(checkoutTarget(undefined)).toBe('/cart/address');
  });

  it('a delivered line needs the address tab even while the session says Dine-In (a wallet redemption beside it, walk 5)', () => {
    const wallet = { type: 'dine-in', wallet: true };
    const salmon = { type: 'local', wallet: false };
    expect(hasDeliveredGroup([wallet])).toBe(false);
    expect(hasDeliveredGroup([{ type: 'dine-in' }, { type: 'pickup' }])).toBe(false);
    expect(hasDeliveredGroup([wallet, salmon])).toBe(true);
    expect(checkoutTarget('dine-in', false, hasDeliveredGroup([wallet, salmon]))).toBe('/cart/address');
    expect(checkoutTarget('dine-in', false, hasDeliveredGroup([wallet]))).toBe('/cart/card');
  });
});

describe("a cart line's stock (walk 9 #2)", () => {
  it("marks a sold-out line 'Out of stock' and one above what is left 'Only N left'; a wallet line never", () => {
    expect(lineShortage({ qty: 2, stock: 0 })).toBe('Out of stock');
    expect(lineShortage({ qty: 3, stock: 2 })).toBe('Only 2 left');
    expect(lineShortage({ qty: 2, stock: 2 })).toBeUndefined();
    expect(lineShortage({ qty: 1, stock: 0, wallet: true })).toBeUndefined();
    expect(isLineOrderable({ qty: 2, stock: 0 })).toBe(false);
    expect(isLineOrderable({ qty: 1, stock: 5 })).toBe(true);
  });

  it("keeps CHECKOUT on the cart while such a line is in it, with place order's words", () => {
    const scheduled = [
      { vendor_loc_id: 101, type: 'local' as const, delivery_date: '2030-06-04', timeslot: { slot_id: 1 } },
      { vendor_loc_id: 201, type: 'courier' as const, delivery_date: null, timeslot: null },
    ];
    const lines = [
      { vendor_loc_id: 101, qty: 2, stock: 0 },
      { vendor_loc_id: 201, qty: 1, stock: 4 },
    ];
    const problems = checkoutProblems(scheduled, {}, undefined, undefined, lines);
    expect(problems).toEqual({ 101: { stock: cartStockMessage }, 201: { date: 'Required' } });
    expect(checkoutHint(problems)).toBe(cartStockMessage);
    expect(checkoutProblems(scheduled.slice(0, 1), {}, undefined, undefined, [{ vendor_loc_id: 101, qty: 2, stock: 2 }])).toEqual({});
  });
});
