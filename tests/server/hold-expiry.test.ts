import { assert } from 'superstruct';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { authorisedCents, finalCents } from '../../src/rules/catch-weight.ts';
import { PaymentGatewayError, type ChargeRequest } from '../../server/adapters/payments/payment-port.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { captureHoldAfterHours, earlyCaptureKey } from '../../server/services/payments/ageing-holds.ts';
import { reconcilePendingPayments } from '../../server/services/payments/payment-reconciler.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, pickOffers, post } from './cart-page-helpers.ts';
import { checkoutNow, readyCart, saveCard, shopper } from './checkout-helpers.ts';
import { orderOf } from './fixtures.ts';
import { startTestApp } from './test-app.ts';

/**
 * Decision 044: a card hold expires after 7 days (the offline gateway models it as Stripe does), so the payment
 * reconciler captures a weighed order's whole hold six days after it was made; packing then refunds the difference,
 * a cancel refunds it all. A pass racing another (or re-sent) captures once; an order packed in time is left alone.
 */
const clock = manualClock(checkoutNow);
const gateway = new TestPaymentGateway(clock.now);
const t = await startTestApp({ clock: clock.now, payments: gateway, rateLimits: generousLimits });
afterAll(() => t.close());
beforeEach(() => clock.set(checkoutNow));
const db = t.database.db;

const buyer = await shopper(t, 'hold-buyer@example.com');
const made = await addStoreUser(db, { email: 'hold-seller@example.com', password: 'Secret123!', role: 'seller', locIds: [101] });
if (made.kind === 'invalid') throw new Error(made.message);
const seller = await startSession(db, made.customerId);
const offers = await pickOffers(t, { speed: 'local', locId: 101 }, 6, 0, { priceCents: 2000, stock: 100 });
const log: unknown[] = [];

/** A card-paid order of one weighed line (the offer's product made sold by weight), for 2026-12-04. */
async function heldOrder(n: number): Promise<{ number: string; itemId: number; bottleSize: number }> {
  const offer = offers[n];
  if (!offer) throw new Error('no offer left');
  const variant = await db.selectFrom('product_variants').select('product_id').where('id', '=', offer.variantId).executeTakeFirstOrThrow();
  await db.updateTable('products').set({ sold_by_weight: true }).where('id', '=', variant.product_id).execute();
  const cartId = await readyCart(t, buyer.token, buyer.customerId, [{ offer, qty: 1 }], { 101: '2026-12-04' });
  const cardId = await saveCard(t, buyer.token, buyer.customerId);
  const reply = await post(
    t,
    '/api/placeorder/placeorder',
    { cart_id: cartId, delivery_address_id: buyer.addressId, speed_id: 1, payment_mode: 2, card_id: cardId },
    buyer.token,
  );
  assert(reply.body, placeOrderReply);
  if (reply.body.code !== 1 || !reply.body.order_id) throw new Error(JSON.stringify(reply.body));
  const item = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.id', 'order_items.bottle_size'])
    .where('orders.increment_id', '=', reply.body.order_id)
    .executeTakeFirstOrThrow();
  return { number: reply.body.order_id, itemId: item.id, bottleSize: item.bottle_size };
}

/** The reconciler's `now`, this many hours after the order was placed (orders.created_at is the database's time). */
async function hoursAfterPlaced(number: string, hours: number): Promise<Date> {
  const order = await orderOf(t, number);
  return new Date(order.created_at.getTime() + hours * 3_600_000);
}

const move = (number: string, event: string, extra: Record<string, unknown> = {}) =>
  post(t, '/api/seller/orders/move', { order_id: number, event, ...extra }, seller);

describe('the offline gateway lets a hold expire as Stripe does', () => {
  test('an authorisation not captured within 7 days is canceled and cannot be captured', async () => {
    const tokenized = gateway.tokenize({ holder: 'Ada Lovelace', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' });
    if (!tokenized.ok) throw new Error('no token');
    const request: ChargeRequest = {
      amountCents: 5000,
      currency: 'usd',
      source: { kind: 'token', token: tokenized.token },
      idempotencyKey: 'hold-expiry-model',
      description: 'model',
      metadata: {},
      capture: 'manual',
    };
    const charged = await gateway.charge(request);
    if (charged.ok !== true) throw new Error('not authorised');
    clock.advanceMinutes(7 * 24 * 60 - 1);
    expect(gateway.captureOf(charged.paymentRef)).toMatchObject({ state: 'held' });
    clock.advanceMinutes(1);
    expect(gateway.captureOf(charged.paymentRef)).toMatchObject({ state: 'released' });
    await expect(gateway.capture({ paymentRef: charged.paymentRef, amountCents: 4000, idempotencyKey: 'late' })).rejects.toThrow(PaymentGatewayError);
  });
});

describe('the reconciler captures a hold before it expires (decision 044)', () => {
  test('six days on, the whole hold is captured once; packing then refunds the difference', async () => {
    const order = await heldOrder(0);
    const placed = await orderOf(t, order.number);
    expect(placed.capture_state).toBe('held');
    const ref = placed.payment_ref ?? '';

    // Before six days: nothing happens.
    const early = await reconcilePendingPayments(db, gateway, await hoursAfterPlaced(order.number, captureHoldAfterHours - 1), (e) => log.push(e));
    expect(early.holdsCaptured).not.toContain(placed.id);
    expect(gateway.captureOf(ref)).toMatchObject({ state: 'held' });

    // Two passes at once after six days: one capture of the whole hold (estimate + margin).
    const due = await hoursAfterPlaced(order.number, captureHoldAfterHours + 1);
    const [a, b] = await Promise.all([
      reconcilePendingPayments(db, gateway, due, (e) => log.push(e)),
      reconcilePendingPayments(db, gateway, due, (e) => log.push(e)),
    ]);
    expect([...a.holdsCaptured, ...b.holdsCaptured].filter((id) => id === placed.id)).toHaveLength(1);
    expect(await orderOf(t, order.number)).toMatchObject({ capture_state: 'captured', status: 'processing' });
    expect(gateway.captureOf(ref)).toMatchObject({ state: 'captured', amountCents: placed.authorised_cents, captures: 1 });
    // A capture re-sent with its key (a commit lost after the provider answered) is the same one capture.
    await gateway.capture({ paymentRef: ref, amountCents: placed.authorised_cents ?? 0, idempotencyKey: earlyCaptureKey(order.number) });
    expect(gateway.captureOf(ref)).toMatchObject({ captures: 1 });

    // Packed at 90 % of the weight after the hold would have expired: the difference is refunded, not captured.
    clock.advanceMinutes(8 * 24 * 60);
    expect((await move(order.number, 'accept')).status).toBe(200);
    expect((await move(order.number, 'pick')).status).toBe(200);
    const grams = Math.round(order.bottleSize * 0.9);
    expect((await move(order.number, 'pack', { weights: [{ item_id: order.itemId, grams }] })).status).toBe(200);
    const packed = await orderOf(t, order.number);
    const line = await db.selectFrom('order_items').selectAll().where('id', '=', order.itemId).executeTakeFirstOrThrow();
    const expected = finalCents(placed.grand_total_cents, [
      { ...line, sold_by_weight: true, weighed_grams: grams, substitution_state: null, substitute_price_cents: null },
    ]);
    expect(packed.final_total_cents).toBe(expected);
    expect(packed.authorised_cents).toBe(authorisedCents(placed.grand_total_cents, line.row_total_cents));
    expect(gateway.captureOf(ref)).toMatchObject({ state: 'captured', refundedCents: (placed.authorised_cents ?? 0) - expected, captures: 1 });
  });

  test('an order packed in time is captured at the weight and left alone; a canceled one after the capture is refunded in full', async () => {
    const packedInTime = await heldOrder(1);
    expect((await move(packedInTime.number, 'accept')).status).toBe(200);
    expect((await move(packedInTime.number, 'pick')).status).toBe(200);
    expect((await move(packedInTime.number, 'pack', { weights: [{ item_id: packedInTime.itemId, grams: packedInTime.bottleSize }] })).status).toBe(
      200,
    );
    const packedRow = await orderOf(t, packedInTime.number);
    const report = await reconcilePendingPayments(db, gateway, await hoursAfterPlaced(packedInTime.number, 200), (e) => log.push(e));
    expect(report.holdsCaptured).not.toContain(packedRow.id);
    expect(gateway.captureOf(packedRow.payment_ref ?? '')).toMatchObject({
      state: 'captured',
      amountCents: packedRow.grand_total_cents,
      captures: 1,
    });

    const canceled = await heldOrder(2);
    const row = await orderOf(t, canceled.number);
    const pass = await reconcilePendingPayments(db, gateway, await hoursAfterPlaced(canceled.number, captureHoldAfterHours + 1), (e) => log.push(e));
    expect(pass.holdsCaptured).toContain(row.id);
    expect((await post(t, '/api/account/order/cancel', { order_id: canceled.number }, buyer.token)).status).toBe(200);
    expect(gateway.captureOf(row.payment_ref ?? '')).toMatchObject({ state: 'captured', refundedCents: row.authorised_cents });
    expect(log).toEqual([]);
  });
});
