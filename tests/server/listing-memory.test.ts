import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SortKey } from '../../src/rules/listing.ts';
import type { SpeedValue } from '../../src/rules/speeds.ts';
import type { Database } from '../../server/db/schema.ts';
import { noSelection, type ListingOrder } from '../../server/services/catalogue/listing-index.ts';
import { listingPageFromMemory, whenListingLoaded } from '../../server/services/catalogue/listing-memory.ts';
import { listingPage, type ListingPageRequest } from '../../server/services/catalogue/listing-page.ts';
import { onPostgresRun } from './database-images.ts';
import { chicago, newYork, within } from './catalogue-helpers.ts';
import { statementCounter } from './statement-counter.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Decision 071: an unfiltered listing page from the area's index in memory is the statement's page (ids, cards,
 * total, panel) for every category, sort, speed and area of the test catalogue; it sends no statement; and a price,
 * stock or catalogue change notified by the database (on PostgreSQL, made through another app on the same database)
 * is reflected by memory's pages once its notice has arrived.
 */
const counter = statementCounter();
let first: TestApp;
let second: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  // Memory is read through the handle the app was built with: the one that hears the database's notices.
  const counted = (handle: Kysely<Database>) => {
    db = handle.withPlugin(counter.plugin);
    return db;
  };
  first = await startTestApp({ wrapDb: counted });
  second = onPostgresRun() ? await startTestApp({ sameDatabaseAs: first, wrapDb: counted }) : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

const FISH = 1005;
const speeds = [undefined, 'local', 'courier', 'farm-direct', 'dine-in', 'pickup'] as const satisfies readonly (SpeedValue | undefined)[];
const orders = ['default', 'name_asc', 'name_desc', 'price_asc', 'price_desc'] as const satisfies readonly ListingOrder[];

const request = (
  categoryId: number,
  locId: number,
  speed: SpeedValue | undefined,
  order: ListingOrder,
  offset = 0,
  limit = 20,
): ListingPageRequest => ({
  categoryId,
  locId,
  speed,
  order,
  offset,
  limit,
  selection: noSelection,
});

/** The statement's answer and memory's, in the same shape (the panel's category list is a set). */
async function both(handle: Kysely<Database>, asked: ListingPageRequest) {
  const fromSql = await listingPage(handle, asked);
  const fromMemory = await listingPageFromMemory(handle, asked);
  const shape = (page: typeof fromSql) => ({
    ids: page.ids,
    cards: page.cards,
    total: page.total,
    available: page.available,
    facets: page.facets,
    panel: { ...page.panel, category_values: [...page.panel.category_values].sort((a, b) => a - b) },
  });
  return { sql: shape(fromSql), memory: fromMemory && shape(fromMemory) };
}

describe('listing pages from memory', () => {
  // One test per area and speed (each a twelfth of the catalogue's pages), so a busy machine keeps each far from its
  // timeout: the whole crossing in one test once took longer than 90 s beside a full test run and four others.
  for (const area of [newYork.loc_id, chicago.loc_id]) {
    for (const speed of speeds) {
      it(`are the statement’s pages for every category and sort of area ${area} at ${speed ?? 'any speed'}`, async () => {
        const categories = (await db.selectFrom('categories').select('id').orderBy('id').execute()).map((row) => row.id);
        expect(categories.length).toBeGreaterThan(5);
        expect(await whenListingLoaded(db, area, speed)).toBe(true);
        let compared = 0;
        for (const category of categories) {
          for (const order of orders) {
            // The first page at the listing's page size, small pages that cut the orders' ties and ends, a deep
            // one (decision 077) and one past the end.
            for (const [offset, limit] of [
              [0, 20],
              [0, 3],
              [3, 3],
              [9, 3],
              [500, 20],
            ] as const) {
              const { sql, memory } = await both(db, request(category, area, speed, order, offset, limit));
              expect(memory, `${category} ${area} ${speed ?? 'any'} ${order} ${offset}`).toEqual(sql);
              compared += sql.ids.length;
            }
          }
        }
        // Every area sells at every speed in the test catalogue: each crossing compares cards, not only empty pages.
        expect(compared).toBeGreaterThan(50);
      });
    }
  }

  it('sends no statement for a page once the area is loaded', async () => {
    expect(await whenListingLoaded(db, newYork.loc_id, undefined)).toBe(true);
    await listingPageFromMemory(db, request(FISH, newYork.loc_id, undefined, 'default'));
    const before = counter.count();
    for (const order of orders) expect(await listingPageFromMemory(db, request(FISH, newYork.loc_id, undefined, order))).toBeDefined();
    expect(counter.count() - before).toBe(0);
  });

  it('leaves a page to the statement when the area’s index weighs more than its budget', async () => {
    expect(await whenListingLoaded(db, newYork.loc_id, undefined)).toBe(true);
    const asked = request(FISH, newYork.loc_id, undefined, 'default');
    expect(await listingPageFromMemory(db, asked)).toBeDefined();
    expect(await listingPageFromMemory(db, asked, { budget: 1000 })).toBeUndefined();
    expect(await whenListingLoaded(db, newYork.loc_id, undefined, 1000)).toBe(false);
  });

  it('follows a price change and a stock change (product notices) and a catalogue change (an `all` notice)', async () => {
    const asked = (order: SortKey | 'default') => request(FISH, newYork.loc_id, undefined, order);
    expect(await whenListingLoaded(db, newYork.loc_id, undefined)).toBe(true);
    const before = await listingPageFromMemory(db, asked('price_asc'));
    const last = before?.ids.at(-1);
    if (last === undefined) throw new Error('fish has products');
    const variants = first.database.db.selectFrom('product_variants').select('id').where('product_id', '=', last);

    // Price: the last of the first page becomes the cheapest.
    await first.database.db.updateTable('variant_offers').set({ price_cents: 1 }).where('variant_id', 'in', variants).execute();
    await within(5000, async () => (await listingPageFromMemory(db, asked('price_asc')))?.ids[0] === last);
    const priced = await both(db, asked('price_asc'));
    expect(priced.memory).toEqual(priced.sql);

    // Stock: its card out of stock.
    await first.database.db.updateTable('variant_offers').set({ stock: 0 }).where('variant_id', 'in', variants).execute();
    await within(5000, async () => (await listingPageFromMemory(db, asked('price_asc')))?.cards[0]?.stock_status === 'out of stock');
    const emptied = await both(db, asked('price_asc'));
    expect(emptied.memory).toEqual(emptied.sql);

    // Catalogue: the product made the most popular (an `all` notice: the area is loaded again in the background).
    const top = await db
      .selectFrom('products')
      .select((eb) => eb.fn.max('popularity').as('most'))
      .executeTakeFirstOrThrow();
    await first.database.db
      .updateTable('products')
      .set({ popularity: Number(top.most) + 1 })
      .where('id', '=', last)
      .execute();
    await within(10_000, async () => (await listingPageFromMemory(db, asked('default')))?.ids[0] === last);
    const ranked = await both(db, asked('default'));
    expect(ranked.memory).toEqual(ranked.sql);
  });
});
