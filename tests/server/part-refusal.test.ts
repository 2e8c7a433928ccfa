import { assert } from 'superstruct';
import { afterAll, describe, expect, test } from 'vitest';
import { orderStatusReply, placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { consoleOrdersReply } from '../../src/api/contract/fulfilment.contract.ts';
import { rescheduleOptionsReply } from '../../src/api/contract/reschedule.contract.ts';
import { lineFinalCents, lineFinalTaxCents, lineNote, orderTotalNote, orderTotalRows } from '../../src/rules/catch-weight.ts';
import { centsToDollars, dollarsToCents, formatMoney } from '../../src/rules/money.ts';
import { payOnDeliveryWords } from '../../src/rules/pay-on-delivery.ts';
import { timelineStepLabel } from '../../src/rules/fulfilment.ts';
import { possessive } from '../../src/rules/possessive.ts';
import { restCancelQuestion, restOfOrderOf } from '../../src/rules/rest-cancel.ts';
import { PaymentGatewayError } from '../../server/adapters/payments/payment-port.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { eventually, generousLimits } from './account-helpers.ts';
import { manualClock, pickOffers, post } from './cart-page-helpers.ts';
import { checkoutNow, readyCart, saveCard, shopper } from './checkout-helpers.ts';
import { orderOf, stockOf } from './fixtures.ts';
import { twoSellerOrder } from './fixtures/two-seller-order.ts';
import { json, startTestApp } from './test-app.ts';

/**
 * Decision 081's "part by part" for a refusal: a seller refusing their part of a two-seller order ends that part
 * only. Its lines leave the order as marked-out lines do, its stock goes back, its fee is no longer charged, and the
 * money follows (src/rules/refused-parts.ts): a held card is captured at the last pack for the rest only, a payment
 * taken at place order gives the part's share back at once and once; the only part refused still ends the order.
 */
const clock = manualClock(checkoutNow);
const gateway = new TestPaymentGateway(clock.now);
const t = await startTestApp({ clock: clock.now, payments: gateway, rateLimits: generousLimits });
afterAll(() => t.close());

// Groceries taxed at 4 % here (New York exempts them), so each part's lines carry a tax that leaves with them or stays.
await t.database.db.updateTable('state_tax_rates').set({ grocery_rate_ppm: 40_000, grocery_exempt: false }).where('state', '=', 'NY').execute();
const buyer = await shopper(t, 'part-refusal-buyer@example.com');
async function storeUser(email: string, locIds: number[], role: 'seller' | 'staff' = 'seller'): Promise<string> {
  const made = await addStoreUser(t.database.db, { email, password: 'Secret123!', role, locIds });
  if (made.kind === 'invalid') throw new Error(made.message);
  return startSession(t.database.db, made.customerId);
}
const butcher = await storeUser('part-butcher@example.com', [101]);
const fishmonger = await storeUser('part-fish@example.com', [102]);
const staff = await storeUser('part-staff@example.com', [], 'staff');

const move = (token: string, orderId: string, event: string, extra: Record<string, unknown> = {}) =>
  post(t, '/api/seller/orders/move', { order_id: orderId, event, ...extra }, token);

let skip = 40;
/** A butcher's line ($30) and a fishmonger's ($25), sold by weight or not; the cart's coupon when given; a $10 tip. */
const twoSellerOrderOf = (byWeight: boolean, coupon?: string, date?: string) =>
  twoSellerOrder(t, { buyer, skip: ++skip, byWeight, coupon, tip: 10, date });

/** The order's lines and parts as stored, each line with its seller's location. */
async function linesAndParts(number: string) {
  const order = await orderOf(t, number);
  const parts = await t.database.db.selectFrom('order_deliverables').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  const lines = await t.database.db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .innerJoin('order_deliverables as d', 'd.id', 'order_items.deliverable_id')
    .selectAll('order_items')
    .select(['products.sold_by_weight', 'd.loc_id'])
    .where('order_items.order_id', '=', order.id)
    .orderBy('order_items.id')
    .execute();
  const partAt = (locId: number) => parts.find((p) => p.loc_id === locId);
  const lineAt = (locId: number) => lines.find((l) => l.loc_id === locId);
  return { order, parts, lines, partAt, lineAt };
}

async function packOwn(token: string, number: string, locId: number, steps: readonly string[] = ['accept', 'pick']): Promise<void> {
  for (const event of steps) expect((await move(token, number, event)).status).toBe(200);
  const list = json(await t.app.inject({ method: 'GET', url: '/api/seller/orders', headers: { authorization: `Bearer ${token}` } }));
  assert(list, consoleOrdersReply);
  const own = list.data?.find((o) => o.order_number === number && o.loc_id === locId);
  const weights = own?.items.filter((i) => i.by_weight).map((i) => ({ item_id: i.id, grams: 900 })) ?? [];
  expect((await move(token, number, 'pack', { weights_confirmed: true, weights })).status).toBe(200);
}

async function shopperView(number: string) {
  const status = json(
    await t.app.inject({ method: 'GET', url: `/api/account/orderstatus?order_id=${number}`, headers: { authorization: `Bearer ${buyer.token}` } }),
  );
  assert(status, orderStatusReply);
  if (!status.data) throw new Error('no order');
  return status.data;
}

/**
 * The shopper's totals rows add up to their last row (the discount taken off); an ended order's to what it was, the
 * row before its 'Nothing to pay' $0.00 (walk 8 #6).
 */
function rowsAddUp(order: Parameters<typeof orderTotalRows>[0]): void {
  const rows = orderTotalRows(order);
  const was = rows.findIndex((r) => r.name === 'Total, was');
  const end = was >= 0 ? was : rows.length - 1;
  const sum = rows.slice(0, end).reduce((s, r) => s + (r.discount ? -1 : 1) * (dollarsToCents(r.value) ?? 0), 0);
  expect(sum).toBe(dollarsToCents(rows[end]?.value ?? '') ?? -1);
  if (was >= 0) expect(rows.at(-1)).toEqual({ name: 'Nothing to pay', value: '0.00', total: true });
}

describe("a two-seller order's parts, each written with its own lines", () => {
  test("each seller's part has its own method, date, fee and lines, each line at its price and with its tax", async () => {
    const { number, butcherOffer, fishOffer } = await twoSellerOrder(t, {
      buyer,
      // The farm's last offers: the mixed orders below take its first ones.
      skip: { butcher: ++skip, fish: 4 },
      byWeight: false,
      second: { locId: 301, speed: 'farm-direct', date: '2026-12-04' },
    });
    const { order, parts, lines, partAt, lineAt } = await linesAndParts(number);
    expect(parts.map((p) => p.loc_id).sort()).toEqual([101, 301]);
    expect(partAt(101)).toMatchObject({ delivery_method: 'Local Delivery', delivery_date: '2026-12-01' });
    expect(partAt(301)).toMatchObject({ delivery_method: 'Farm Direct', delivery_date: '2026-12-04' });
    expect(lineAt(101)).toMatchObject({ offer_id: butcherOffer.offerId, variant_id: butcherOffer.variantId, qty: 1, price_cents: 3000 });
    expect(lineAt(301)).toMatchObject({ offer_id: fishOffer.offerId, variant_id: fishOffer.variantId, qty: 1, price_cents: 2500 });
    // Groceries at 4 % here: each line carries its own tax, and the parts' fees and the lines add up to the order's.
    expect(lineAt(101)?.tax_cents).toBe(120);
    expect(lineAt(301)?.tax_cents).toBeGreaterThan(0);
    expect(lines.reduce((sum, l) => sum + l.tax_cents, 0)).toBe(order.taxes_cents);
    expect(parts.reduce((sum, p) => sum + p.delivery_fee_cents, 0)).toBe(order.delivery_fee_cents);
  });
});

describe('a seller refuses their part of a two-seller order: the rest goes on', () => {
  test('card held: the butcher still packs, and the capture is the remaining lines + remaining fee + tax + tip', async () => {
    const { number, butcherOffer, fishOffer } = await twoSellerOrderOf(true);
    const placed = await linesAndParts(number);
    expect(placed.order.capture_state).toBe('held');
    expect(placed.lineAt(101)?.tax_cents).toBeGreaterThan(0);
    // The placed mail says what the order page says: an estimate, the card only held and charged after weighing.
    const placedMail = await eventually(() =>
      t.database.db.selectFrom('outbox').select('body_text').where('subject', '=', `Your order ${number} is placed`).executeTakeFirst(),
    );
    expect(placedMail?.body_text).toContain(`Estimated total: ${formatMoney(centsToDollars(placed.order.grand_total_cents))}`);
    expect(placedMail?.body_text).toContain(`We hold ${formatMoney(centsToDollars(placed.order.authorised_cents ?? 0))} on the card ending in`);
    expect(placedMail?.body_text).not.toMatch(/Paid with the card|\nTotal: /);
    const stock = { butcher: await stockOf(t, butcherOffer.offerId), fish: await stockOf(t, fishOffer.offerId) };

    expect((await move(butcher, number, 'accept')).status).toBe(200);
    const refused = await move(fishmonger, number, 'refuse', { reason: 'No salmon today' });
    expect(refused.body).toMatchObject({ code: 1, data: { state: 'refused' } });
    const after = await linesAndParts(number);
    expect(after.order).toMatchObject({ status: 'processing', fulfilment_state: 'accepted', capture_state: 'held' });
    expect(after.partAt(101)?.fulfilment_state).toBe('accepted');
    expect(after.partAt(102)?.fulfilment_state).toBe('refused');
    expect(after.lineAt(102)?.substitution_state).toBe('out');
    // Only the fishmonger's stock is given back; the hold stays on the card.
    expect(await stockOf(t, fishOffer.offerId)).toBe(stock.fish + 1);
    expect(await stockOf(t, butcherOffer.offerId)).toBe(stock.butcher);
    expect(gateway.captureOf(placed.order.payment_ref ?? '')?.state).toBe('held');

    // The shopper is mailed the part's refusal: the seller, the reason, what was taken off.
    const fishName = placed.partAt(102)?.vendor_name ?? '';
    const mailText = async () =>
      (
        await t.database.db
          .selectFrom('outbox')
          .select('body_text')
          .where('subject', '=', `Your order #${number}: ${fishName}'s part was refused`)
          .executeTakeFirst()
      )?.body_text ?? '';
    await expect.poll(mailText).toContain('Reason: No salmon today');
    expect(await mailText()).toContain(`Taken off your order and not charged: 1 × ${placed.lineAt(102)?.product_name ?? ''}`);
    // No coupon on this order: the mail does not speak of one (QA: 'after your coupon' with no discount).
    expect(placed.order.discount_cents).toBe(0);
    expect(await mailText()).not.toContain('coupon');

    // The butcher packs (900 g of the nominal weight): the capture is the butcher's line as weighed with its tax, the
    // butcher's fee and the tip; nothing of the fishmonger's.
    await packOwn(butcher, number, 101, ['pick']);
    const packed = await linesAndParts(number);
    const ribeye = packed.lineAt(101);
    if (!ribeye) throw new Error('no butcher line');
    const expected =
      lineFinalCents(ribeye) +
      lineFinalTaxCents(ribeye) +
      (packed.partAt(101)?.delivery_fee_cents ?? 0) +
      (packed.partAt(101)?.packaging_fee_cents ?? 0) +
      placed.order.tip_cents;
    expect(placed.order.tip_cents).toBeGreaterThan(0);
    expect(packed.order).toMatchObject({ fulfilment_state: 'packed', capture_state: 'captured', final_total_cents: expected });
    expect(gateway.captureOf(placed.order.payment_ref ?? '')).toMatchObject({ state: 'captured', amountCents: expected, captures: 1 });

    // The status page shows the part refused, its line not charged, and totals that add up to what was charged.
    const view = await shopperView(number);
    const fishLine = view.items.find((i) => i.vendor_name === fishName);
    expect(fishLine).toMatchObject({ fulfilment_state: 'refused', final_row_total: '0.00' });
    expect(view.refused_parts).toEqual([{ vendor_name: fishName, total: expect.any(String) as unknown }]);
    expect(dollarsToCents(view.final_total ?? '')).toBe(expected);
    rowsAddUp(view);
    // A card only held was captured for less: nothing was refunded, and the page says none.
    expect(view.refunds).toBeUndefined();
    expect(view.timeline?.some((s) => s.state === 'refused' && s.seller === fishName)).toBe(true);
  });

  test('card held, the other part packed first: refusing the last part not packed settles the order now', async () => {
    const { number } = await twoSellerOrderOf(true);
    const placed = await linesAndParts(number);
    await packOwn(butcher, number, 101);
    expect((await orderOf(t, number)).capture_state).toBe('held');
    expect((await move(fishmonger, number, 'refuse', { reason: 'Boat did not come in' })).status).toBe(200);
    const packed = await linesAndParts(number);
    const ribeye = packed.lineAt(101);
    if (!ribeye) throw new Error('no butcher line');
    const expected = lineFinalCents(ribeye) + lineFinalTaxCents(ribeye) + (packed.partAt(101)?.delivery_fee_cents ?? 0) + placed.order.tip_cents;
    expect(packed.order).toMatchObject({ fulfilment_state: 'packed', capture_state: 'captured', final_total_cents: expected });
    expect(gateway.captureOf(placed.order.payment_ref ?? '')).toMatchObject({ state: 'captured', amountCents: expected });
  });

  test('already captured: exactly the part’s share is refused back at once, once; the coupon stays with the lines', async () => {
    // SAVE5: $5 off orders of $40 or more, spread 30:25 over the lines; the butcher's $30 alone is under the minimum.
    const { number, fishOffer } = await twoSellerOrderOf(false, 'SAVE5');
    const placed = await linesAndParts(number);
    expect(placed.order).toMatchObject({ capture_state: null, discount_cents: 500 });
    expect(placed.lineAt(102)?.tax_cents).toBeGreaterThan(0);
    const paymentRef = placed.order.payment_ref ?? '';
    const fishLine = placed.lineAt(102);
    const fishPart = placed.partAt(102);
    if (!fishLine || !fishPart) throw new Error('no fish part');
    // 500 × 2500 / 5500 = 227.27: 227 with the fishmonger's line, 273 with the butcher's.
    const share = fishLine.row_total_cents - 227 + fishLine.tax_cents + fishPart.delivery_fee_cents + fishPart.packaging_fee_cents;

    // The gateway down: the refund fails and the refusal with it; nothing is given back, the part stays placed.
    const refund = gateway.refund.bind(gateway);
    gateway.refund = () => Promise.reject(new PaymentGatewayError('The payment provider is not answering.'));
    const fishStock = await stockOf(t, fishOffer.offerId);
    expect((await move(fishmonger, number, 'refuse', { reason: 'Closed for a repair' })).status).not.toBe(200);
    gateway.refund = refund;
    expect((await linesAndParts(number)).partAt(102)?.fulfilment_state).toBe('placed');
    expect(await stockOf(t, fishOffer.offerId)).toBe(fishStock);
    expect(gateway.captureOf(paymentRef)?.refundedCents).toBe(0);

    expect((await move(fishmonger, number, 'refuse', { reason: 'Closed for a repair' })).status).toBe(200);
    expect(gateway.captureOf(paymentRef)).toMatchObject({ refundedCents: share });
    // The mail: the lines after their coupon share, refunded, not 'not charged' (the payment was taken at place order).
    const mail = await eventually(() =>
      t.database.db
        .selectFrom('outbox')
        .select('body_text')
        .where('subject', '=', `Your order #${number}: ${fishPart.vendor_name}'s part was refused`)
        .executeTakeFirst(),
    );
    const money = (cents: number) => formatMoney(centsToDollars(cents));
    expect(mail?.body_text).toContain(
      `Taken off your order: 1 × ${fishLine.product_name} (${money(fishLine.row_total_cents - 227)} after your coupon`,
    );
    expect(mail?.body_text).toContain(`We refunded ${money(share)} to your payment.`);
    expect(mail?.body_text).not.toContain('not charged');
    expect(await stockOf(t, fishOffer.offerId)).toBe(fishStock + 1);
    expect(gateway.isRefunded(paymentRef)).toBe(false);
    // A retried refusal is refused itself and never refunds twice.
    expect((await move(fishmonger, number, 'refuse', { reason: 'Closed for a repair' })).status).toBe(409);
    expect(gateway.captureOf(paymentRef)?.refundedCents).toBe(share);

    const view = await shopperView(number);
    expect(dollarsToCents(view.grand_total)).toBe(placed.order.grand_total_cents - share);
    expect(view.discount).toBe('2.73');
    rowsAddUp(view);
    // The page says the refund the mail said (QA walk 3 item 14), and what checkout showed is kept (item 7).
    expect(view.refunds).toEqual([{ amount: centsToDollars(share), what: `the items from ${fishPart.vendor_name}, taken off your order` }]);
    expect(dollarsToCents(view.checkout_total ?? '')).toBe(placed.order.grand_total_cents);

    // The butcher goes on to the end: packing settles nothing more (nothing weighed), the order completes.
    await packOwn(butcher, number, 101);
    for (const event of ['dispatch', 'deliver'] as const) expect((await move(butcher, number, event)).status).toBe(200);
    expect(await orderOf(t, number)).toMatchObject({
      status: 'complete',
      fulfilment_state: 'delivered',
      final_total_cents: placed.order.grand_total_cents - share,
    });
    expect(gateway.captureOf(paymentRef)?.refundedCents).toBe(share);
  });

  test('the only part refused still ends the whole order with a full refund', async () => {
    const [offer] = await pickOffers(t, { speed: 'local', locId: 101 }, 1, 60, { priceCents: 3000, stock: 50 });
    if (!offer) throw new Error('no offer');
    const cartId = await readyCart(t, buyer.token, buyer.customerId, [{ offer, qty: 1 }], { 101: '2026-12-01' });
    const cardId = await saveCard(t, buyer.token, buyer.customerId);
    const placed = await post(
      t,
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: buyer.addressId, speed_id: 1, payment_mode: 2, card_id: cardId },
      buyer.token,
    );
    assert(placed.body, placeOrderReply);
    const number = placed.body.order_id ?? '';
    const stock = await stockOf(t, offer.offerId);
    expect((await move(butcher, number, 'refuse', { reason: 'Out of stock' })).status).toBe(200);
    const row = await orderOf(t, number);
    expect(row).toMatchObject({ fulfilment_state: 'refused', status: 'canceled' });
    expect(gateway.isRefunded(row.payment_ref ?? '') || row.capture_state === 'released').toBe(true);
    expect(await stockOf(t, offer.offerId)).toBe(stock + 1);
  });
});

describe('the rest canceled after a refusal: the totals and the words say what was given back (082 left them whole)', () => {
  /** The order's mail whose subject ends as the cancel's does. */
  const canceledMail = async (number: string) =>
    (await t.database.db.selectFrom('outbox').select('body_text').where('subject', 'like', `Your order #${number}: cancel%`).executeTakeFirst())
      ?.body_text ?? '';
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  test("paid at place order, the shopper cancels the rest: the rest is refunded, the status page and the list read the rest's totals", async () => {
    // Delivered in two days: before the shopper's cutoff.
    const { number } = await twoSellerOrderOf(false, 'SAVE5', '2026-12-03');
    const placed = await linesAndParts(number);
    const paymentRef = placed.order.payment_ref ?? '';
    const fishName = placed.partAt(102)?.vendor_name ?? '';
    expect((await move(fishmonger, number, 'refuse', { reason: 'No salmon today' })).status).toBe(200);
    const share = gateway.captureOf(paymentRef)?.refundedCents ?? 0;
    expect(share).toBeGreaterThan(0);
    const restCents = placed.order.grand_total_cents - share;

    // The shopper's panel is told what a cancel of the rest gives back, and what the refusal gave back before.
    const options = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/account/order/reschedule?order_id=${number}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      }),
    );
    expect(options).toMatchObject({
      code: 1,
      data: {
        can_change: true,
        rest_of_order: {
          payment: 'refund',
          rest_total: (restCents / 100).toFixed(2),
          refused: [{ vendor_name: fishName, total: (share / 100).toFixed(2) }],
        },
      },
    });

    expect((await post(t, '/api/account/order/cancel', { order_id: number }, buyer.token)).status).toBe(200);
    expect(await orderOf(t, number)).toMatchObject({ status: 'canceled', fulfilment_state: 'canceled' });
    // Everything paid is given back: the share at the refusal, the rest now.
    expect(gateway.captureOf(paymentRef)?.refundedCents).toBe(placed.order.grand_total_cents);

    // The status page: the refused part still taken off, totals that add up to the rest (what the cancel refunded).
    const view = await shopperView(number);
    expect(dollarsToCents(view.grand_total)).toBe(restCents);
    expect(view.refused_parts).toEqual([{ vendor_name: fishName, total: (share / 100).toFixed(2) }]);
    expect(view.discount).toBe('2.73');
    rowsAddUp(view);
    const list = json(await t.app.inject({ method: 'GET', url: '/api/account/myorders', headers: { authorization: `Bearer ${buyer.token}` } }));
    expect(JSON.stringify(list)).toContain(`"increment_id":"${number}"`);
    const listed = (list as { data?: { orders?: { increment_id: string; grand_total: string }[] } | { increment_id: string; grand_total: string }[] })
      .data;
    const rows = Array.isArray(listed) ? listed : (listed?.orders ?? []);
    expect(rows.find((o) => o.increment_id === number)?.grand_total).toBe((restCents / 100).toFixed(2));

    // The mail names what was refunded now and what was refunded before; it no longer says 'in full'.
    await expect.poll(() => canceledMail(number)).toContain(`We refunded ${money(restCents)}, the rest of your payment.`);
    expect(await canceledMail(number)).toContain(`${fishName}'s part (${money(share)}) was refunded when it was refused.`);
    expect(await canceledMail(number)).not.toContain('refunded in full');
  });

  test("card held, staff's Cancel order ends the rest: the hold is released, the console's figures are the rest's", async () => {
    const { number } = await twoSellerOrderOf(true);
    const placed = await linesAndParts(number);
    const fishName = placed.partAt(102)?.vendor_name ?? '';
    expect(placed.order.capture_state).toBe('held');
    expect((await move(fishmonger, number, 'refuse', { reason: 'No salmon today' })).status).toBe(200);
    const before = await shopperView(number);
    expect(
      (await post(t, '/api/staff/orders/move', { order_id: number, event: 'cancel', loc_id: 101, reason: 'The shopper called' }, staff)).status,
    ).toBe(200);
    expect(await orderOf(t, number)).toMatchObject({ status: 'canceled', capture_state: 'released' });

    const view = await shopperView(number);
    expect(view.grand_total).toBe(before.grand_total);
    expect(dollarsToCents(view.grand_total)).toBeLessThan(placed.order.grand_total_cents);
    expect(view.refused_parts).toEqual(before.refused_parts);
    rowsAddUp(view);
    const staffList = json(await t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: { authorization: `Bearer ${staff}` } }));
    assert(staffList, consoleOrdersReply);
    const cards = staffList.data?.filter((o) => o.order_number === number).sort((a, b) => a.loc_id - b.loc_id) ?? [];
    expect(cards.map((c) => [c.state, c.grand_total])).toEqual([
      ['canceled', before.grand_total],
      ['refused', before.grand_total],
    ]);
    expect(cards[1]?.total).toBe('0.00');

    const share = dollarsToCents(before.refused_parts?.[0]?.total ?? '') ?? 0;
    await expect.poll(() => canceledMail(number)).toContain('The hold on your card has been released: you have not been charged.');
    expect(await canceledMail(number)).toContain(`${fishName}'s part (${money(share)}) was taken off when it was refused and never charged.`);
  });
});

describe('the last part refused after another: its refusal ends the order, the part refused before stays off', () => {
  test('the totals are the rest refunded by the last refusal; its mail names both refunds', async () => {
    const { number } = await twoSellerOrderOf(false, 'SAVE5');
    const placed = await linesAndParts(number);
    const paymentRef = placed.order.payment_ref ?? '';
    const fishName = placed.partAt(102)?.vendor_name ?? '';
    expect((await move(fishmonger, number, 'refuse', { reason: 'No salmon today' })).status).toBe(200);
    const share = gateway.captureOf(paymentRef)?.refundedCents ?? 0;
    expect((await move(butcher, number, 'refuse', { reason: 'Closed today' })).status).toBe(200);
    expect(await orderOf(t, number)).toMatchObject({ status: 'canceled', fulfilment_state: 'refused' });
    expect(gateway.captureOf(paymentRef)?.refundedCents).toBe(placed.order.grand_total_cents);

    // Only the fishmonger's part was refused alone: the butcher's refusal is the order's own.
    const view = await shopperView(number);
    expect(view.refused_parts).toEqual([{ vendor_name: fishName, total: (share / 100).toFixed(2) }]);
    expect(dollarsToCents(view.grand_total)).toBe(placed.order.grand_total_cents - share);
    rowsAddUp(view);
    const mail = async () =>
      (await t.database.db.selectFrom('outbox').select('body_text').where('subject', 'like', `Your order #${number}: refused%`).executeTakeFirst())
        ?.body_text ?? '';
    await expect.poll(mail).toContain(`We refunded $${((placed.order.grand_total_cents - share) / 100).toFixed(2)}, the rest of your payment.`);
    expect(await mail()).toContain(`${fishName}'s part ($${(share / 100).toFixed(2)}) was refunded when it was refused.`);
  });
});

describe('pay on delivery: a refused part leaves less to pay at the door', () => {
  test("the amount due is the rest's lines less their coupon share, their tax, the rest's fee and the tip, said, shown and kept to delivery", async () => {
    const { number } = await twoSellerOrder(t, { buyer, skip: ++skip, byWeight: false, coupon: 'SAVE5', tip: 10, payment: 'pay-on-delivery' });
    // A registered customer's first pay-on-delivery order waits for the mailed link.
    const confirmMail = await eventually(() =>
      t.database.db.selectFrom('outbox').select('body_text').where('subject', '=', `Please confirm your order ${number}`).executeTakeFirst(),
    );
    const token = /confirmemail\?token=([A-Za-z0-9_-]{43})/.exec(confirmMail?.body_text ?? '')?.[1] ?? '';
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/placeorder/confirmemail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(confirmed.statusCode).toBe(200);
    const placed = await linesAndParts(number);
    expect(placed.order).toMatchObject({ status: 'pending_payment_on_delivery', discount_cents: 500 });
    const butcherLine = placed.lineAt(101);
    const butcherPart = placed.partAt(101);
    const fishName = placed.partAt(102)?.vendor_name ?? '';
    if (!butcherLine || !butcherPart) throw new Error('no butcher part');
    expect(butcherLine.tax_cents).toBeGreaterThan(0);
    // A 10 % tip on the $55 of items: it stays whole (the delivery still happens).
    expect(placed.order.tip_cents).toBe(550);
    // SAVE5's $5 spread 30:25 over the lines: 273 stays with the butcher's $30.
    const due = butcherLine.row_total_cents - 273 + butcherLine.tax_cents + butcherPart.delivery_fee_cents + butcherPart.packaging_fee_cents + 550;
    const dueWords = `${payOnDeliveryWords.delivery.due}: $${(due / 100).toFixed(2)}.`;

    expect((await move(fishmonger, number, 'refuse', { reason: 'No salmon today' })).status).toBe(200);
    expect(await orderOf(t, number)).toMatchObject({ status: 'pending_payment_on_delivery', fulfilment_state: 'placed' });
    const refusalMail = async () =>
      (
        await t.database.db
          .selectFrom('outbox')
          .select('body_text')
          .where('subject', '=', `Your order #${number}: ${fishName}'s part was refused`)
          .executeTakeFirst()
      )?.body_text ?? '';
    await expect.poll(refusalMail).toContain(dueWords);
    expect(await refusalMail()).not.toContain('We refunded');

    // The status page: the rest's totals, adding up to what is due at the door.
    const view = await shopperView(number);
    expect(dollarsToCents(view.grand_total)).toBe(due);
    expect(view.refused_parts).toEqual([{ vendor_name: fishName, total: expect.any(String) as unknown }]);
    expect(dollarsToCents(view.grand_total) ?? 0).toBe(placed.order.grand_total_cents - (dollarsToCents(view.refused_parts?.[0]?.total ?? '') ?? 0));
    rowsAddUp(view);

    // Packing settles the final: the same amount, due at the door, and the order completes on delivery at it.
    await packOwn(butcher, number, 101);
    expect(await orderOf(t, number)).toMatchObject({ fulfilment_state: 'packed', final_total_cents: due, status: 'pending_payment_on_delivery' });
    const packedMail = async () =>
      (await t.database.db.selectFrom('outbox').select('body_text').where('subject', 'like', `Your order #${number}: pack%`).executeTakeFirst())
        ?.body_text ?? '';
    await expect.poll(packedMail).toContain(dueWords);
    const packedView = await shopperView(number);
    expect(dollarsToCents(packedView.final_total ?? '')).toBe(due);
    rowsAddUp(packedView);
    for (const event of ['dispatch', 'deliver'] as const) expect((await move(butcher, number, event)).status).toBe(200);
    expect(await orderOf(t, number)).toMatchObject({ status: 'complete', fulfilment_state: 'delivered', final_total_cents: due });
  });
});

describe("a refusal says who refused it, in the seller's possessive (QA walk 3)", () => {
  /** The order's mail with this subject, once sent. */
  const mailed = async (subject: string) =>
    (await t.database.db.selectFrom('outbox').select('body_text').where('subject', '=', subject).executeTakeFirst())?.body_text ?? '';

  test("staff refuse the butcher's part: the store is credited, on the mail, the timeline and the page's words", async () => {
    const { number } = await twoSellerOrderOf(false);
    const placed = await linesAndParts(number);
    const butchers = placed.partAt(101)?.vendor_name ?? '';
    // Named by its location (decision 089): 'Hudson Street Butchers — West Village's part'.
    expect(butchers).toBe('Hudson Street Butchers — West Village');
    const refused = await post(t, '/api/staff/orders/move', { order_id: number, event: 'refuse', loc_id: 101, reason: 'Truck broken down' }, staff);
    expect(refused.status).toBe(200);
    const subject = `Your order #${number}: ${possessive(butchers)} part was refused`;
    await expect.poll(() => mailed(subject)).toContain(`The store refused ${possessive(butchers)} part of your order #${number}.`);
    expect(await mailed(subject)).not.toContain("s's");
    const view = await shopperView(number);
    expect(view.timeline?.at(-1)).toMatchObject({ state: 'refused', actor: 'staff', seller: butchers, reason: 'Truck broken down' });
    expect(orderTotalNote(view)).toMatch(new RegExp(`^The store refused ${possessive(butchers)} part: \\$`));
    const line = view.items.find((i) => i.vendor_name === butchers);
    // Paid at place order (nothing weighed): the part's share was refunded, and its line says so, not 'not charged'.
    expect(view.refunds?.length).toBe(1);
    // The reply says so in its own field, from the payment (seam c4 item 2), and the line's words follow it.
    expect(line?.part_money).toBe('refunded');
    expect(line && lineNote(line, view.timeline)).toBe('Refused by the store: refunded');
    // The butcher's part goes on: no money word on its lines.
    expect(view.items.filter((i) => i.vendor_name !== butchers).map((i) => i.part_money)).toEqual(
      view.items.filter((i) => i.vendor_name !== butchers).map(() => undefined),
    );
  });

  test("each refused part's lines carry its money from the payment: refunded when paid up front, not charged on a held card (seam c4 item 2)", async () => {
    // Paid at place order: the fish part refused alone is refunded at once; the butcher's, refused last, ends the order
    // and comes back with the order's end (its line read 'not charged' when the page matched the refunds' words).
    const paid = (await twoSellerOrderOf(false)).number;
    expect((await move(fishmonger, paid, 'refuse', { reason: 'No salmon today' })).status).toBe(200);
    expect((await move(butcher, paid, 'refuse', { reason: 'Closed today' })).status).toBe(200);
    const ended = await shopperView(paid);
    expect(ended.items.map((i) => i.part_money)).toEqual(ended.items.map(() => 'refunded'));
    for (const line of ended.items) expect(lineNote(line, ended.timeline)).toBe('Refused by its seller: refunded');
    // A card only held (weighed lines): nothing was taken for the refused part, so nothing was refunded.
    const held = (await twoSellerOrderOf(true)).number;
    expect((await move(fishmonger, held, 'refuse', { reason: 'No salmon today' })).status).toBe(200);
    const heldView = await shopperView(held);
    const fishLines = heldView.items.filter((i) => i.fulfilment_state === 'refused');
    expect(fishLines.length).toBeGreaterThan(0);
    for (const line of fishLines) expect(line.part_money).toBe('not_charged');
    expect(heldView.items.filter((i) => i.fulfilment_state !== 'refused').every((i) => i.part_money === undefined)).toBe(true);
  });

  test("a part refused at once: its card's history reads the order placed, then the refusal, as the other part's starts (walk 9 S17)", async () => {
    const { number } = await twoSellerOrderOf(false);
    expect((await move(butcher, number, 'accept')).status).toBe(200);
    expect((await move(fishmonger, number, 'refuse', { reason: 'No salmon today' })).status).toBe(200);
    const cardOf = async (token: string) => {
      const list = json(await t.app.inject({ method: 'GET', url: '/api/seller/orders?all=1', headers: { authorization: `Bearer ${token}` } }));
      assert(list, consoleOrdersReply);
      const card = list.data?.find((o) => o.order_number === number);
      if (!card) throw new Error('no card');
      return card;
    };
    const placedAt = (await orderOf(t, number)).created_at.toISOString();
    const placed = { state: 'placed', at: placedAt, actor: 'shopper', reason: null };
    const fish = await cardOf(fishmonger);
    expect(fish.timeline).toEqual([placed, expect.objectContaining({ state: 'refused', actor: 'seller', reason: 'No salmon today' })]);
    expect(fish.timeline.map((s) => timelineStepLabel(s))).toEqual(['Order placed', `Refused by ${fish.vendor_name}`]);
    expect(fish.payment_words).toBe('Refunded');
    const butchers = await cardOf(butcher);
    expect(butchers.timeline).toEqual([placed, expect.objectContaining({ state: 'accepted', actor: 'seller' })]);
    // The shopper's page starts where the cards do.
    expect((await shopperView(number)).timeline?.[0]).toEqual(placed);
  });

  test("one seller's part moving on its own is mailed with the right possessive", async () => {
    const { number } = await twoSellerOrderOf(false);
    const butchers = (await linesAndParts(number)).partAt(101)?.vendor_name ?? '';
    expect((await move(butcher, number, 'accept')).status).toBe(200);
    await expect
      .poll(() => mailed(`Your order #${number}: ${butchers}, accepted by the seller`))
      .toContain(`${possessive(butchers)} part of your order #${number} is now: Accepted by the seller.`);
  });
});

describe('the driver tip goes with the last part the driver brings (QA walk 3: kept on a Farm Direct order)', () => {
  /** A butcher's Same Day part (the driver's) and a farm's Farm Direct part, a $10 tip, paid at place order. */
  let farmSkip = 0;
  const mixedOrder = (date?: string) =>
    twoSellerOrder(t, {
      buyer,
      skip: { butcher: ++skip, fish: farmSkip++ },
      byWeight: false,
      tip: 10,
      date,
      second: { locId: 301, speed: 'farm-direct', date: '2026-12-04' },
    });

  test("the butcher refuses the Same Day part: its share and the tip are refunded, the page's tip is gone and the rows add up", async () => {
    const { number } = await mixedOrder();
    const placed = await linesAndParts(number);
    expect(placed.order.tip_cents).toBeGreaterThan(0);
    expect(placed.partAt(301)?.speed).toBe('farm-direct');
    const paymentRef = placed.order.payment_ref ?? '';
    expect((await move(butcher, number, 'refuse', { reason: 'No ribeye today' })).status).toBe(200);
    const view = await shopperView(number);
    expect(view.driver_tip).toBe('0.00');
    rowsAddUp(view);
    const share = dollarsToCents(view.refused_parts?.[0]?.total ?? '') ?? 0;
    expect(dollarsToCents(view.grand_total)).toBe(placed.order.grand_total_cents - share - placed.order.tip_cents);
    // Paid at place order: the part's share and the tip given back at once; held: captured later without them.
    if (placed.order.capture_state !== 'held') expect(gateway.captureOf(paymentRef)?.refundedCents).toBe(share + placed.order.tip_cents);
    const butchers = placed.partAt(101)?.vendor_name ?? '';
    const mail = async () =>
      (
        await t.database.db
          .selectFrom('outbox')
          .select('body_text')
          .where('subject', '=', `Your order #${number}: ${possessive(butchers)} part was refused`)
          .executeTakeFirst()
      )?.body_text ?? '';
    const tip = `$${(placed.order.tip_cents / 100).toFixed(2)}`;
    await expect.poll(mail).toContain(`The driver tip (${tip}) is taken off too`);
    // The farm packs: the final is the farm's part only, no tip.
    const farmer = await storeUser('part-farm@example.com', [301]);
    await packOwn(farmer, number, 301);
    const packed = await orderOf(t, number);
    expect(packed.final_total_cents).toBe(placed.order.grand_total_cents - share - placed.order.tip_cents);
    if (placed.order.capture_state === 'held') expect(gateway.captureOf(paymentRef)?.amountCents).toBe(packed.final_total_cents);
    else expect(gateway.captureOf(paymentRef)?.refundedCents).toBe(share + placed.order.tip_cents);
  });

  test('the rest canceled afterwards: its mail names the tip given back with the refusal, and everything paid is refunded', async () => {
    // Delivered in two days: before the shopper's cutoff.
    const { number } = await mixedOrder('2026-12-03');
    const placed = await linesAndParts(number);
    const paymentRef = placed.order.payment_ref ?? '';
    expect((await move(butcher, number, 'refuse', { reason: 'No ribeye today' })).status).toBe(200);
    const tip = `$${(placed.order.tip_cents / 100).toFixed(2)}`;
    // The shopper's change panel is told the tip the totals took off (seam c4 item 3): its confirm names it as the mail does.
    const options = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/account/order/reschedule?order_id=${number}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      }),
    );
    assert(options, rescheduleOptionsReply);
    const rest = options.data?.rest_of_order;
    expect(rest?.tip).toBe((placed.order.tip_cents / 100).toFixed(2));
    expect(restCancelQuestion(restOfOrderOf(rest ?? { payment: 'none', rest_total: '0.00', refused: [] }))).toContain(
      `The driver tip (${tip}) was refunded then too.`,
    );
    expect((await post(t, '/api/account/order/cancel', { order_id: number }, buyer.token)).status).toBe(200);
    expect(gateway.captureOf(paymentRef)?.refundedCents).toBe(placed.order.grand_total_cents);
    const canceled = async () =>
      (await t.database.db.selectFrom('outbox').select('body_text').where('subject', 'like', `Your order #${number}: cancel%`).executeTakeFirst())
        ?.body_text ?? '';
    await expect.poll(canceled).toContain(`The driver tip (${tip}) was refunded then too.`);
  });

  test('the Farm Direct part refused: the driver still comes, the tip stays', async () => {
    const { number } = await mixedOrder();
    const placed = await linesAndParts(number);
    const farmer = await storeUser('part-farm-2@example.com', [301]);
    expect((await move(farmer, number, 'refuse', { reason: 'Truck broken down' })).status).toBe(200);
    const view = await shopperView(number);
    expect(dollarsToCents(view.driver_tip)).toBe(placed.order.tip_cents);
    rowsAddUp(view);
  });
});
