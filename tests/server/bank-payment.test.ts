import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myOrdersReply, orderStatusReply, placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { bankDebitClearsBy, bankMessages } from '../../src/rules/bank-account.ts';
import { debitOnItsWayText } from '../../src/rules/cancel-words.ts';
import { rescheduleOptionsReply } from '../../src/api/contract/reschedule.contract.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { reconcilePendingPayments } from '../../server/services/payments/payment-reconciler.ts';
import { orderConfirmation } from '../../server/services/checkout/order-confirmation.ts';
import { centsToDollars, formatMoney } from '../../src/rules/money.ts';
import { eventually, generousLimits } from './account-helpers.ts';
import { guestCartReply } from '../../src/api/contract/customer.contract.ts';
import { cartOrderedMessage } from '../../src/rules/messages.ts';
import { cartLinesOf, makeCart, manualClock, pickOffers, post, type OfferPick } from './cart-page-helpers.ts';
import { addAddress, checkoutNow, readyCart } from './checkout-helpers.ts';
import { orderOf, signedInCustomer, stockOf } from './fixtures.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';
import { consoleOrdersReply } from '../../src/api/contract/fulfilment.contract.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';

/** Pay by bank (ACH debit) with the offline gateway's test accounts (Stripe's: routing 110000000). */
const clock = manualClock(checkoutNow);
const gateway = new TestPaymentGateway(clock.now);
let t: TestApp;
let offers: OfferPick[];
let used = 0;
const errors: unknown[] = [];

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now, payments: gateway, rateLimits: generousLimits });
  offers = await pickOffers(t, { speed: 'local', locId: 101 }, 22, 0, { priceCents: 1000, stock: 10 });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const sweep = () => reconcilePendingPayments(db(), gateway, clock.now(), (error) => errors.push(error));
const clearedDay = bankDebitClearsBy(checkoutNow.slice(0, 10));
const bankFields = (accountNumber: string) => ({ payment_mode: 1, bank_name: 'Chase', routing_number: '110000000', account_number: accountNumber });

/** A customer's cart, ready to pay: the offer has 2 units in it. */
async function readyShopper(email: string, guest = false) {
  const me = guest ? await guestCustomer(email) : await signedInCustomer(t, email);
  const addressId = await addAddress(t, me.token, me.customerId);
  const offer = offers[used++];
  if (!offer) throw new Error('out of offers');
  // Delivered the day the debit has cleared by (4 business days on): pay by bank is not offered sooner.
  const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 2 }], { [offer.locId]: clearedDay });
  const stockBefore = await stockOf(t, offer.offerId);
  const body = { cart_id: cartId, delivery_address_id: addressId, speed_id: 1 };
  return { me, offer, cartId, stockBefore, body };
}

/** A guest at checkout (email only): their own customer row and token, as /api/cart/guestcart makes them. */
async function guestCustomer(email: string): Promise<{ token: string; customerId: number }> {
  const { body } = await post(t, '/api/cart/guestcart', { customer_email: email, store_id: 1 });
  assert(body, guestCartReply);
  return { token: body.data?.api_token ?? '', customerId: Number(body.data?.customer_id) };
}

async function payByBank(email: string, accountNumber: string, guest = false) {
  const shopper = await readyShopper(email, guest);
  const { status, body } = await post(t, '/api/placeorder/placeorder', { ...shopper.body, ...bankFields(accountNumber) }, shopper.me.token);
  expect(status).toBe(200);
  assert(body, placeOrderReply);
  return { ...shopper, reply: body };
}

describe('pay by bank (ACH debit)', () => {
  it('places the order pending while the debit clears, and the reconciler marks it paid and mails the confirmation', async () => {
    const { reply, offer, stockBefore, cartId } = await payByBank('bank-clears@example.com', '000123456789');
    expect(reply).toMatchObject({ code: 1, message: bankMessages.pending, status: 'pending_payment' });
    const order = await orderOf(t, reply.order_id ?? '');
    expect(order).toMatchObject({ payment_mode: 1, payment_method: 'us_bank_account', card_brand: 'Chase', card_last4: '6789' });
    expect(order.payment_ref).toMatch(/^pi_test_ach_/);
    expect(order.bank_mandate).toMatchObject({ ipAddress: expect.any(String), userAgent: expect.any(String) });
    // The account numbers themselves are nowhere on the order.
    expect(JSON.stringify(order)).not.toContain('000123456789');
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('ordered');

    // Test mode's hook for the e2e journeys: one reconciler pass, as the background sweep makes, mails included.
    const pass = await post(t, '/api/payments/test-reconcile', {});
    expect(pass.body).toMatchObject({ code: 1, data: { paid: 1 } });
    expect(await orderOf(t, order.increment_id)).toMatchObject({ status: 'processing', card_brand: 'Chase', card_last4: '6789' });
    const mail = await eventually(() =>
      db().selectFrom('outbox').select(['subject', 'body_text']).where('subject', 'like', `%${order.increment_id}%`).executeTakeFirst(),
    );
    expect(mail?.subject).toContain(order.increment_id);
    // The account that paid, by its bank: never 'the card' (QA walk 9 #2: 'Paid $141.35 with the card ending in 6789').
    expect(mail?.body_text).toContain('Paid from your Chase account ending in 6789.');
    expect(mail?.body_text).not.toContain('card');
    // With weighed lines the payment is the estimate plus the margin, taken from the same account.
    const paid = await orderOf(t, order.increment_id);
    const weighedMail = orderConfirmation(
      { order: { ...paid, authorised_cents: paid.grand_total_cents + 100 }, deliverables: [], items: [] },
      'https://shop.example.com',
    ).text;
    expect(weighedMail).toContain(
      `Paid ${formatMoney(centsToDollars(paid.grand_total_cents + 100))} from your Chase account ending in 6789: the estimate`,
    );
    expect(weighedMail).not.toContain('card');
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);
    expect((await sweep()).paid).not.toContain(order.id);
  });

  it('releases the order when the debit comes back unpaid: stock given back, cart reopened, the bank reason kept', async () => {
    const { reply, offer, stockBefore, cartId, me } = await payByBank('bank-fails@example.com', '000111111116');
    expect(reply).toMatchObject({ code: 1, status: 'pending_payment' });
    const order = await orderOf(t, reply.order_id ?? '');
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);

    const report = await sweep();
    expect(report.failed).toContain(order.id);
    expect(await orderOf(t, order.increment_id)).toMatchObject({
      status: 'payment_failed',
      payment_message: "The customer's bank account could not be located.",
    });
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore);
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('open');

    // My Orders lists it as 'payment failed' (the mail's 'Your orders' leads there), and its status page names the
    // cart its items went back to, with their count (the header's badge).
    const mine = await post(t, '/api/account/myorders', {}, me.token);
    assert(mine.body, myOrdersReply);
    expect(mine.body.data?.find((o) => o.increment_id === order.increment_id)).toMatchObject({ status: 'payment failed' });
    const status = await post(t, '/api/account/orderstatus', { order_id: order.increment_id }, me.token);
    assert(status.body, orderStatusReply);
    expect(status.body).toMatchObject({ code: 1, data: { status: 'payment failed' }, current_cart: { cart_id: cartId, total_items_count: 2 } });
  });

  it('keeps a debit the bank has not answered pending, pass after pass, and never reports it for review', async () => {
    const { reply, offer, stockBefore } = await payByBank('bank-waits@example.com', '000555555559');
    const order = await orderOf(t, reply.order_id ?? '');
    for (let pass = 0; pass < 2; pass++) {
      const report = await sweep();
      expect(report.stillPending).toContain(order.id);
      expect(report.needsReview).not.toContain(order.id);
    }
    expect((await orderOf(t, order.increment_id)).status).toBe('pending_payment');
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);
  });

  it('refuses a bank debit for a Same Day slot today, naming the option, and takes nothing', async () => {
    const me = await signedInCustomer(t, 'bank-too-soon@example.com');
    const addressId = await addAddress(t, me.token, me.customerId);
    const offer = offers[used++];
    if (!offer) throw new Error('out of offers');
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 2 }]);
    const stockBefore = await stockOf(t, offer.offerId);
    const body = { cart_id: cartId, delivery_address_id: addressId, speed_id: 1, ...bankFields('000123456789') };
    const { status, body: reply } = await post(t, '/api/placeorder/placeorder', body, me.token);
    expect(status).toBe(400);
    expect(reply).toMatchObject({ errors: [{ field: 'payment_mode', message: bankMessages.tooSoon('12/07/2026') }] });
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore);
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('open');
    // The same cart paid on delivery goes through: only the bank debit is too slow for today.
    const byCard = await post(t, '/api/placeorder/placeorder', { ...body, payment_mode: 4 }, me.token);
    expect(byCard.status).toBe(200);
  });

  it("lists a debit still clearing on staff's console, read-only and marked 'Payment pending'; not yet on the seller's", async () => {
    const { reply } = await payByBank('bank-seen@example.com', '000555555559');
    const number = reply.order_id ?? '';
    const session = async (email: string, role: 'seller' | 'staff') => {
      const user = await addStoreUser(db(), { email, password: 'Secret123!', role, locIds: role === 'seller' ? [101] : [] });
      if (user.kind === 'invalid') throw new Error(user.message);
      return startSession(db(), user.customerId);
    };
    const list = async (role: 'seller' | 'staff', token: string) => {
      const url = role === 'staff' ? '/api/staff/orders' : `/api/seller/orders?date=${clearedDay}`;
      const answer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const body = json(answer);
      assert(body, consoleOrdersReply);
      return body.data?.find((o) => o.order_number === number);
    };
    const staff = await session('bank-seen-staff@example.com', 'staff');
    expect(await list('staff', staff)).toMatchObject({ payment_status: 'pending_payment', payment_words: 'Payment pending', moves: [] });
    expect((await post(t, '/api/staff/orders/move', { order_id: number, event: 'accept' }, staff)).status).toBe(404);
    expect(await list('seller', await session('bank-seen-seller@example.com', 'seller'))).toBeUndefined();
  });

  it('answers a repeated place order with the same order and debits once', async () => {
    const shopper = await readyShopper('bank-twice@example.com');
    const send = () => post(t, '/api/placeorder/placeorder', { ...shopper.body, ...bankFields('000555555559') }, shopper.me.token);
    const [first, second] = await Promise.all([send(), send()]);
    assert(first.body, placeOrderReply);
    assert(second.body, placeOrderReply);
    expect(second.body.order_id).toBe(first.body.order_id);
    const third = await send();
    assert(third.body, placeOrderReply);
    expect(third.body).toMatchObject({ code: 1, order_id: first.body.order_id, status: 'pending_payment' });
    const orders = await db().selectFrom('orders').select(['id', 'payment_ref']).where('cart_id', '=', shopper.cartId).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(t, shopper.offer.offerId)).toBe(shopper.stockBefore - 2);
  });

  it('refuses a bank that is not one of the seven, a bad routing number or account number, naming the field', async () => {
    const shopper = await readyShopper('bank-typo@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [{ bank_name: 'Piggy Bank' }, 'bank_name'],
      [{ routing_number: '110000001' }, 'routing_number'],
      [{ account_number: '12' }, 'account_number'],
    ];
    for (const [change, field] of cases) {
      const { status, body } = await post(
        t,
        '/api/placeorder/placeorder',
        { ...shopper.body, ...bankFields('000123456789'), ...change },
        shopper.me.token,
      );
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain(field);
    }
    expect(await db().selectFrom('orders').select('id').where('cart_id', '=', shopper.cartId).execute()).toEqual([]);
  });
});

/**
 * A debit returned days after its order stood (decision 081: the cart's kept lines had moved on to the next cart):
 * the order's lines go back to the customer's one cart of now, and the shopper is mailed where they are.
 */
describe('a bank debit returned after the order stood', () => {
  const nextOffer = () => {
    const offer = offers[used++];
    if (!offer) throw new Error('out of offers');
    return offer;
  };
  const openCarts = (customerId: number) =>
    db().selectFrom('carts').select('id').where('customer_id', '=', customerId).where('status', '=', 'open').execute();
  const lines = async (cartId: string) => (await cartLinesOf(t, cartId)).map((l) => [l.offer_id, l.qty]);
  const mailOf = (incrementId: string) =>
    eventually(() =>
      db()
        .selectFrom('outbox')
        .select(['subject', 'body_text'])
        .where('subject', '=', `Your bank payment for order ${incrementId} did not go through`)
        .executeTakeFirst(),
    );

  it("adds the lines to the customer's open cart, capped at the stock and named in the mail; the ordered cart stays closed", async () => {
    const { reply, offer, me, cartId } = await payByBank('bank-returned-merge@example.com', '000111111116');
    const order = await orderOf(t, reply.order_id ?? '');
    const other = nextOffer();
    // Meanwhile, in another browser: a cart with the same offer and another one; and the seller lowered the stock.
    const { cartId: open } = await makeCart(
      t,
      [
        { offer, qty: 3 },
        { offer: other, qty: 1 },
      ],
      { customerId: me.customerId },
    );
    await db().updateTable('variant_offers').set({ stock: 2 }).where('id', '=', offer.offerId).execute();

    const pass = await post(t, '/api/payments/test-reconcile', {});
    expect(pass.body).toMatchObject({ code: 1 });
    expect((await orderOf(t, order.increment_id)).status).toBe('payment_failed');
    // One cart of now: the open one, with the order's 2 added to its 3 as far as the 4 in stock go.
    expect(await openCarts(me.customerId)).toEqual([{ id: open }]);
    expect(await lines(open)).toEqual([
      [offer.offerId, 4],
      [other.offerId, 1],
    ]);
    expect(await stockOf(t, offer.offerId)).toBe(4);
    expect(await lines(cartId)).toEqual([]);
    // A tab still holding the ordered cart is sent to the cart of now.
    expect((await post(t, '/api/cart/showcart', { cart_id: cartId }, me.token)).body).toMatchObject({
      code: -1,
      message: cartOrderedMessage,
      current_cart: { cart_id: open, total_items_count: 5 },
    });
    const mail = await mailOf(order.increment_id);
    expect(mail?.body_text).toContain("The bank said: The customer's bank account could not be located.");
    expect(mail?.body_text).toMatch(/Not as many as you ordered are in stock now:\n {2}.+: 4 of 5 in your cart/);
  });

  it('keeps them aside for their zip in an open cart of another area, and says so', async () => {
    const { reply, offer, me, cartId } = await payByBank('bank-returned-away@example.com', '000111111116');
    const order = await orderOf(t, reply.order_id ?? '');
    const other = nextOffer();
    const { cartId: open } = await makeCart(t, [{ offer: other, qty: 1 }], { customerId: me.customerId, zipcode: '60601', locId: 103 });

    const report = await sweep();
    expect(report.failedHere).toContainEqual({
      orderId: order.id,
      linesBack: {
        cartId: open,
        reopened: false,
        changes: [],
        keptFor: [{ name: expect.any(String), size: expect.any(String), qty: 2, zipcode: '10001' }],
      },
    });
    expect(await openCarts(me.customerId)).toEqual([{ id: open }]);
    expect(await lines(open)).toEqual([[other.offerId, 1]]);
    const kept = await db().selectFrom('cart_kept_lines').select(['zipcode', 'offer_id', 'qty']).where('cart_id', '=', open).execute();
    expect(kept).toEqual([{ zipcode: '10001', offer_id: offer.offerId, qty: 2 }]);
    expect(await lines(cartId)).toEqual([]);
  });

  it('reopens the ordered cart when the customer has no other open cart', async () => {
    const { reply, offer, me, cartId } = await payByBank('bank-returned-alone@example.com', '000111111116');
    const order = await orderOf(t, reply.order_id ?? '');
    const report = await sweep();
    expect(report.failedHere).toContainEqual({ orderId: order.id, linesBack: { cartId, reopened: true, changes: [], keptFor: [] } });
    expect(await openCarts(me.customerId)).toEqual([{ id: cartId }]);
    expect(await lines(cartId)).toEqual([[offer.offerId, 2]]);
  });

  it('a guest: into the next cart made for them, never into a cart with no customer (only its id says whose it is)', async () => {
    const { reply, offer, me, cartId } = await payByBank('bank-returned-guest@example.com', '000111111116', true);
    const order = await orderOf(t, reply.order_id ?? '');
    const next = nextOffer();
    const { cartId: theirs } = await makeCart(t, [{ offer: next, qty: 1 }], { customerId: me.customerId });
    const anonymous = nextOffer();
    const { cartId: nobodys } = await makeCart(t, [{ offer: anonymous, qty: 1 }], { customerId: null });

    expect((await sweep()).failedHere.map((d) => [d.orderId, d.linesBack.cartId])).toContainEqual([order.id, theirs]);
    expect(await openCarts(me.customerId)).toEqual([{ id: theirs }]);
    expect(await lines(theirs)).toEqual([
      [next.offerId, 1],
      [offer.offerId, 2],
    ]);
    expect(await lines(nobodys)).toEqual([[anonymous.offerId, 1]]);
    expect(await lines(cartId)).toEqual([]);
  });
});

/**
 * A shopper who changed their mind cancels an order whose bank debit is still on its way (decision 087 left it): the
 * order ends at once (every part, its stock back, never on a seller's console, the shopper mailed). The debit, which
 * the provider cannot stop, is refunded in full once it clears (once, however many passes read it), and nothing
 * happens when the bank returns it: nothing is owed, and its lines never go back to a cart.
 */
describe('canceling an order whose bank debit is on its way', () => {
  const cancel = (number: string, token: string) => post(t, '/api/account/order/cancel', { order_id: number }, token);
  const orderPage = async (number: string, token: string) => {
    const { body } = await post(t, '/api/account/orderstatus', { order_id: number }, token);
    assert(body, orderStatusReply);
    return body.data;
  };
  const cancelMail = (number: string) =>
    eventually(() =>
      db().selectFrom('outbox').select(['subject', 'body_text']).where('subject', 'like', `Your order #${number}:%`).executeTakeFirst(),
    );
  const refundedCents = (paymentRef: string | null) => gateway.captureOf(paymentRef ?? '')?.refundedCents ?? 0;
  // What the debit took: the estimate plus the margin on weighed lines, else the total (place order's charge).
  const debited = (row: { authorised_cents: number | null; grand_total_cents: number }) => row.authorised_cents ?? row.grand_total_cents;

  it('offers Cancel (not a move), ends the order at once, and refunds its debit in full, once, when it clears', async () => {
    const { reply, offer, stockBefore, me, cartId } = await payByBank('bank-cancel-clears@example.com', '000123456789');
    const number = reply.order_id ?? '';
    expect(await orderPage(number, me.token)).toMatchObject({ status: 'pending payment', can_cancel: true });
    // My Orders offers it by the same rule.
    const mine = await post(t, '/api/account/myorders', {}, me.token);
    assert(mine.body, myOrdersReply);
    expect(mine.body.data?.find((o) => o.increment_id === number)).toMatchObject({ can_cancel: true });
    const options = await t.app.inject({
      method: 'GET',
      url: `/api/account/order/reschedule?order_id=${number}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    const offered = json(options);
    assert(offered, rescheduleOptionsReply);
    expect(offered.data).toMatchObject({
      can_change: false,
      refusal: bankMessages.moveWhilePending,
      cancel_refusal: null,
      cancel: { payment: 'debit-pending' },
    });

    // A move is refused in the same words: a date moved sooner could fall before the debit clears.
    const move = await post(t, '/api/account/order/reschedule', { order_id: number, delivery_date: clearedDay, slot_id: null }, me.token);
    expect(move.status).toBe(409);
    expect(JSON.stringify(move.body)).toContain(bankMessages.moveWhilePending);

    expect((await cancel(number, me.token)).status).toBe(200);
    const row = await orderOf(t, number);
    expect(row).toMatchObject({ status: 'canceled', fulfilment_state: 'canceled', canceled_debit: 'on-its-way' });
    const parts = await db().selectFrom('order_deliverables').select('fulfilment_state').where('order_id', '=', row.id).execute();
    expect(parts.map((p) => p.fulfilment_state)).toEqual(['canceled']);
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore);
    const ended = await orderPage(number, me.token);
    expect(ended).toMatchObject({ status: 'canceled', ended_payment: 'debit-pending', can_cancel: false });
    expect(ended?.refunds).toBeUndefined();
    expect((await cancelMail(number))?.body_text).toContain(debitOnItsWayText);
    // It was never the sellers': their console never lists it, canceled or not.
    const seller = await addStoreUser(db(), { email: 'bank-cancel-seller@example.com', password: 'Secret123!', role: 'seller', locIds: [101] });
    if (seller.kind === 'invalid') throw new Error(seller.message);
    const sellerToken = await startSession(db(), seller.customerId);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/seller/orders?date=${clearedDay}`,
      headers: { authorization: `Bearer ${sellerToken}` },
    });
    const sellerOrders = json(listed);
    assert(sellerOrders, consoleOrdersReply);
    expect(sellerOrders.data?.find((o) => o.order_number === number)).toBeUndefined();

    // The debit clears: the reconciler refunds it in full, once; a second pass reads nothing more.
    expect((await sweep()).debitsRefunded).toContain(row.id);
    expect(refundedCents(row.payment_ref)).toBe(debited(row));
    expect((await sweep()).debitsRefunded).not.toContain(row.id);
    expect(refundedCents(row.payment_ref)).toBe(debited(row));
    expect(await orderOf(t, number)).toMatchObject({ status: 'canceled', canceled_debit: 'refunded' });
    const refunded = await orderPage(number, me.token);
    expect(refunded).toMatchObject({ ended_payment: 'refund' });
    expect(refunded?.refunds).toHaveLength(1);
    // The order's lines stay where the cancel left them: its cart stays ordered, nothing came back.
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('ordered');
  });

  it('does nothing when the canceled debit fails: nothing refunded, nothing owed, no lines back in a cart', async () => {
    const { reply, offer, stockBefore, me, cartId } = await payByBank('bank-cancel-fails@example.com', '000111111116');
    const number = reply.order_id ?? '';
    expect((await cancel(number, me.token)).status).toBe(200);
    const row = await orderOf(t, number);
    const report = await sweep();
    expect(report.failed).not.toContain(row.id);
    expect(report.failedHere.map((f) => f.orderId)).not.toContain(row.id);
    expect(report.debitsRefunded).not.toContain(row.id);
    expect(await orderOf(t, number)).toMatchObject({ status: 'canceled', canceled_debit: 'not-taken' });
    expect(refundedCents(row.payment_ref)).toBe(0);
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore);
    // Not as a returned debit of a standing order: no cart reopened, nothing put back in one.
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('ordered');
    const open = await db().selectFrom('carts').select('id').where('customer_id', '=', me.customerId).where('status', '=', 'open').execute();
    expect(open).toEqual([]);
    expect(await orderPage(number, me.token)).toMatchObject({ status: 'canceled', ended_payment: 'none' });
  });

  it('two reconciler passes at once refund a cleared debit once', async () => {
    const { reply, me } = await payByBank('bank-cancel-twice@example.com', '000123456789');
    const number = reply.order_id ?? '';
    expect((await cancel(number, me.token)).status).toBe(200);
    const row = await orderOf(t, number);
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect([...a.debitsRefunded, ...b.debitsRefunded].filter((id) => id === row.id)).toHaveLength(1);
    expect(refundedCents(row.payment_ref)).toBe(debited(row));
    expect((await orderOf(t, number)).canceled_debit).toBe('refunded');
  });

  it('mails the shopper once when the canceled debit is refunded, with the amount, however many passes run at once (088 left)', async () => {
    const { reply, me } = await payByBank('bank-cancel-mailed@example.com', '000123456789', true);
    const number = reply.order_id ?? '';
    expect((await cancel(number, me.token)).status).toBe(200);
    const row = await orderOf(t, number);
    const refundMails = () =>
      db()
        .selectFrom('outbox')
        .select(['to_address', 'subject', 'body_text'])
        .where('subject', '=', `Your order #${number}: bank debit refunded`)
        .execute();
    // Two instances' passes at once (the route is the sweep's pass, mails included), then one more: one mail.
    const passes = await Promise.all([post(t, '/api/payments/test-reconcile', {}), post(t, '/api/payments/test-reconcile', {})]);
    for (const pass of passes) expect(pass.status).toBe(200);
    expect((await post(t, '/api/payments/test-reconcile', {})).status).toBe(200);
    expect((await orderOf(t, number)).canceled_debit).toBe('refunded');
    const mails = await eventually(async () => {
      const found = await refundMails();
      return found.length > 0 ? found : undefined;
    });
    expect(mails).toHaveLength(1);
    const [mail] = mails ?? [];
    expect(mail?.to_address).toBe('bank-cancel-mailed@example.com');
    // The amount the debit took, in the refund mails' words; a guest follows the order by its page.
    expect(mail?.body_text).toContain(`We refunded ${formatMoney(centsToDollars(debited(row)))} to your payment, in full.`);
    expect(mail?.body_text).toContain(`/order/status?orderId=${number}`);
    expect(refundedCents(row.payment_ref)).toBe(debited(row));
    // Nothing more comes later.
    expect(await refundMails()).toHaveLength(1);
  });

  it("stops the debit at the provider when it still can (Stripe's rare case): nothing taken, and the mail says so", async () => {
    const { reply, me } = await payByBank('bank-cancel-stopped@example.com', '000123456789', true);
    const number = reply.order_id ?? '';
    gateway.debitsStop = true;
    try {
      expect((await cancel(number, me.token)).status).toBe(200);
    } finally {
      gateway.debitsStop = false;
    }
    const row = await orderOf(t, number);
    expect(row).toMatchObject({ status: 'canceled', canceled_debit: 'not-taken' });
    expect((await cancelMail(number))?.body_text).toContain('Nothing was charged, and nothing is owed.');
    expect((await sweep()).debitsRefunded).not.toContain(row.id);
    expect(refundedCents(row.payment_ref)).toBe(0);
    expect(await orderPage(number, me.token)).toMatchObject({ status: 'canceled', ended_payment: 'none' });
  });

  it('test mode restarted meanwhile still refunds a cleared debit in full (its amount was known only before)', async () => {
    const restarted = new TestPaymentGateway(clock.now);
    const paymentRef = `pi_test_ach_clears_${'0a'.repeat(12)}`;
    expect(await restarted.paymentStatus(paymentRef)).toMatchObject({ ok: true });
    await restarted.refund({ paymentRef, idempotencyKey: 'refund-order-100009999' });
    expect(restarted.isRefunded(paymentRef)).toBe(true);
  });

  it('a debit already on its way is not the staff console’s to cancel', async () => {
    const { reply } = await payByBank('bank-cancel-staff@example.com', '000555555559');
    const number = reply.order_id ?? '';
    const staff = await addStoreUser(db(), { email: 'bank-cancel-staff-user@example.com', password: 'Secret123!', role: 'staff', locIds: [] });
    if (staff.kind === 'invalid') throw new Error(staff.message);
    const token = await startSession(db(), staff.customerId);
    expect((await post(t, '/api/staff/orders/move', { order_id: number, event: 'cancel', reason: 'asked' }, token)).status).toBe(404);
    expect((await orderOf(t, number)).status).toBe('pending_payment');
  });
});
