import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartReply, type CartData } from '../../src/api/contract/cart-page.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { keptLinesLastDays } from '../../src/rules/area-change.ts';
import { removeExpiredKeptLines, startKeptLinesSweep } from '../../server/services/cart/kept-lines.ts';
import type { Log } from '../../server/services/platform/log.ts';
import { makeCart, newYorkOnly, pickOne, post, type OfferPick } from './cart-page-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let butcher: OfferPick;
let courier: OfferPick;
beforeAll(async () => {
  t = await startTestApp();
  // A product only New York delivers: Chicago cannot sell it (every seeded size would move there otherwise).
  butcher = await newYorkOnly(t, 'Beef Marrow Bones, Canoe Cut');
  courier = await pickOne(t, { speed: 'courier', locId: 201, areaLocId: null }, 1, { priceCents: 2450, stock: 40 });
});
afterAll(async () => {
  await t.close();
});

/** A New York cart whose butcher line was kept for 10001 when the shopper moved to Chicago (decision 041). */
async function cartWithKeptLine(): Promise<string> {
  const { cartId } = await makeCart(
    t,
    [
      { offer: butcher, qty: 2 },
      { offer: courier, qty: 1 },
    ],
    { zipcode: '10001', locId: 101 },
  );
  const moved = await post(t, '/api/cart/movearea', { cart_id: cartId, zipcode: '60601', apply: 1, keep_old: 1 });
  expect(moved.status).toBe(200);
  return cartId;
}

async function shown(cartId: string): Promise<CartData> {
  const reply = await post(t, '/api/cart/showcart', { cart_id: cartId });
  expect(reply.status).toBe(200);
  assert(reply.body, cartReply);
  if (!reply.body.data) throw new Error('no cart');
  return reply.body.data;
}

/** Makes the cart's kept lines `days` old. */
async function age(cartId: string, days: number) {
  await sql`update cart_kept_lines set created_at = now() - make_interval(days => ${days}) where cart_id = ${cartId}`.execute(t.database.db);
}

describe('lines kept for another zip in the cart (decision 047)', () => {
  it("are listed in the cart's own section with the zip they wait for and when they go, outside its figures", async () => {
    const cartId = await cartWithKeptLine();
    const cart = await shown(cartId);
    expect(cart.result).toHaveLength(1);
    expect(cart.total_items_count).toBe(1);
    expect(cart.kept_lines).toHaveLength(1);
    const [kept] = cart.kept_lines ?? [];
    expect(kept).toMatchObject({ zipcode: '10001', qty: 2 });
    expect(kept?.name).toBeTruthy();
    const lasts = Date.parse(kept?.expires_at ?? '') - Date.now();
    expect(lasts).toBeGreaterThan((keptLinesLastDays - 1) * 86_400_000);
    expect(lasts).toBeLessThanOrEqual(keptLinesLastDays * 86_400_000);
  });

  it('are removed one by one by their owner only; a bad id is a 400 naming kept_id, a stranger a 404', async () => {
    const cartId = await cartWithKeptLine();
    const keptId = (await shown(cartId)).kept_lines?.[0]?.kept_id ?? 0;
    const other = await cartWithKeptLine();

    for (const bad of ['x', 0, -1, 1.5]) {
      const reply = await post(t, '/api/cart/removekept', { cart_id: cartId, kept_id: bad });
      expect(reply.status).toBe(400);
      assert(reply.body, badRequestBody);
      expect(reply.body.errors.map((e) => e.field)).toEqual(['kept_id']);
    }
    // Another cart's kept line through this cart, and this line through another cart: not found, nothing removed.
    expect((await post(t, '/api/cart/removekept', { cart_id: other, kept_id: keptId })).status).toBe(404);
    expect((await shown(cartId)).kept_lines).toHaveLength(1);

    const removed = await post(t, '/api/cart/removekept', { cart_id: cartId, kept_id: keptId });
    expect(removed.status).toBe(200);
    assert(removed.body, cartReply);
    expect(removed.body.data?.kept_lines).toEqual([]);
    expect(removed.body.data?.result).toHaveLength(1);
    expect((await post(t, '/api/cart/removekept', { cart_id: cartId, kept_id: keptId })).status).toBe(404);
    // Going back to 10001 brings nothing back: the shopper took it away.
    const back = await post(t, '/api/cart/movearea', { cart_id: cartId, zipcode: '10001' });
    expect(back.body).toMatchObject({ code: 1, data: { restore: [] } });
    expect((await shown(other)).kept_lines).toHaveLength(1);
  });

  it(`expire after ${keptLinesLastDays} days: no longer shown or restored, then swept; kept again, the week starts again`, async () => {
    const cartId = await cartWithKeptLine();
    await age(cartId, keptLinesLastDays - 1);
    expect((await shown(cartId)).kept_lines).toHaveLength(1);
    await age(cartId, keptLinesLastDays + 1);
    expect((await shown(cartId)).kept_lines).toEqual([]);
    const asked = await post(t, '/api/cart/movearea', { cart_id: cartId, zipcode: '10001' });
    expect(asked.body).toMatchObject({ code: 1, data: { restore: [] } });

    const fresh = await cartWithKeptLine();
    expect(await removeExpiredKeptLines(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.selectFrom('cart_kept_lines').select('cart_id').where('cart_id', 'in', [cartId, fresh]).execute();
    expect(left.map((r) => r.cart_id)).toEqual([fresh]);

    // Kept, nearly a week old, then restored and kept again: the new keeping has its own whole week.
    const again = await makeCart(t, [{ offer: butcher, qty: 1 }], { zipcode: '10001', locId: 101 });
    await post(t, '/api/cart/movearea', { cart_id: again.cartId, zipcode: '60601', apply: 1, keep_old: 1 });
    await age(again.cartId, keptLinesLastDays - 1);
    await post(t, '/api/cart/movearea', { cart_id: again.cartId, zipcode: '10001', apply: 1 });
    await post(t, '/api/cart/movearea', { cart_id: again.cartId, zipcode: '60601', apply: 1, keep_old: 1 });
    const kept = (await shown(again.cartId)).kept_lines ?? [];
    expect(kept).toHaveLength(1);
    expect(Date.parse(kept[0]?.expires_at ?? '') - Date.now()).toBeGreaterThan((keptLinesLastDays - 1) * 86_400_000);
  });

  it('are swept by the periodic pass, on the instance whose turn it is', async () => {
    const cartId = await cartWithKeptLine();
    await age(cartId, keptLinesLastDays + 1);
    const turns: string[] = [];
    const lines: string[] = [];
    const log: Log = { info: (_fields, message) => lines.push(message), error: () => undefined };
    const sweep = startKeptLinesSweep({
      db: t.database.db,
      everyMs: 10,
      myTurn: async (name) => {
        turns.push(name);
        return true;
      },
      log,
    });
    try {
      await expect
        .poll(async () => (await t.database.db.selectFrom('cart_kept_lines').select('id').where('cart_id', '=', cartId).execute()).length)
        .toBe(0);
    } finally {
      await sweep.stop();
    }
    expect(turns[0]).toBe('cart-kept-lines');
    expect(lines).toContain('expired kept cart lines removed');
  });
});

/**
 * QA walk 3, defect 3: a line kept aside at an order with none in stock stayed under 'These come back … when you
 * choose that delivery option again' while the shopper was on that option, and never came back once restocked.
 */
describe("a line kept for the cart's own zip and the option the shopper is on", () => {
  let salmon: OfferPick;
  beforeAll(async () => {
    salmon = await pickOne(t, { speed: 'local', locId: 102, areaLocId: 101 }, 3, { priceCents: 1899, stock: 0 });
  });
  const stock = (n: number) => t.database.db.updateTable('variant_offers').set({ stock: n }).where('id', '=', salmon.offerId).execute();

  /** An empty 10001 cart keeping the salmon for 10001, as an order leaves it when its stock ran out. */
  async function cartKeepingSalmon(qty: number): Promise<string> {
    const { cartId } = await makeCart(t, [], { zipcode: '10001', locId: 101 });
    await t.database.db
      .insertInto('cart_kept_lines')
      .values({ cart_id: cartId, zipcode: '10001', variant_id: salmon.variantId, offer_id: salmon.offerId, qty })
      .execute();
    return cartId;
  }

  async function shownOn(cartId: string, option: Record<string, unknown>): Promise<CartData> {
    const reply = await post(t, '/api/cart/showcart', { cart_id: cartId, ...option });
    expect(reply.status).toBe(200);
    assert(reply.body, cartReply);
    if (!reply.body.data) throw new Error('no cart');
    return reply.body.data;
  }

  it('with none in stock it stays kept, named as not in stock; once restocked it is back in the cart on Delivery', async () => {
    await stock(0);
    const cartId = await cartKeepingSalmon(2);
    const before = await shownOn(cartId, { courier_type: 'local' });
    expect(before.result).toHaveLength(0);
    expect(before.kept_lines).toEqual([expect.objectContaining({ zipcode: '10001', qty: 2, in_stock: false })]);

    await stock(20);
    const after = await shownOn(cartId, { courier_type: 'local' });
    expect(after.result.map((line) => line.qty)).toEqual([2]);
    expect(after.total_items_count).toBe(2);
    expect(after.kept_lines ?? []).toEqual([]);
  });

  it('comes back only as far as its stock allows; the rest stays kept', async () => {
    await stock(1);
    const cartId = await cartKeepingSalmon(3);
    const cart = await shownOn(cartId, { courier_type: 'local' });
    expect(cart.result.map((line) => line.qty)).toEqual([1]);
    expect(cart.kept_lines).toEqual([expect.objectContaining({ qty: 2, in_stock: true })]);
  });

  it('stays kept on an option that does not sell it (Pick-Up), or when the page names no option', async () => {
    await stock(20);
    const cartId = await cartKeepingSalmon(1);
    // Named by the option its offer is sold for, as the switch dialog named it (walk 6).
    expect((await shownOn(cartId, { courier_type: 'pickup', vendor_location_id: 401 })).kept_lines).toEqual([
      expect.objectContaining({ option: 'Delivery' }),
    ]);
    expect((await shownOn(cartId, {})).kept_lines).toEqual([expect.objectContaining({ in_stock: true })]);
    expect((await shownOn(cartId, {})).result).toHaveLength(0);
  });
});
