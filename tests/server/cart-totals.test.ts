import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartTotals,
  couponDiscountCents,
  divideRoundHalfUp,
  groupFees,
  lineTaxesCents,
  salesTaxCents,
  spreadCents,
  taxKindOf,
  taxRatePpmOf,
} from '../../server/services/cart/cart-totals.ts';
import { stateTaxRates2026 } from '../../server/db/migrations/state-tax-rates-2026.ts';
import { makeCart, manualClock, pickOne, post, showcart, type OfferPick } from './cart-page-helpers.ts';
import { drinkOffer, signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

describe('cart money (pure, cents)', () => {
  it('rounds half up to the cent', () => {
    expect(divideRoundHalfUp(18945 * 1000, 10_000)).toBe(1895); // 1894.5
    expect(divideRoundHalfUp(18944 * 1000, 10_000)).toBe(1894); // 1894.4
    expect(divideRoundHalfUp(0, 10_000)).toBe(0);
    expect(salesTaxCents(1000, 68_750)).toBe(69); // 68.75
    expect(salesTaxCents(17050, 40_000)).toBe(682);
  });

  it('percent coupons round half up; fixed coupons never exceed the subtotal', () => {
    expect(couponDiscountCents(18945, { code: 'WELCOME10', kind: 'percent', amount: 1000 })).toBe(1895);
    expect(couponDiscountCents(1234, { code: 'SAVE5', kind: 'fixed', amount: 500 })).toBe(500);
    expect(couponDiscountCents(320, { code: 'SAVE5', kind: 'fixed', amount: 500 })).toBe(320);
    expect(couponDiscountCents(5000, { code: 'ALL', kind: 'percent', amount: 10_000 })).toBe(5000);
    expect(couponDiscountCents(5000, null)).toBe(0);
  });

  it('charges delivery per vendor group by speed, free Same Day from $75, packaging on courier and farm groups', () => {
    expect(groupFees({ locId: 101, speed: 'local', subtotalCents: 7499 })).toEqual({ locId: 101, deliveryFeeCents: 499, packagingFeeCents: 0 });
    expect(groupFees({ locId: 101, speed: 'local', subtotalCents: 7500 })).toEqual({ locId: 101, deliveryFeeCents: 0, packagingFeeCents: 0 });
    expect(groupFees({ locId: 201, speed: 'courier', subtotalCents: 90_000 })).toEqual({ locId: 201, deliveryFeeCents: 999, packagingFeeCents: 200 });
    expect(groupFees({ locId: 301, speed: 'farm-direct', subtotalCents: 100 })).toEqual({
      locId: 301,
      deliveryFeeCents: 1299,
      packagingFeeCents: 200,
    });
  });

  it('taxes the discounted item subtotal, never the fees', () => {
    const totals = cartTotals({
      groups: [
        { locId: 101, speed: 'local', subtotalCents: 2500, lines: [{ rowCents: 2500, kind: 'grocery' }] },
        { locId: 201, speed: 'courier', subtotalCents: 2450, lines: [{ rowCents: 2450, kind: 'grocery' }] },
      ],
      coupon: { code: 'SAVE5', kind: 'fixed', amount: 500 },
      tax: { groceryPpm: 40_000, generalPpm: 70_000 },
    });
    expect(totals).toMatchObject({
      subtotal: 4950,
      discount: 500,
      subtotalAfterDiscount: 4450,
      deliveryFee: 499 + 999,
      packagingFee: 200,
      feeAmount: 200,
      taxes: 178, // 4 % of 44.50
      grandtotal: 4450 + 1498 + 200 + 178,
    });
  });

  it('taxes a line by its kind: groceries at the grocery rate, a restaurant meal and alcohol at the general rate', () => {
    // Raw meat and fish from a shop, delivered or collected: groceries.
    expect(taxKindOf({ speed: 'local', age_restricted: false })).toBe('grocery');
    expect(taxKindOf({ speed: 'courier', age_restricted: false })).toBe('grocery');
    expect(taxKindOf({ speed: 'farm-direct', age_restricted: false })).toBe('grocery');
    // A restaurant's dine-in or pick-up offer is a meal it prepares (decision 081, kept by 087).
    expect(taxKindOf({ speed: 'dine-in', age_restricted: false })).toBe('prepared-food');
    expect(taxKindOf({ speed: 'pickup', age_restricted: false })).toBe('prepared-food');
    expect(taxKindOf({ speed: 'pickup', age_restricted: true })).toBe('alcohol');
    // Wine, wherever it is bought.
    expect(taxKindOf({ speed: 'local', age_restricted: true })).toBe('alcohol');
    expect(taxKindOf({ speed: 'dine-in', age_restricted: true })).toBe('alcohol');
    // New York: groceries exempt, 4 % on the rest.
    const ny = { groceryPpm: 0, generalPpm: 40_000 };
    expect(taxRatePpmOf('grocery', ny)).toBe(0);
    expect(taxRatePpmOf('prepared-food', ny)).toBe(40_000);
    expect(taxRatePpmOf('alcohol', ny)).toBe(40_000);
  });

  it('spreads a coupon over the lines before taxing each rate once, the lines adding up to the taxes', () => {
    expect(spreadCents([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(spreadCents([0, 0], 5)).toEqual([0, 0]);
    const ny = { groceryPpm: 0, generalPpm: 40_000 };
    // $34.99 of wine and $25.00 of steak, no coupon: 4 % of the wine only (1.3996 → 1.40).
    expect(
      lineTaxesCents(
        [
          { rowCents: 3499, kind: 'alcohol' },
          { rowCents: 2500, kind: 'grocery' },
        ],
        0,
        ny,
      ),
    ).toEqual([140, 0]);
    // A $6.00 coupon on $60.00: the wine's share is $3.50, so 4 % of $31.50 = $1.26.
    expect(
      lineTaxesCents(
        [
          { rowCents: 3500, kind: 'alcohol' },
          { rowCents: 2500, kind: 'grocery' },
        ],
        600,
        ny,
      ),
    ).toEqual([126, 0]);
    // Two meals at one rate: taxed once on their sum (4 % of $25.25 = 1.01), not per line (0.51 + 0.51).
    expect(
      lineTaxesCents(
        [
          { rowCents: 1263, kind: 'prepared-food' },
          { rowCents: 1262, kind: 'prepared-food' },
        ],
        0,
        ny,
      ),
    ).toEqual([51, 50]);
    // Tennessee taxes groceries too (4 %), the rest at 7 %.
    const tn = { groceryPpm: 40_000, generalPpm: 70_000 };
    expect(
      lineTaxesCents(
        [
          { rowCents: 10_000, kind: 'grocery' },
          { rowCents: 10_000, kind: 'alcohol' },
        ],
        0,
        tn,
      ),
    ).toEqual([400, 700]);

    const totals = cartTotals({
      groups: [
        {
          locId: 401,
          speed: 'dine-in',
          subtotalCents: 8000,
          lines: [
            { rowCents: 5000, kind: 'prepared-food' },
            { rowCents: 3000, kind: 'alcohol' },
          ],
        },
        { locId: 101, speed: 'local', subtotalCents: 2000, lines: [{ rowCents: 2000, kind: 'grocery' }] },
      ],
      coupon: { code: 'WELCOME10', kind: 'percent', amount: 1000 },
      tax: ny,
    });
    // $100.00 less 10 %: the restaurant's $72.00 at 4 % = $2.88; the steak exempt.
    expect(totals).toMatchObject({ subtotal: 10_000, discount: 1000, taxes: 288, lineTaxes: [[180, 108], [0]] });
    expect(totals.grandtotal).toBe(9000 + totals.deliveryFee + totals.feeAmount + 288);
  });
});

describe('the state tax table', () => {
  it('has the 50 states and DC, once each, every note starting with its state', () => {
    const states = stateTaxRates2026.map((r) => r.state);
    expect(new Set(states).size).toBe(51);
    expect(states).toContain('DC');
    for (const row of stateTaxRates2026) {
      expect(row.note.startsWith(`${row.state}: `)).toBe(true);
      expect(row.grocery_exempt).toBe(row.grocery_rate_ppm === 0);
      expect(row.grocery_rate_ppm).toBeLessThanOrEqual(row.general_rate_ppm);
    }
  });

  it('exempts groceries where the store delivers, and says so', () => {
    const byState = new Map(stateTaxRates2026.map((r) => [r.state, r]));
    expect(byState.get('NY')).toMatchObject({ grocery_exempt: true, grocery_rate_ppm: 0, note: 'NY: groceries are exempt from sales tax' });
    expect(byState.get('CA')).toMatchObject({ grocery_exempt: true, grocery_rate_ppm: 0 });
    expect(byState.get('TX')).toMatchObject({ grocery_exempt: true, grocery_rate_ppm: 0 });
    expect(byState.get('IL')).toMatchObject({ grocery_exempt: true, grocery_rate_ppm: 0, general_rate_ppm: 62_500 });
    expect(byState.get('IL')?.note).toMatch(/1% state grocery tax was repealed on Jan 1, 2026/);
  });

  it('taxes groceries where the state does, at its grocery rate', () => {
    const byState = new Map(stateTaxRates2026.map((r) => [r.state, r]));
    expect(byState.get('TN')).toMatchObject({ grocery_exempt: false, grocery_rate_ppm: 40_000 });
    expect(byState.get('MS')).toMatchObject({ grocery_exempt: false, grocery_rate_ppm: 50_000 });
    expect(byState.get('MO')).toMatchObject({ grocery_exempt: false, grocery_rate_ppm: 12_250 });
    expect(byState.get('SD')).toMatchObject({ grocery_exempt: false, grocery_rate_ppm: 42_000 });
    expect(byState.get('MN')).toMatchObject({ grocery_exempt: true, general_rate_ppm: 68_750 });
  });
});

describe('POST /api/cart/showcart: every figure computed by the server', () => {
  let t: TestApp;
  const clock = manualClock('2026-11-24T15:00:00Z'); // Tuesday 10:00 in New York
  let butcher: OfferPick;
  let fishmonger: OfferPick;
  let courier: OfferPick;
  let farm: OfferPick;

  beforeAll(async () => {
    t = await startTestApp({ clock: clock.now });
    butcher = await pickOne(t, { speed: 'local', locId: 101 }, 0, { priceCents: 1250, stock: 40 });
    fishmonger = await pickOne(t, { speed: 'local', locId: 102 }, 0, { priceCents: 3999, stock: 40 });
    courier = await pickOne(t, { speed: 'courier', locId: 201 }, 0, { priceCents: 2450, stock: 40 });
    farm = await pickOne(t, { speed: 'farm-direct', locId: 301 }, 0, { priceCents: 1999, stock: 40 });
    // A Tennessee area, to see a state that taxes groceries (the seed serves only exempt states).
    await t.database.db
      .insertInto('service_areas')
      .values({ zipcode: '37203', city: 'Nashville', state: 'TN', state_name: 'Tennessee', loc_id: 101 })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const fourVendors = () => [
    { offer: butcher, qty: 2 }, // 25.00: under $75, so $4.99 delivery
    { offer: fishmonger, qty: 2 }, // 79.98: free Same Day delivery
    { offer: courier, qty: 1 }, // 24.50: $9.99 + $2.00 packaging
    { offer: farm, qty: 3 }, // 59.97: $12.99 + $2.00 packaging
  ];

  it('totals a cart of four vendor groups with a 10 % coupon, cent by cent', async () => {
    const { cartId } = await makeCart(t, fourVendors());
    const reply = await showcart(t, { cart_id: cartId, coupon_code: 'WELCOME10' });
    expect(reply.code).toBe(1);
    expect(reply.message).toBe('Coupon WELCOME10 applied.');
    const cart = reply.data;
    expect(cart).toMatchObject({
      cart_id: cartId,
      subtotal: '189.45',
      discount: '18.95', // 18.945 rounds half up
      subtotal_discount: '170.50',
      delivery_fee: '27.97', // 4.99 + 0 + 9.99 + 12.99
      delivery_charges: '27.97',
      packaging_fee: '4.00',
      processing_fee: '0.00',
      bank_charges: '0.00',
      gst_on_fee: '0.00',
      fee_amount: '4.00',
      taxes: '0.00',
      tax_note: 'NY: groceries are exempt from sales tax',
      grandtotal: '202.47', // 170.50 + 27.97 + 4.00
      coupon_code: 'WELCOME10',
      total_items_count: 8,
    });
    expect(cart.delivery_groups.map((g) => [g.vendor_loc_id, g.type, g.delivery_fee])).toEqual([
      [101, 'local', '4.99'],
      [102, 'local', '0.00'],
      [201, 'courier', '9.99'],
      [301, 'farm-direct', '12.99'],
    ]);
    expect(cart.result.map((l) => [l.vendor_loc_id, l.qty, l.product_price, l.row_total, l.shipping_amount])).toEqual([
      [101, 2, '12.50', '25.00', '4.99'],
      [102, 2, '39.99', '79.98', '0.00'],
      [201, 1, '24.50', '24.50', '9.99'],
      [301, 3, '19.99', '59.97', '12.99'],
    ]);
  });

  it('charges sales tax on the discounted items in a state that taxes groceries', async () => {
    const { cartId } = await makeCart(t, fourVendors(), { zipcode: '37203' });
    const { data } = await showcart(t, { cart_id: cartId, coupon_code: 'welcome10' });
    expect(data).toMatchObject({
      subtotal_discount: '170.50',
      taxes: '6.82', // 4 % of 170.50, fees untaxed
      grandtotal: '209.29',
      tax_note: expect.stringMatching(/^TN: groceries are taxed at a reduced 4% state rate/),
    });
  });

  it('says why Illinois charges no tax on groceries in 2026', async () => {
    const chicagoButcher = await pickOne(t, { speed: 'local', locId: 103 }, 0, { priceCents: 1000, stock: 10 });
    const { cartId } = await makeCart(t, [{ offer: chicagoButcher, qty: 1 }], { zipcode: '60601', locId: 103 });
    const { data } = await showcart(t, { cart_id: cartId });
    expect(data).toMatchObject({ subtotal: '10.00', taxes: '0.00', delivery_fee: '4.99', grandtotal: '14.99' });
    expect(data.tax_note).toMatch(/^IL: .*repealed on Jan 1, 2026/);
  });

  it("taxes wine at New York's general rate (4 %) and the steak beside it at the grocery rate (exempt)", async () => {
    const wine = await drinkOffer(t, 'Napa Valley Cabernet Sauvignon', 10); // $34.99 at the butcher
    const lines = [
      { offer: wine, qty: 1 },
      { offer: butcher, qty: 2 }, // 25.00
    ];
    const plain = await makeCart(t, lines);
    expect((await showcart(t, { cart_id: plain.cartId })).data).toMatchObject({
      subtotal: '59.99',
      delivery_fee: '4.99',
      taxes: '1.40', // 4 % of 34.99; the steak is a grocery, exempt in NY
      grandtotal: '66.38',
      // The state's wording, and what the cart holds that is taxed (rules/tax-note.ts).
      tax_note: 'NY: groceries are exempt from sales tax. Wine and spirits are taxed at the general rate, 4%.',
    });
    // The coupon lowers every line: the wine's share of the $6.00 off is $3.50, so 4 % of $31.49.
    const coupon = await makeCart(t, lines);
    expect((await showcart(t, { cart_id: coupon.cartId, coupon_code: 'WELCOME10' })).data).toMatchObject({
      discount: '6.00',
      taxes: '1.26',
      grandtotal: '60.24',
    });
  });

  it('uses the current offer price, not what the price was when the line was added', async () => {
    const offer = await pickOne(t, { speed: 'local', locId: 101 }, 1, { priceCents: 500, stock: 10 });
    const { cartId } = await makeCart(t, [{ offer, qty: 3 }]);
    expect((await showcart(t, { cart_id: cartId })).data.subtotal).toBe('15.00');
    await t.database.db.updateTable('variant_offers').set({ price_cents: 650 }).where('id', '=', offer.offerId).execute();
    expect((await showcart(t, { cart_id: cartId })).data).toMatchObject({ subtotal: '19.50', grandtotal: '24.49' });
  });

  it('shows an empty open cart with zero totals, a closed one as empty, a foreign one as 404', async () => {
    const { cartId } = await makeCart(t, []);
    const empty = await showcart(t, { cart_id: cartId });
    expect(empty.data).toMatchObject({ result: [], delivery_groups: [], subtotal: '0.00', grandtotal: '0.00', total_items_count: 0 });

    await t.database.db.updateTable('carts').set({ status: 'ordered' }).where('id', '=', cartId).execute();
    expect((await post(t, '/api/cart/showcart', { cart_id: cartId })).body).toEqual({ code: -1, message: 'Your cart is empty.' });

    const owner = await signedInCustomer(t, 'totals-owner@example.com');
    const other = await signedInCustomer(t, 'totals-other@example.com');
    const mine = await makeCart(t, [{ offer: butcher, qty: 1 }], { customerId: owner.customerId });
    expect((await showcart(t, { cart_id: mine.cartId }, owner.token)).data.subtotal).toBe('12.50');
    expect((await post(t, '/api/cart/showcart', { cart_id: mine.cartId }, other.token)).status).toBe(404);
    expect((await post(t, '/api/cart/showcart', { cart_id: mine.cartId })).status).toBe(404);
    expect((await post(t, '/api/cart/showcart', { cart_id: 'no-such-cart' })).status).toBe(404);
  });

  it('refuses malformed bodies and never takes a total from the client', async () => {
    const { cartId } = await makeCart(t, [{ offer: butcher, qty: 1 }]);
    const forged = await post(t, '/api/cart/showcart', { cart_id: cartId, grandtotal: '0.01' });
    expect(forged.status).toBe(400);
    expect((await post(t, '/api/cart/showcart', { cart_id: "'; drop table carts; --" })).status).toBe(400);
    expect((await post(t, '/api/cart/showcart', {})).status).toBe(400);
  });
});
