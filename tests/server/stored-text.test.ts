import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderStatusReply, placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { mailText } from '../../server/services/platform/mail-text.ts';
import { eventually, generousLimits } from './account-helpers.ts';
import { manualClock, pickOne, post } from './cart-page-helpers.ts';
import { checkoutNow, readyCart, saveCard, shopper } from './checkout-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 14, item 8: stored text leaves the server as sent. React escapes what it shows; this file checks every other
 * way out with hostile text: the mails (text bodies, and any HTML body), order status, the server-drawn SVG pictures,
 * response headers and the log.
 */

/** Markup, quotes, a line break that would start a new mail line, and a bidi override that reverses what follows. */
const hostile = `Eve<script>alert("x")</script>'"\r\n\r\nYour account is locked: call 555-0100\u202Egpj.exe`;

let t: TestApp;
const logLines: string[] = [];
const clock = manualClock(checkoutNow);

beforeAll(async () => {
  t = await startTestApp({
    clock: clock.now,
    payments: new TestPaymentGateway(clock.now),
    rateLimits: generousLimits,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await t.close();
});

const outbox = () => t.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();

/** A mail body keeps its own lines: the hostile text is one run inside one of them, with no markup left live. */
function expectContained(text: string, html: string | null, expectedLines: number) {
  expect(text).not.toMatch(/\r/);
  expect(text).not.toContain('\u202E');
  expect(text.split('\n')).toHaveLength(expectedLines);
  expect(text.split('\n').filter((line) => line.startsWith('Your account is locked'))).toEqual([]);
  if (html !== null) expect(html).not.toMatch(/<script/i);
}

describe('mails', () => {
  test('mailText flattens line breaks, controls and bidi overrides into one line, and caps the length', () => {
    expect(mailText('a\r\nb\u2028c\u0007d\u202Ee\u2066f')).toBe('a b c d e f');
    expect(mailText('  Ada  ')).toBe('Ada');
    expect(mailText('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  test('the reset mail greets a hostile first name on its own line, and adds none of its lines', async () => {
    await t.database.db
      .insertInto('customers')
      .values({
        email: 'eve@example.com',
        email_normalized: 'eve@example.com',
        first_name: hostile,
        last_name: 'X',
        password_hash: null,
        is_guest: false,
      })
      .execute();
    const plain = 'plain@example.com';
    await t.database.db
      .insertInto('customers')
      .values({ email: plain, email_normalized: plain, first_name: 'Ada', last_name: 'X', password_hash: null, is_guest: false })
      .execute();
    expect((await post(t, '/api/customer/forgot', { email: plain })).status).toBe(200);
    expect((await post(t, '/api/customer/forgot', { email: 'eve@example.com' })).status).toBe(200);
    const [ada, eve] = (await eventually(async () => {
      const rows = (await outbox()).filter((row) => row.subject === 'Reset your password');
      return rows.length >= 2 ? rows : undefined;
    })) ?? [undefined, undefined];
    if (!ada || !eve) throw new Error('no reset mails');
    expectContained(eve.body_text, eve.body_html, ada.body_text.split('\n').length);
    expect(eve.body_text.split('\n')[0]).toMatch(/^Hello Eve<script>alert\("x"\)<\/script>'" Your account is …,$/);
  });

  test('the order confirmation keeps hostile product and vendor names inside their lines', async () => {
    const me = await shopper(t, 'hostile-order@example.com');
    const offer = await pickOne(t, { speed: 'local', locId: 101 }, 0, { priceCents: 1250, stock: 10 });
    const product = await t.database.db
      .selectFrom('product_variants')
      .select('product_id')
      .where('id', '=', offer.variantId)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('products').set({ name: hostile }).where('id', '=', product.product_id).execute();
    await t.database.db.updateTable('vendor_locations').set({ name: hostile }).where('id', '=', offer.locId).execute();
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 1 }]);
    const cardId = await saveCard(t, me.token, me.customerId);
    const placed = await post(
      t,
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: me.addressId, speed_id: 1, payment_mode: 2, card_id: cardId, gift_message: hostile },
      me.token,
    );
    assert(placed.body, placeOrderReply);
    expect(placed.body.code).toBe(1);
    const orderId = placed.body.order_id ?? '';
    const mail = await eventually(async () => (await outbox()).find((row) => row.subject === `Your order ${orderId} is placed`));
    if (!mail) throw new Error('no confirmation mail');
    // Thank-you line, blank, one delivery line, one item line, blank, the gift message (on one line), blank, subtotal,
    // delivery, taxes, total, paid, blank, two links.
    expectContained(mail.body_text, mail.body_html, 15);

    // Order status: JSON (never sniffed as HTML) that gives the gift message back exactly as the shopper wrote it.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/account/orderstatus?order_id=${orderId}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(status.headers['content-type']).toMatch(/^application\/json/);
    expect(status.headers['x-content-type-options']).toBe('nosniff');
    const body = json(status);
    assert(body, orderStatusReply);
    expect(body.data?.gift_message).toBe(hostile);
    expect(body.data?.items[0]?.product_name).toBe(hostile);
  });
});

describe('server-drawn pictures', () => {
  test('a hostile product name is escaped in its SVG', async () => {
    const product = await t.database.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.database.db.updateTable('products').set({ name: hostile }).where('id', '=', product.id).execute();
    const response = await t.app.inject({ method: 'GET', url: `/media/products/${product.id}/0.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('Eve&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&apos;&quot;');
  });

  test('a hostile ad text is escaped in its SVG', async () => {
    const ad = await t.database.db.selectFrom('ads').select(['id', 'image_url']).orderBy('id').executeTakeFirstOrThrow();
    await t.database.db.updateTable('ads').set({ text: hostile }).where('id', '=', ad.id).execute();
    const response = await t.app.inject({ method: 'GET', url: ad.image_url });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('&lt;script&gt;');
  });
});

describe('headers and logs', () => {
  test('a hostile request id is not echoed: the reply carries a fresh one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/connect/index/banners', headers: { 'x-request-id': '<script>"x"</script>' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('hostile text in a URL stays inside one JSON log line', async () => {
    const before = logLines.length;
    await t.app.inject({ method: 'GET', url: `/connect/citylist/currentservicearea?city=${encodeURIComponent(hostile)}&state=NY` });
    const lines = logLines
      .slice(before)
      .join('')
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(lines.some((line) => line.includes('currentservicearea'))).toBe(true);
  });
});
