import { assert } from 'superstruct';
import { afterAll, describe, expect, test } from 'vitest';
import { orderStatusReply } from '../../src/api/contract/checkout.contract.ts';
import { consoleOrdersReply } from '../../src/api/contract/fulfilment.contract.ts';
import { lineNote, orderTotalRows } from '../../src/rules/catch-weight.ts';
import { consoleAmountWords } from '../../src/rules/console-amount.ts';
import { allOutReason, fulfilmentMessages, heldCardReleasedText } from '../../src/rules/fulfilment.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { consoleCustomerName } from '../../server/services/fulfilment/console-orders.ts';
import { failedPaymentMail } from '../../server/services/payments/failed-payment-mail.ts';
import { followOrderLine } from '../../server/services/platform/order-link-lines.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, post } from './cart-page-helpers.ts';
import { checkoutNow, saveCard, shopper } from './checkout-helpers.ts';
import { orderOf } from './fixtures.ts';
import { twoSellerOrder } from './fixtures/two-seller-order.ts';
import { json, startTestApp } from './test-app.ts';
import { dineInRestaurant, paidDineInOrder, restaurantOffers } from './wallet-fixtures.ts';

/**
 * QA walk 7, the sellers' side. #2 and #9: a Dine-In order whose only line was marked out had no console move left,
 * yet was packed ('Table ready … Final $0.00') and served, and staff read '$0.00 … · Paid' with the card hold never
 * charged. A part with nothing left ends with its last mark-out, as a refusal of that part (its hold released, the
 * shopper told plainly); the server refuses to hand over a part with no line left. #3: guests' mails sent them to an
 * account they do not have. #4: guests' visits read 'Guest' on the consoles. Smaller #4: a part's card showed the
 * other seller's steps.
 */
const clock = manualClock(checkoutNow);
const t = await startTestApp({ clock: clock.now, payments: new TestPaymentGateway(clock.now), rateLimits: generousLimits });
afterAll(() => t.close());

async function storeUser(email: string, locIds: number[], role: 'seller' | 'staff' = 'seller'): Promise<string> {
  const made = await addStoreUser(t.database.db, { email, password: 'Secret123!', role, locIds });
  if (made.kind === 'invalid') throw new Error(made.message);
  return startSession(t.database.db, made.customerId);
}
const staff = await storeUser('all-out-staff@example.com', [], 'staff');
const butcher = await storeUser('all-out-butcher@example.com', [101]);
const fishmonger = await storeUser('all-out-fish@example.com', [102]);
const restaurant = await storeUser('all-out-restaurant@example.com', [dineInRestaurant]);
const offers = await restaurantOffers(t.database, 'dine-in', 3, { priceCents: 2400, stock: 50 });

/** Staff move a seller's order with a reason, as their console asks (needsReason). */
const move = (token: string, role: 'seller' | 'staff', orderNumber: string, event: string, extra: Record<string, unknown> = {}) =>
  post(
    t,
    `/api/${role}/orders/move`,
    { order_id: orderNumber, event, ...(role === 'staff' ? { reason: 'For the restaurant' } : {}), ...extra },
    token,
  );
const markOut = (token: string, role: 'seller' | 'staff', orderNumber: string, itemId: number) =>
  post(t, `/api/${role}/orders/substitute`, { order_id: orderNumber, item_id: itemId, out: true }, token);

async function cards(token: string, role: 'seller' | 'staff', query = '') {
  const listed = json(await t.app.inject({ method: 'GET', url: `/api/${role}/orders${query}`, headers: { authorization: `Bearer ${token}` } }));
  assert(listed, consoleOrdersReply);
  return listed.data ?? [];
}

async function linesOf(orderNumber: string) {
  const order = await orderOf(t, orderNumber);
  return t.database.db
    .selectFrom('order_items')
    .innerJoin('order_deliverables as d', 'd.id', 'order_items.deliverable_id')
    .select(['order_items.id', 'd.loc_id'])
    .where('order_items.order_id', '=', order.id)
    .orderBy('order_items.id')
    .execute();
}

/** The mails sent to the order's shopper about it, in order, once `count` have gone out (a move's mail follows its answer). */
async function mailsOf(orderNumber: string, count: number) {
  const read = () =>
    t.database.db.selectFrom('outbox').select(['subject', 'body_text']).where('subject', 'like', `%${orderNumber}%`).orderBy('id').execute();
  await expect.poll(async () => (await read()).length).toBeGreaterThanOrEqual(count);
  return read();
}

/** Each order's shopper's session: the order page is read as they read it. */
const tokens = new Map<string, string>();

/** The order's page as its shopper reads it (GET /api/account/orderstatus). */
async function orderPage(orderNumber: string) {
  const read = json(
    await t.app.inject({
      method: 'GET',
      url: `/api/account/orderstatus?order_id=${orderNumber}`,
      headers: { authorization: `Bearer ${tokens.get(orderNumber) ?? ''}` },
    }),
  );
  assert(read, orderStatusReply);
  if (!read.data) throw new Error('no order');
  return read.data;
}

/** A customer's (or, `guest`, an email-only guest's: no account, no name) Dine-In order of one line, on a saved card. */
async function dineInOrder(email: string, offerIndex: number, guest = false) {
  const me = await shopper(t, email);
  if (guest)
    await t.database.db.updateTable('customers').set({ is_guest: true, first_name: '', last_name: '' }).where('id', '=', me.customerId).execute();
  const card = await saveCard(t, me.token, me.customerId);
  const offer = offers[offerIndex];
  if (!offer) throw new Error('no dine-in offer');
  const placed = await paidDineInOrder(t, me, [{ offer, qty: 2 }], { payment_mode: 2, card_id: card }, dineInRestaurant, false);
  expect(placed.code).toBe(1);
  tokens.set(placed.orderNumber, me.token);
  return placed.orderNumber;
}

describe('a part whose every line is out of stock ends (QA walk 7 #2, #9)', () => {
  test("the only line marked out ends the order refused, its hold released, the shopper told; nothing 'Paid'", async () => {
    const number = await dineInOrder('all-out-diner@example.com', 0);
    for (const event of ['accept', 'pick']) expect((await move(staff, 'staff', number, event)).status).toBe(200);
    expect(await orderOf(t, number)).toMatchObject({ capture_state: 'held' });
    const [line] = await linesOf(number);
    if (!line) throw new Error('no line');
    expect((await markOut(staff, 'staff', number, line.id)).status).toBe(200);
    // Ended at once: refused with the reason, the card hold let go, nothing captured.
    expect(await orderOf(t, number)).toMatchObject({ fulfilment_state: 'refused', status: 'canceled', capture_state: 'released' });
    // Nothing is made ready or served any more, and the card offers no move; staff read the hold released, never 'Paid'.
    expect((await move(staff, 'staff', number, 'pack', { weights: [] })).status).toBe(409);
    const card = (await cards(staff, 'staff')).find((c) => c.order_number === number);
    expect(card).toMatchObject({ state: 'refused', moves: [], payment_words: 'Card hold released' });
    // What it charged, $0.00, beside the released hold (QA walk 8 #6: '$88.90 of the order's $88.90 · Card hold
    // released'): the estimate follows its lines (decision 088), and every line is out, so the part and the order come
    // to $0.00; the seller's card the same.
    expect(card).toMatchObject({ total: '0.00', grand_total: '0.00' });
    expect(consoleAmountWords(card ?? { total: '' })).toBe(`$0.00 of the order's $0.00`);
    const sellers = (await cards(restaurant, 'seller', `?date=${card?.delivery_date ?? ''}`)).find((c) => c.order_number === number);
    expect(sellers).toMatchObject({ total: '0.00', payment_words: 'Card hold released' });
    expect(consoleAmountWords(sellers ?? { total: '' })).toBe('$0.00');
    // The order page says the line was out of stock, as the consoles do, not 'Refused by its seller' (walk 8 #6), and
    // its totals, following the lines, add up to $0.00.
    const page = await orderPage(number);
    expect(page.items.map((item) => lineNote(item, page.timeline))).toEqual(['Out of stock: not charged']);
    expect(orderTotalRows(page).at(-1)).toEqual({ name: 'Grand Total', value: '0.00', total: true });
    expect(card?.timeline.at(-1)).toMatchObject({ state: 'refused', reason: allOutReason });
    // The shopper hears the line is out, then plainly that the order is off and nothing was charged (a customer keeps
    // the account's words).
    const mails = await mailsOf(number, 3);
    const ended = mails.find((m) => m.body_text.includes(allOutReason));
    expect(ended?.body_text).toContain(heldCardReleasedText);
    expect(ended?.body_text).toContain('Track your order in your account, under Your Orders.');
    expect(mails.map((m) => m.body_text).join('\n')).not.toMatch(/Table ready|Served/);
    // The out-of-stock mail ends as every status mail does, with where to follow the order (walk 8 #8).
    const out = mails.find((m) => m.subject.endsWith('is out of stock'));
    expect(out?.body_text).toMatch(/You are not charged for it\.\n\nTrack your order in your account, under Your Orders\.$/);
  });

  test('the server refuses to hand over a part with no line left (409 naming why), its hold untouched', async () => {
    const number = await dineInOrder('all-out-stuck@example.com', 1);
    for (const event of ['accept', 'pick']) expect((await move(staff, 'staff', number, event)).status).toBe(200);
    // As an order marked out before this fix stands: every line out, the part still being prepared.
    const order = await orderOf(t, number);
    await t.database.db.updateTable('order_items').set({ substitution_state: 'out' }).where('order_id', '=', order.id).execute();
    // Not offered, and refused if sent (the list was drawn before).
    expect((await cards(staff, 'staff')).find((c) => c.order_number === number)?.moves).toEqual(['cancel']);
    const packed = await move(staff, 'staff', number, 'pack', { weights: [] });
    expect(packed.status).toBe(409);
    expect(JSON.stringify(packed.body)).toContain(fulfilmentMessages.nothingLeft);
    expect(await orderOf(t, number)).toMatchObject({ fulfilment_state: 'picking', capture_state: 'held', final_total_cents: null });
  });

  test("one seller's part all out ends that part alone, the shopper told; the other part goes on", async () => {
    const buyer = await shopper(t, 'all-out-two@example.com');
    await saveCard(t, buyer.token, buyer.customerId);
    const { number } = await twoSellerOrder(t, { buyer, skip: 3, byWeight: false });
    for (const event of ['accept', 'pick']) expect((await move(butcher, 'seller', number, event)).status).toBe(200);
    const butchersLine = (await linesOf(number)).find((l) => l.loc_id === 101);
    if (!butchersLine) throw new Error('no butcher line');
    expect((await markOut(butcher, 'seller', number, butchersLine.id)).status).toBe(200);
    const order = await orderOf(t, number);
    const parts = await t.database.db
      .selectFrom('order_deliverables')
      .select(['loc_id', 'fulfilment_state'])
      .where('order_id', '=', order.id)
      .execute();
    expect(parts.find((p) => p.loc_id === 101)?.fulfilment_state).toBe('refused');
    expect(parts.find((p) => p.loc_id === 102)?.fulfilment_state).toBe('placed');
    expect(order.status).not.toBe('canceled');
    const mails = await mailsOf(number, 2);
    const ended = mails.find((m) => m.body_text.includes(allOutReason));
    expect(ended?.body_text).toContain('The rest of your order goes on.');
    expect((await cards(fishmonger, 'seller')).find((c) => c.order_number === number)?.moves).toContain('accept');
  });

  test("a part's card lists its own steps and the order's, not another seller's (smaller #4: 'History (1 step)')", async () => {
    const buyer = await shopper(t, 'all-out-history@example.com');
    await saveCard(t, buyer.token, buyer.customerId);
    const { number } = await twoSellerOrder(t, { buyer, skip: 4, byWeight: false });
    expect((await move(butcher, 'seller', number, 'accept')).status).toBe(200);
    const fish = (await cards(fishmonger, 'seller')).find((c) => c.order_number === number);
    expect(fish?.state).toBe('placed');
    expect(fish?.timeline.filter((s) => s.state === 'accepted')).toEqual([]);
    const butchers = (await cards(butcher, 'seller')).find((c) => c.order_number === number);
    expect(butchers?.timeline.map((s) => s.state)).toContain('accepted');
  });
});

describe("guests' mails and names (QA walk 7 #3, #4)", () => {
  let guestOrder = '';
  test("a guest's Dine-In order (no address) is named on the consoles by the name on their card", async () => {
    guestOrder = await dineInOrder('ada.guest@example.com', 2, true);
    const card = (await cards(staff, 'staff')).find((c) => c.order_number === guestOrder);
    expect(card?.customer_name).toBe('Ada Lovelace');
  });

  test("a guest's order that holds no card is not named by another order's card or billing address (QA walk 9 S11)", async () => {
    const number = await dineInOrder('pod.guest@example.com', 2, true);
    // As a pick-up paid at the counter: the order holds no card; the guest's card (and its billing address) is another order's.
    await t.database.db.updateTable('orders').set({ payment_method_id: null, payment_mode: 4 }).where('increment_id', '=', number).execute();
    const card = (await cards(staff, 'staff')).find((c) => c.order_number === number);
    expect(card?.customer_name).toBe('pod.guest');
  });

  test("a guest's placed and status mails link to the order's page, never to an account", async () => {
    expect((await move(staff, 'staff', guestOrder, 'accept')).status).toBe(200);
    const mails = await mailsOf(guestOrder, 2);
    const placed = mails.find((m) => m.subject.includes('is placed'));
    const accepted = mails.find((m) => m.body_text.includes('is now:'));
    for (const mail of [placed, accepted]) {
      expect(mail?.body_text).toContain(`/order/status?orderId=${guestOrder}`);
      expect(mail?.body_text).not.toMatch(/account|setting\/order/i);
    }
  });

  test("a guest's out-of-stock mail links to the order's page, never to an account (walk 8 #8)", async () => {
    const number = await dineInOrder('grace.guest@example.com', 0, true);
    for (const event of ['accept', 'pick']) expect((await move(staff, 'staff', number, event)).status).toBe(200);
    const [line] = await linesOf(number);
    if (!line) throw new Error('no line');
    expect((await markOut(staff, 'staff', number, line.id)).status).toBe(200);
    const mails = await mailsOf(number, 3);
    const out = mails.find((m) => m.subject.endsWith('is out of stock'));
    expect(out?.body_text).toContain(`Follow your order: `);
    expect(out?.body_text).toContain(`/order/status?orderId=${number}`);
    expect(out?.body_text).not.toMatch(/account|setting\/order/i);
  });

  test('one line decides where a mail sends the shopper: a guest to the order page, a customer to the account', () => {
    const origin = 'https://shop.example.com';
    expect(followOrderLine({ orderNumber: '100000008', guest: true }, origin)).toBe(
      'Follow your order: https://shop.example.com/order/status?orderId=100000008',
    );
    expect(followOrderLine({ orderNumber: '100000008', guest: false }, origin)).toBe('Track your order in your account, under Your Orders.');
    expect(followOrderLine({ orderNumber: '100000008', guest: false }, origin, 'link')).toBe('Your orders: https://shop.example.com/setting/order');
    const failed = { email: 'g@example.com', increment_id: '100000006', payment_message: null, payment_mode: 1 };
    const back = { cartId: 'c', reopened: true, changes: [], keptFor: [] };
    expect(failedPaymentMail(failed, back, origin, true).text).toContain('/order/status?orderId=100000006');
    expect(failedPaymentMail(failed, back, origin, true).text).not.toContain('/setting/order');
    expect(failedPaymentMail(failed, back, origin, false).text).toContain('Your orders: https://shop.example.com/setting/order');
  });

  test('a console names a guest by the order, the card, the billing address, then the email; never blank while it holds one', () => {
    const none = { first_name: '', last_name: '', shipping_name: null, holder_name: null, billing_name: null, email: 'ada.l@example.com' };
    expect(consoleCustomerName({ ...none, first_name: 'Grace', last_name: 'Hopper', holder_name: 'G H' })).toBe('Grace Hopper');
    expect(consoleCustomerName({ ...none, shipping_name: 'Ada Lovelace', holder_name: 'A L' })).toBe('Ada Lovelace');
    expect(consoleCustomerName({ ...none, holder_name: 'Ada Lovelace' })).toBe('Ada Lovelace');
    expect(consoleCustomerName({ ...none, billing_name: ' Ada Lovelace ' })).toBe('Ada Lovelace');
    expect(consoleCustomerName(none)).toBe('ada.l');
  });
});
