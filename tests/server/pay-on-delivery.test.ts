import { array, assert, literal, object, string, type, type Infer } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderReply, type PlaceOrderReply } from '../../src/api/contract/checkout.contract.ts';
import {
  payOnDeliveryConfirmMinutes,
  payOnDeliveryMaxOpenOrders,
  payOnDeliveryMaxUnits,
  payOnDeliveryMessages,
  payOnDeliveryRefusal,
} from '../../src/rules/pay-on-delivery.ts';
import { centsToDollars, formatMoney } from '../../src/rules/money.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { orderConfirmation, weighedAtDoorText } from '../../server/services/checkout/order-confirmation.ts';
import { releaseUnconfirmedOrders } from '../../server/services/checkout/unconfirmed-orders.ts';
import { hashSecret, newSecret } from '../../server/services/platform/tokens.ts';
import { eventually, generousLimits } from './account-helpers.ts';
import { cartCall, manualClock, pickOffers, post, type OfferPick } from './cart-page-helpers.ts';
import { orderOf, stockOf } from './fixtures.ts';
import { addAddress, checkoutNow, readyCart, shopper } from './checkout-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const clock = manualClock(checkoutNow);
let courier: OfferPick[];
let butcher: OfferPick[];
let usedCourier = 0;
const logLines: string[] = [];

/** CHECKOUT_DATABASE_URL (an empty PostgreSQL database) runs the race against a real server, with real concurrency. */
const databaseUrl = process.env.CHECKOUT_DATABASE_URL;

beforeAll(async () => {
  t = await startTestApp({
    clock: clock.now,
    payments: new TestPaymentGateway(clock.now),
    rateLimits: generousLimits,
    env: { APP_ORIGIN: 'https://shop.example.com', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    unconfirmedOrderSweepMs: 25,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  courier = await pickOffers(t, { speed: 'courier', locId: 201 }, 8, 0, { priceCents: 1500, stock: 200 });
  butcher = await pickOffers(t, { speed: 'local', locId: 101 }, 2, 30, { priceCents: 1200, stock: 50 });
});
afterAll(async () => {
  await t.close();
});

function nextCourier(): OfferPick {
  const offer = courier[usedCourier++ % courier.length];
  if (!offer) throw new Error('no courier offer');
  return offer;
}

type Party = { token: string; customerId: number; addressId: number };

/** A ready courier cart (no driver slots to run out of) of `qty` units. */
async function courierCart(me: Party, qty = 1, offer = nextCourier()): Promise<string> {
  return readyCart(t, me.token, me.customerId, [{ offer, qty }], { 201: '2026-12-02' });
}

async function payOnDelivery(me: Party, cartId: string, speedId = 10): Promise<PlaceOrderReply> {
  const reply = await tryPayOnDelivery(me, cartId, speedId);
  if ('errors' in reply) throw new Error(`refused: ${reply.message}`);
  return reply;
}

/** Place order paying on delivery: the order, or a limit's refusal. */
async function tryPayOnDelivery(me: Party, cartId: string, speedId = 10): Promise<PlaceOrderReply | LimitRefusal> {
  const { status, body } = await post(
    t,
    '/api/placeorder/placeorder',
    { cart_id: cartId, delivery_address_id: me.addressId, speed_id: speedId, payment_mode: 4 },
    me.token,
  );
  // A limit's refusal names payment_mode (a 400): the summary keeps it with the way back to the payment tab.
  if (status === 400) {
    assert(body, limitRefusal);
    return body;
  }
  assert(body, placeOrderReply);
  return body;
}

const limitRefusal = type({ code: literal(0), message: string(), errors: array(object({ field: string(), message: string() })) });
type LimitRefusal = Infer<typeof limitRefusal>;
/** A limit's refusal: a 400 naming payment_mode, so the summary keeps it with the way back to the payment tab (walk 4 #3). */
const refusedAt = (message: string): LimitRefusal => ({ code: 0, message: `payment_mode: ${message}`, errors: [{ field: 'payment_mode', message }] });

let doors = 0;
/** A street nobody else in this file delivers to, so one test's orders do not count against another's door. */
const ownDoor = () => `${++doors} Own Door Street`;

/** A guest (email-only checkout: a new guest row each time) with a session and a shipping address. */
async function guest(email: string, street1 = ownDoor()): Promise<Party> {
  const db = t.database.db;
  const row = await db
    .insertInto('customers')
    .values({ email, email_normalized: email.toLowerCase(), first_name: '', last_name: '', password_hash: null, is_guest: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSecret();
  await db
    .insertInto('sessions')
    .values({ customer_id: row.id, token_hash: hashSecret(token), expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return { token, customerId: row.id, addressId: await addAddress(t, token, row.id, { street1 }) };
}

/** The confirmation link mailed for an order (the outbox holds mail when no SMTP_URL is set). */
async function mailedLink(email: string, orderNumber: string | undefined): Promise<string> {
  const mail = await eventually(() =>
    t.database.db
      .selectFrom('outbox')
      .select('body_text')
      .where('to_address', '=', email)
      .where('subject', '=', `Please confirm your order ${orderNumber ?? ''}`)
      .executeTakeFirst(),
  );
  const link = /https:\/\/shop\.example\.com(\/api\/placeorder\/confirmemail\?token=[A-Za-z0-9_-]{43})/.exec(mail?.body_text ?? '');
  if (!link?.[1]) throw new Error(`no confirmation link mailed to ${email}`);
  return link[1];
}

const tokenOf = (path: string) => new URL(path, 'https://x').searchParams.get('token') ?? '';

async function clickConfirm(path: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/placeorder/confirmemail',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${encodeURIComponent(tokenOf(path))}`,
  });
}

/** A guest's pay-on-delivery order, confirmed with the mailed link: it now counts for the email and the door. */
async function placeConfirmed(me: Party, email: string): Promise<void> {
  const placed = await payOnDelivery(me, await courierCart(me));
  expect(placed).toMatchObject({ code: 1, status: 'awaiting_confirmation' });
  expect((await clickConfirm(await mailedLink(email, placed.order_id))).body).toContain(payOnDeliveryMessages.confirmed(placed.order_id ?? ''));
}

describe('pay on delivery waits for the email', () => {
  it('a guest order holds its stock until the emailed link is confirmed; then the order confirmation goes out', async () => {
    const me = await guest('pod-guest@example.com');
    const offer = nextCourier();
    const before = await stockOf(t, offer.offerId);
    const placed = await payOnDelivery(me, await courierCart(me, 2, offer));
    expect(placed).toEqual({
      code: 1,
      message: payOnDeliveryMessages.confirmByEmail(payOnDeliveryConfirmMinutes),
      order_id: expect.any(String),
      status: 'awaiting_confirmation',
    });
    expect(await stockOf(t, offer.offerId)).toBe(before - 2);

    const link = await mailedLink('pod-guest@example.com', placed.order_id);
    // Opening the link only shows a button: a mail scanner that follows it confirms nothing.
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('text/html');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.body).toContain('<button type="submit">Confirm my order</button>');
    expect((await orderOf(t, placed.order_id ?? '')).status).toBe('awaiting_confirmation');

    const confirmed = await clickConfirm(link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(payOnDeliveryMessages.confirmed(placed.order_id ?? ''));
    expect((await orderOf(t, placed.order_id ?? '')).status).toBe('pending_payment_on_delivery');
    const orderMail = await eventually(() =>
      t.database.db
        .selectFrom('outbox')
        .select('body_text')
        .where('subject', '=', `Your order ${placed.order_id ?? ''} is placed`)
        .executeTakeFirst(),
    );
    expect(orderMail?.body_text).toContain('You pay on delivery.');
    expect((await clickConfirm(link)).body).toContain(payOnDeliveryMessages.alreadyConfirmed(placed.order_id ?? ''));

    // Walk 6: with a line weighed at packing, the door collects what it weighs, and the mail says the total is an estimate.
    const row = await orderOf(t, placed.order_id ?? '');
    const [deliverables, items] = await Promise.all([
      t.database.db.selectFrom('order_deliverables').selectAll().where('order_id', '=', row.id).execute(),
      t.database.db.selectFrom('order_items').selectAll().where('order_id', '=', row.id).execute(),
    ]);
    const mailWith = (weighed: boolean) =>
      orderConfirmation(
        { order: row, deliverables, items: items.map((i) => ({ ...i, size_unit: 'g' as const, weighed })) },
        'https://shop.example.com',
      ).text;
    const total = formatMoney(centsToDollars(row.grand_total_cents));
    expect(mailWith(true)).toContain(`Estimated total: ${total}\nYou pay on delivery. ${weighedAtDoorText('delivery')}`);
    expect(mailWith(false)).toContain(`Total: ${total}\nYou pay on delivery.`);
    expect(mailWith(false)).not.toContain('weigh');
  });

  it('a registered customer confirms once; their next pay-on-delivery order stands at once', async () => {
    const registered = await shopper(t, 'pod-regular@example.com');
    const me = { ...registered, addressId: await addAddress(t, registered.token, registered.customerId, { street1: ownDoor() }) };
    const first = await payOnDelivery(me, await courierCart(me));
    expect(first.status).toBe('awaiting_confirmation');
    expect((await clickConfirm(await mailedLink('pod-regular@example.com', first.order_id))).statusCode).toBe(200);
    const second = await payOnDelivery(me, await courierCart(me));
    expect(second).toMatchObject({ code: 1, message: 'Order Placed.', status: 'pending_payment_on_delivery' });
  });

  it('a forged or malformed link is refused: a clear page in a browser, a 400 naming the token for other clients', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const forged = await t.app.inject({ method: 'GET', url: `/api/placeorder/confirmemail?token=${newSecret()}`, headers: html });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['content-type']).toContain('text/html');
    expect(forged.body).toContain('This confirmation link is invalid or has expired.');
    const hostile = await t.app.inject({ method: 'GET', url: '/api/placeorder/confirmemail?token=%3Cscript%3E', headers: html });
    expect(hostile.body).not.toContain('<script>');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/placeorder/confirmemail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=nope',
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json()).toMatchObject({ code: 0, errors: [{ field: 'token', message: payOnDeliveryMessages.linkInvalid }] });
    const json = await t.app.inject({ method: 'POST', url: '/api/placeorder/confirmemail', payload: { token: 42 } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ errors: [{ field: 'token' }] });
  });
});

describe('unconfirmed orders are released', () => {
  it('after the window the order is cancelled and gives back stock, slot seats and the coupon use; the late link is dead', async () => {
    const me = await guest('pod-never@example.com', '1 Release Road');
    const [meat] = butcher;
    if (!meat) throw new Error('no butcher offer');
    // Four at $12.00: past SAVE5's $40 minimum.
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: meat, qty: 4 }]);
    await t.database.db.updateTable('carts').set({ coupon_code: 'SAVE5' }).where('id', '=', cartId).execute();
    const stock = await stockOf(t, meat.offerId);
    const coupon = async () =>
      (await t.database.db.selectFrom('coupons').select('used_count').where('code', '=', 'SAVE5').executeTakeFirstOrThrow()).used_count;
    const uses = await coupon();
    const placed = await payOnDelivery(me, cartId, 1);
    expect(placed).toMatchObject({ code: 1, status: 'awaiting_confirmation' });
    const orderId = (await orderOf(t, placed.order_id ?? '')).id;
    const seat = await t.database.db
      .selectFrom('order_deliverables')
      .select(['slot_template_id', 'delivery_date'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const booked = async () =>
      (
        await t.database.db
          .selectFrom('driver_slots')
          .select('booked')
          .where('template_id', '=', seat.slot_template_id ?? 0)
          .where('slot_date', '=', seat.delivery_date ?? '')
          .executeTakeFirstOrThrow()
      ).booked;
    const seats = await booked();
    expect(await stockOf(t, meat.offerId)).toBe(stock - 4);
    expect(await coupon()).toBe(uses + 1);
    const link = await mailedLink('pod-never@example.com', placed.order_id);

    // Within the window nothing happens; past it, the sweep started by the app releases the order.
    expect(await releaseUnconfirmedOrders(t.database.db, clock.now())).toEqual([]);
    clock.advanceMinutes(payOnDeliveryConfirmMinutes + 1);
    const released = await eventually(async () => ((await orderOf(t, placed.order_id ?? '')).status === 'canceled' ? true : undefined));
    expect(released).toBe(true);
    expect(await stockOf(t, meat.offerId)).toBe(stock);
    expect(await booked()).toBe(seats - 1);
    expect(await coupon()).toBe(uses);
    expect(await t.database.db.selectFrom('order_releases').select(['units', 'reason']).where('order_id', '=', orderId).executeTakeFirst()).toEqual({
      units: 4,
      reason: 'Not confirmed by email in time.',
    });
    // The operator's log line names the order, the email and the units.
    const line = await eventually(async () =>
      logLines.find((l) => l.includes('unconfirmed pay-on-delivery orders released') && l.includes(placed.order_id ?? '')),
    );
    expect(line).toContain('pod-never@example.com');
    const late = await clickConfirm(link);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ errors: [{ field: 'token' }] });
    expect((await orderOf(t, placed.order_id ?? '')).status).toBe('canceled');
  });
});

describe('pay-on-delivery limits', () => {
  it(`caps one unpaid order at ${payOnDeliveryMaxUnits} units`, async () => {
    const me = await guest('pod-bulk@example.com');
    expect(await tryPayOnDelivery(me, await courierCart(me, payOnDeliveryMaxUnits + 1))).toEqual(
      refusedAt(payOnDeliveryMessages.tooManyUnits(payOnDeliveryMaxUnits)),
    );
    expect(await tryPayOnDelivery(me, await courierCart(me, payOnDeliveryMaxUnits))).toMatchObject({ code: 1 });
  });

  it(`allows ${payOnDeliveryMaxOpenOrders} open unpaid orders per email, guests included, and per address, once confirmed`, async () => {
    for (let i = 0; i < payOnDeliveryMaxOpenOrders; i++) {
      await placeConfirmed(await guest('pod-many@example.com', `${i + 10} Other Street`), 'pod-many@example.com');
    }
    // A new guest checkout with the same email, however it is spelled, is the same shopper.
    for (const spelled of ['POD-many@example.com', 'pod-many+again@example.com', 'pod-many@example.com.']) {
      const again = await guest(spelled, '99 Elsewhere Lane');
      expect(await tryPayOnDelivery(again, await courierCart(again))).toEqual(
        refusedAt(payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders)),
      );
    }

    // Different emails to one door (however the street is typed: USPS Publication 28, src/rules/usps-address.ts).
    await placeConfirmed(await guest('door-a@example.com', '350 5th Ave'), 'door-a@example.com');
    await placeConfirmed(await guest('door-b@example.com', '350 5TH AVE.'), 'door-b@example.com');
    for (const [i, street] of ['350 Fifth Avenue', '350 5th Ave Apt 1', '350  5th  Ave #2', '350 5th Av'].entries()) {
      const other = await guest(`door-other-${i}@example.com`, street);
      expect(await tryPayOnDelivery(other, await courierCart(other)), street).toEqual(
        refusedAt(payOnDeliveryMessages.addressHasOpenOrders(payOnDeliveryMaxOpenOrders)),
      );
    }
    // Paying by card is never limited this way.
    expect(payOnDeliveryMessages.addressHasOpenOrders(2)).toContain('card or UPI');
  });

  it("the cart's reply counts the shopper's open unpaid orders, so the payment tab refuses as place order does (walk 4 #3)", async () => {
    const registered = await shopper(t, 'pod-counted@example.com');
    const me = { ...registered, addressId: await addAddress(t, registered.token, registered.customerId, { street1: ownDoor() }) };
    const openOnCart = async (cartId: string) => (await cartCall(t, '/api/cart/showcart', { cart_id: cartId }, me.token)).pay_on_delivery_open_orders;
    const first = await courierCart(me);
    expect(await openOnCart(first)).toBe(0);
    const placed = await payOnDelivery(me, first);
    // Waiting for the email's confirmation, it already spends its own customer's allowance.
    expect(await openOnCart(await courierCart(me))).toBe(1);
    expect((await clickConfirm(await mailedLink('pod-counted@example.com', placed.order_id))).statusCode).toBe(200);
    expect(await payOnDelivery(me, await courierCart(me))).toMatchObject({ code: 1, status: 'pending_payment_on_delivery' });
    const third = await courierCart(me);
    const open = await openOnCart(third);
    expect(open).toBe(payOnDeliveryMaxOpenOrders);
    // What the payment tab says (src/rules) is what place order answers, field and all.
    const said = payOnDeliveryRefusal(1, 'delivery', open);
    expect(said).toBe(payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders));
    expect(await tryPayOnDelivery(me, third)).toEqual(refusedAt(said ?? ''));
  });

  it('many pay-on-delivery orders of one shopper at once never pass the limit (race)', async () => {
    const party = await guest('pod-race@example.com', '100 Race Street');
    const carts: string[] = [];
    for (let i = 0; i < 8; i++) carts.push(await courierCart(party, 3));
    const replies = await Promise.all(carts.map((cartId) => tryPayOnDelivery(party, cartId)));
    expect(replies.filter((r) => r.code === 1)).toHaveLength(payOnDeliveryMaxOpenOrders);
    for (const r of replies.filter((x) => x.code !== 1))
      expect(r).toEqual(refusedAt(payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders)));
    const open = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('email', '=', 'pod-race@example.com')
      .where('status', 'in', ['awaiting_confirmation', 'pending_payment_on_delivery'])
      .execute();
    expect(open).toHaveLength(payOnDeliveryMaxOpenOrders);
  });
});

describe("a stranger cannot spend the email owner's or the door's pay-on-delivery allowance (issue 26 item 3)", () => {
  it("two unconfirmed guest orders under the victim's email and door do not block the victim", async () => {
    for (let i = 0; i < payOnDeliveryMaxOpenOrders; i++) {
      const stranger = await guest('pod-victim@example.com', '1 Victim Plaza');
      expect(await payOnDelivery(stranger, await courierCart(stranger))).toMatchObject({ code: 1, status: 'awaiting_confirmation' });
    }
    const registered = await shopper(t, 'pod-victim@example.com');
    const victim = { ...registered, addressId: await addAddress(t, registered.token, registered.customerId, { street1: '1 Victim Plaza' }) };
    expect(await payOnDelivery(victim, await courierCart(victim))).toMatchObject({ code: 1 });
    // A neighbour at the same door is not blocked by the stranger's orders either.
    const neighbour = await guest('pod-neighbour@example.com', '1 Victim Plz');
    expect(await payOnDelivery(neighbour, await courierCart(neighbour))).toMatchObject({ code: 1 });
  });

  it("a confirmation past the email's limit is refused and the order released at once", async () => {
    const first = await guest('pod-late@example.com', ownDoor());
    const late = await payOnDelivery(first, await courierCart(first));
    const lateLink = await mailedLink('pod-late@example.com', late.order_id);
    for (let i = 0; i < payOnDeliveryMaxOpenOrders; i++) await placeConfirmed(await guest('pod-late@example.com', ownDoor()), 'pod-late@example.com');
    const refused = await clickConfirm(lateLink);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('This order could not be confirmed');
    expect(refused.body).toContain(payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders).slice(0, 40));
    expect((await orderOf(t, late.order_id ?? '')).status).toBe('canceled');
  });
});

describe('pay-on-delivery orders per address', () => {
  it('an address placing more unpaid orders than payOnDeliveryPerIp an hour is told to wait; card orders are not counted', async () => {
    const limited = await startTestApp({
      clock: clock.now,
      payments: new TestPaymentGateway(clock.now),
      rateLimits: { ...generousLimits, payOnDeliveryPerIp: { max: 1, windowSeconds: 3600 } },
    });
    try {
      const [offer] = await pickOffers(limited, { speed: 'courier', locId: 201 }, 1, 0, { priceCents: 1500, stock: 50 });
      if (!offer) throw new Error('no courier offer');
      const placeFrom = async (email: string, ip: string) => {
        const me = await shopper(limited, email);
        const cartId = await readyCart(limited, me.token, me.customerId, [{ offer, qty: 1 }], { 201: '2026-12-02' });
        return limited.app.inject({
          method: 'POST',
          url: '/api/placeorder/placeorder',
          payload: { store_id: 1, cart_id: cartId, delivery_address_id: me.addressId, speed_id: 10, payment_mode: 4 },
          headers: { authorization: `Bearer ${me.token}` },
          remoteAddress: ip,
        });
      };
      expect((await placeFrom('ip-one@example.com', '198.51.100.1')).statusCode).toBe(200);
      const second = await placeFrom('ip-two@example.com', '198.51.100.1');
      expect(second.statusCode).toBe(429);
      expect(second.json()).toEqual({ code: 0, message: 'Too many attempts. Please wait a few minutes and try again.' });
      expect((await placeFrom('ip-three@example.com', '198.51.100.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('two release passes at once (two workers, or two instances behind a load balancer)', () => {
  it('release an unconfirmed order once: one cancellation, its stock back once', async () => {
    const me = await guest('pod-twice@example.com');
    // An offer of its own: the earlier tests' orders of the shared ones are released by the same passes.
    const [offer] = await pickOffers(t, { speed: 'courier', locId: 201 }, 1, courier.length, { priceCents: 1500, stock: 100 });
    if (!offer) throw new Error('no courier offer');
    const before = await stockOf(t, offer.offerId);
    const placed = await payOnDelivery(me, await courierCart(me, 3, offer));
    const orderId = (await orderOf(t, placed.order_id ?? '')).id;
    expect(await stockOf(t, offer.offerId)).toBe(before - 3);
    clock.advanceMinutes(payOnDeliveryConfirmMinutes + 1);
    // Two passes of our own beside the app's sweep (every 25 ms): the conditional cancel lets exactly one act.
    const [first, second] = await Promise.all([
      releaseUnconfirmedOrders(t.database.db, clock.now()),
      releaseUnconfirmedOrders(t.database.db, clock.now()),
    ]);
    expect([...first, ...second].filter((released) => released.orderId === orderId).length).toBeLessThanOrEqual(1);
    await eventually(async () => ((await orderOf(t, placed.order_id ?? '')).status === 'canceled' ? true : undefined));
    const releases = await t.database.db.selectFrom('order_releases').select('units').where('order_id', '=', orderId).execute();
    expect(releases).toEqual([{ units: 3 }]);
    expect(await stockOf(t, offer.offerId)).toBe(before);
  });
});
