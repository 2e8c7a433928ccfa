import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Migration 043: an offer's row notifies `product:<id>` only when what the instances' caches show of it can change —
 * its price, or its stock crossing zero — so an order taking a unit of many costs no other instance anything. Notices
 * arrive in commit order: a marker change committed after a quiet one, once heard, shows nothing came before it.
 */
let t: TestApp;
const heard: string[] = [];
let stopHearing: () => void;
beforeAll(async () => {
  t = await startTestApp();
  stopHearing = t.database.coordination.onCatalogueChange((payload) => heard.push(payload));
  await untilListening();
});

/**
 * On PostgreSQL LISTEN takes effect on its own connection a moment after the app starts, and a change committed before
 * it is never heard (a fresh-clone run lost the first marker): a price is changed until its notice comes back.
 */
async function untilListening(): Promise<void> {
  const [, offer] = await offers('local');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    offer.cents += 1;
    await setCents(offer, offer.cents);
    const notice = `product:${offer.productId}`;
    const deadline = Date.now() + 1000;
    while (Date.now() < deadline && !heard.includes(notice)) await new Promise((tick) => setTimeout(tick, 20));
    if (heard.includes(notice)) return;
  }
  throw new Error('no catalogue notice was heard');
}
afterAll(async () => {
  stopHearing();
  await t.close();
});

interface Offer {
  id: number;
  productId: number;
  stock: number;
  cents: number;
}

/** The first offer of a speed with stock, and a different product's offer for the marker. */
async function offers(speed: string): Promise<[Offer, Offer]> {
  const rows = await sql<Offer>`
    select o.id, v.product_id as "productId", o.stock, o.price_cents as cents
    from variant_offers o join product_variants v on v.id = o.variant_id
    where o.speed = ${speed} and o.stock > 2 order by o.id limit 50`.execute(t.database.db);
  const first = rows.rows[0];
  const marker = rows.rows.find((row) => first !== undefined && row.productId !== first.productId);
  if (!first || !marker) throw new Error(`no two ${speed} offers in stock`);
  return [first, marker];
}

const setStock = (offer: Offer, stock: number) => sql`update variant_offers set stock = ${stock} where id = ${offer.id}`.execute(t.database.db);
const setCents = (offer: Offer, cents: number) => sql`update variant_offers set price_cents = ${cents} where id = ${offer.id}`.execute(t.database.db);

/** What was heard from `change` on, up to and including the marker's price notice made after it. */
async function heardFrom(change: () => Promise<unknown>, marker: Offer): Promise<string[]> {
  heard.length = 0;
  await change();
  marker.cents += 1;
  await setCents(marker, marker.cents);
  const markerNotice = `product:${marker.productId}`;
  await expect.poll(() => heard.includes(markerNotice), { timeout: 10_000, interval: 10 }).toBe(true);
  return heard.slice(0, heard.indexOf(markerNotice));
}

describe("an offer's notice goes only when a shopper's view of it can change (migration 043)", () => {
  it('a stock change that leaves it in stock says nothing; selling out, coming back and a new price each say its product', async () => {
    const [offer, marker] = await offers('local');
    const notice = `product:${offer.productId}`;
    expect(await heardFrom(() => setStock(offer, offer.stock - 1), marker)).toEqual([]);
    expect(await heardFrom(() => setStock(offer, offer.stock + 5), marker)).toEqual([]);
    expect(await heardFrom(() => setStock(offer, 0), marker)).toEqual([notice]);
    expect(await heardFrom(() => setStock(offer, 0), marker)).toEqual([]);
    expect(await heardFrom(() => setStock(offer, 3), marker)).toEqual([notice]);
    expect(await heardFrom(() => setCents(offer, offer.cents + 100), marker)).toEqual([notice]);
  });

  it("a visit offer crossing zero still says ':visit' (who serves a mode); other stock changes of it say nothing", async () => {
    const [offer, marker] = await offers('dine-in');
    expect(await heardFrom(() => setStock(offer, offer.stock - 1), marker)).toEqual([]);
    expect(await heardFrom(() => setStock(offer, 0), marker)).toEqual([`product:${offer.productId}:visit`]);
    expect(await heardFrom(() => setStock(offer, 4), marker)).toEqual([`product:${offer.productId}:visit`]);
  });
});
