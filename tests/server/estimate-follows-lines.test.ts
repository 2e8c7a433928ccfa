import { assert } from 'superstruct';
import { afterAll, describe, expect, test } from 'vitest';
import { orderStatusReply, placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { consoleOrdersReply } from '../../src/api/contract/fulfilment.contract.ts';
import { ofTheOrderWords, orderTotalRows, orderTotalWords } from '../../src/rules/catch-weight.ts';
import { orderHeadline } from '../../src/rules/fulfilment.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, post, type OfferPick } from './cart-page-helpers.ts';
import { checkoutNow, readyCart, saveCard, shopper } from './checkout-helpers.ts';
import { orderOf } from './fixtures.ts';
import { json, startTestApp } from './test-app.ts';

/**
 * QA walk 9 #1: a two-seller Delivery order (the butcher's ribeye and wings, the fishmonger's salmon; a 10 % coupon, a
 * 10 % tip, a card held). The butcher proposes a cheaper substitute for the ribeye and marks the wings out; the shopper
 * approves. The order's estimate follows its lines at once (src/rules/refused-parts.ts standingAmounts, the rule the
 * settlement charges by): the page, the consoles and the capture read the same figures, the percent coupon and tip
 * recomputed on what is left, and the capture is that estimate when the weights come out as estimated.
 */
const clock = manualClock(checkoutNow);
const gateway = new TestPaymentGateway(clock.now);
const t = await startTestApp({ clock: clock.now, payments: gateway, rateLimits: generousLimits });
afterAll(() => t.close());
const db = t.database.db;

async function storeUser(email: string, locIds: number[], role: 'seller' | 'staff' = 'seller'): Promise<string> {
  const made = await addStoreUser(db, { email, password: 'Secret123!', role, locIds });
  if (made.kind === 'invalid') throw new Error(made.message);
  return startSession(db, made.customerId);
}
const butcher = await storeUser('estimate-butcher@example.com', [101]);
const fishmonger = await storeUser('estimate-fish@example.com', [102]);
const staff = await storeUser('estimate-staff@example.com', [], 'staff');
await db
  .insertInto('coupons')
  .values({ code: 'TENOFF', kind: 'percent', amount: 1000, expires_at: null, usage_limit: null, per_customer_limit: null })
  .execute();

/** Offers at a location, with their product, its category and size (a weighed line needs a size; a substitute a mate). */
function offersAt(locId: number) {
  return db
    .selectFrom('variant_offers as o')
    .innerJoin('product_variants as v', 'v.id', 'o.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['o.id', 'o.variant_id', 'p.id as product_id', 'p.category_id', 'v.brand_name', 'v.bottle_size'])
    .where('o.loc_id', '=', locId)
    .where('o.speed', '=', 'local')
    .where('v.bottle_size', '>', 0)
    .orderBy('o.id')
    .execute();
}
const butchers = await offersAt(101);
const ribeye = butchers.find((row) => butchers.some((r) => r.category_id === row.category_id && r.product_id !== row.product_id));
const strip = butchers.find((r) => r.category_id === ribeye?.category_id && r.product_id !== ribeye.product_id);
const wings = butchers.find((r) => r.category_id !== ribeye?.category_id);
const salmon = (await offersAt(102))[0];
if (!ribeye || !strip || !wings || !salmon) throw new Error('the seed has no ribeye, substitute, wings and salmon');

/** Sets an offer's price and stock and whether its product is sold by weight. */
async function priced(row: NonNullable<typeof ribeye>, locId: number, priceCents: number, byWeight: boolean): Promise<OfferPick> {
  await db.updateTable('variant_offers').set({ price_cents: priceCents, stock: 50 }).where('id', '=', row.id).execute();
  await db.updateTable('products').set({ sold_by_weight: byWeight }).where('id', '=', row.product_id).execute();
  return { offerId: row.id, variantId: row.variant_id, locId };
}
const offers = {
  ribeye: await priced(ribeye, 101, 3659, true),
  wings: await priced(wings, 101, 969, false),
  salmon: await priced(salmon, 102, 1719, true),
};
await priced(strip, 101, 3089, false);

const buyer = await shopper(t, 'estimate-buyer@example.com');

/** The walk's order: ribeye $36.59 and wings $9.69 from the butcher, salmon $17.19 from the fishmonger; 10 % off, 10 % tip, a card. */
async function walkOrder(): Promise<string> {
  const cartId = await readyCart(
    t,
    buyer.token,
    buyer.customerId,
    [
      { offer: offers.ribeye, qty: 1 },
      { offer: offers.wings, qty: 1 },
      { offer: offers.salmon, qty: 1 },
    ],
    { 101: '2026-12-01', 102: '2026-12-01' },
  );
  await db.updateTable('carts').set({ coupon_code: 'TENOFF' }).where('id', '=', cartId).execute();
  const card = await saveCard(t, buyer.token, buyer.customerId);
  const placed = await post(
    t,
    '/api/placeorder/placeorder',
    { cart_id: cartId, delivery_address_id: buyer.addressId, speed_id: 1, payment_mode: 2, card_id: card, driver_tip: 10 },
    buyer.token,
  );
  assert(placed.body, placeOrderReply);
  if (placed.body.code !== 1 || !placed.body.order_id) throw new Error(JSON.stringify(placed.body));
  return placed.body.order_id;
}

const move = (token: string, number: string, event: string, extra: Record<string, unknown> = {}) =>
  post(t, '/api/seller/orders/move', { order_id: number, event, ...extra }, token);

async function shopperView(number: string) {
  const status = json(
    await t.app.inject({ method: 'GET', url: `/api/account/orderstatus?order_id=${number}`, headers: { authorization: `Bearer ${buyer.token}` } }),
  );
  assert(status, orderStatusReply);
  if (!status.data) throw new Error('no order');
  return status.data;
}

async function consoleCards(token: string, number: string, role: 'seller' | 'staff' = 'seller') {
  const list = json(await t.app.inject({ method: 'GET', url: `/api/${role}/orders`, headers: { authorization: `Bearer ${token}` } }));
  assert(list, consoleOrdersReply);
  return (list.data ?? []).filter((o) => o.order_number === number);
}

const lineOf = async (number: string, offerId: number) => {
  const order = await orderOf(t, number);
  return db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).where('offer_id', '=', offerId).executeTakeFirstOrThrow();
};

/** The shopper's totals rows add up to their last row (the discount taken off). */
function rowsAddUp(order: Parameters<typeof orderTotalRows>[0]): number {
  const rows = orderTotalRows(order);
  const sum = rows.slice(0, -1).reduce((s, r) => s + (r.discount ? -1 : 1) * (dollarsToCents(r.value) ?? 0), 0);
  expect(sum).toBe(dollarsToCents(rows.at(-1)?.value ?? '') ?? -1);
  return sum;
}

describe("an order's estimate follows its lines as a seller changes them (QA walk 9 #1)", () => {
  test('mark-out and a cheaper substitute approved: the estimate drops at once, coupon and tip as percents of what is left; the capture is that estimate', async () => {
    const number = await walkOrder();
    const placed = await orderOf(t, number);
    // As the walk placed it: $63.47 of goods, 10 % off ($6.35), a 10 % tip ($6.35), two Same Day fees; groceries untaxed in NY.
    expect(placed).toMatchObject({ subtotal_cents: 6347, discount_cents: 635, tip_cents: 635, taxes_cents: 0, coupon_percent_bp: 1000 });
    expect(placed.capture_state).toBe('held');
    const fees = placed.delivery_fee_cents + placed.fee_cents;

    for (const event of ['accept', 'pick']) expect((await move(butcher, number, event)).status).toBe(200);
    const ribeyeLine = await lineOf(number, offers.ribeye.offerId);
    const wingsLine = await lineOf(number, offers.wings.offerId);
    // The wings marked out: the estimate drops by them, and by their share of the coupon and the tip, at once.
    expect((await post(t, '/api/seller/orders/substitute', { order_id: number, item_id: wingsLine.id, out: true }, butcher)).status).toBe(200);
    const afterOut = await shopperView(number);
    // $53.78 of goods left: 10 % off is $5.38, the tip 10 % of it, $5.38.
    expect(afterOut).toMatchObject({ subtotal: '53.78', discount: '5.38', driver_tip: '5.38' });
    expect(dollarsToCents(afterOut.grand_total)).toBe(5378 - 538 + fees + 538);
    rowsAddUp(afterOut);

    // The butcher proposes the strip ($30.89) for the ribeye; the shopper approves: the estimate counts it at its price.
    expect(
      (await post(t, '/api/seller/orders/substitute', { order_id: number, item_id: ribeyeLine.id, product_id: strip.product_id }, butcher)).status,
    ).toBe(200);
    expect((await post(t, '/api/account/order/substitution', { order_id: number, item_id: ribeyeLine.id, approve: true }, buyer.token)).status).toBe(
      200,
    );
    const approved = await shopperView(number);
    // The walk's lines: $30.89 + $0.00 + $17.19 = $48.08; 10 % off $4.81, the tip $4.81 (it read $73.45 still).
    expect(approved).toMatchObject({ subtotal: '48.08', discount: '4.81', driver_tip: '4.81', final_total: null });
    const estimate = 4808 - 481 + fees + 481;
    expect(dollarsToCents(approved.grand_total)).toBe(estimate);
    expect(rowsAddUp(approved)).toBe(estimate);
    expect(orderTotalWords(approved)).toContain(`$${(estimate / 100).toFixed(2)}`);
    // My Orders reads the same figure.
    const list = json(await t.app.inject({ method: 'GET', url: '/api/account/myorders', headers: { authorization: `Bearer ${buyer.token}` } }));
    expect(JSON.stringify(list)).toContain(`"grand_total":"${(estimate / 100).toFixed(2)}"`);

    // The consoles: the butcher's part follows its lines; staff read the order's estimate; the parts and the tip add up.
    const [butcherCard] = await consoleCards(butcher, number);
    const [fishCard] = await consoleCards(fishmonger, number);
    const staffCards = await consoleCards(staff, number, 'staff');
    expect(staffCards[0]?.grand_total).toBe(approved.grand_total);
    // The tip is in no part: staff read it beside the order's total, so the parts and it add up to the order.
    expect(staffCards[0]?.driver_tip).toBe('4.81');
    expect(ofTheOrderWords({ grand_total: approved.grand_total, driver_tip: staffCards[0]?.driver_tip })).toBe(
      `of the order's $${(estimate / 100).toFixed(2)} (driver tip $4.81)`,
    );
    expect((dollarsToCents(butcherCard?.total ?? '') ?? 0) + (dollarsToCents(fishCard?.total ?? '') ?? 0) + 481).toBe(estimate);
    // 30.89 less its 10 % (3.09), and the delivery fee: the wings are not in it.
    expect(butcherCard?.total).toBe(((3089 - 309 + 499) / 100).toFixed(2));

    // Both pack, the salmon weighed exactly at its estimate: the card is captured for the estimate, nothing more.
    expect((await move(butcher, number, 'pack', { weights: [] })).status).toBe(200);
    const [packedButcher] = await consoleCards(butcher, number);
    expect(packedButcher?.total).toBe(butcherCard?.total);
    expect(dollarsToCents((await shopperView(number)).grand_total)).toBe(estimate);
    for (const event of ['accept', 'pick']) expect((await move(fishmonger, number, event)).status).toBe(200);
    const [fishPicking] = await consoleCards(fishmonger, number);
    const weights = (fishPicking?.items ?? []).filter((i) => i.by_weight).map((i) => ({ item_id: i.id, grams: i.bottle_size * i.qty }));
    expect(weights).toHaveLength(1);
    expect((await move(fishmonger, number, 'pack', { weights })).status).toBe(200);
    const settled = await orderOf(t, number);
    expect(settled).toMatchObject({ final_total_cents: estimate, capture_state: 'captured' });
    expect(gateway.captureOf(settled.payment_ref ?? '')).toMatchObject({ state: 'captured', amountCents: estimate });
    const final = await shopperView(number);
    expect(final.final_total).toBe((estimate / 100).toFixed(2));
    rowsAddUp(final);
    // Both parts packed: the order is packed as a whole, not 'Packed (the last seller)'.
    expect(orderHeadline(final)).toBe('Packed');
    const [butcherEnd] = await consoleCards(butcher, number);
    const [fishEnd] = await consoleCards(fishmonger, number);
    expect((dollarsToCents(butcherEnd?.total ?? '') ?? 0) + (dollarsToCents(fishEnd?.total ?? '') ?? 0) + 481).toBe(estimate);
  });
});
