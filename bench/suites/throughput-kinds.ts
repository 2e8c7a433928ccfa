/**
 * The request kinds throughput.bench.ts measures, with the keys a shopper makes: a cold search (a distinct text each
 * time, search-texts.ts), a category listing (pages and speeds that return products, found by a first look at each
 * category's page 0), a product page over many ids, an add to cart (a new cart each time), and a whole guest checkout
 * (lib/guest-checkout.ts: seven calls, one unit).
 */
import { sql, type Kysely } from 'kysely';
import { assert, is, type Struct } from 'superstruct';
import { addToCartReply } from '../../src/api/contract/add-to-cart.contract.ts';
import { categoryListReply, listingReply } from '../../src/api/contract/catalogue.contract.ts';
import { productReply } from '../../src/api/contract/product.contract.ts';
import { sortKeys } from '../../src/rules/listing.ts';
import type { Database } from '../../server/db/schema.ts';
import { guestCheckout, type CheckoutShop } from '../lib/guest-checkout.ts';
import { seededRandom } from '../lib/measure.ts';
import type { Unit } from '../lib/throughput-steps.ts';
import { browsingPlan } from './shopper-browsing.ts';

export const kindNames = ['search', 'listing', 'product', 'addtocart', 'checkout'] as const;
export type KindName = (typeof kindNames)[number];

/** Server CPU per unit the issue sets as the goal (ms), where it sets one. */
export const cpuGoalsMs: Partial<Record<KindName, number>> = { search: 2, listing: 0.5, checkout: 10 };

export const kindLabels: Record<KindName, string> = {
  search: 'cold search (distinct texts)',
  listing: 'category listing (pages with products)',
  product: 'product page (many ids)',
  addtocart: 'add to cart (new cart)',
  checkout: 'whole guest checkout (7 calls)',
};

/** What the kinds need from the database before the server opens it (PGlite is one process's). */
export interface ThroughputPlan {
  texts: string[];
  productIds: number[];
  shop: CheckoutShop;
}

const courierLocId = 201;

export async function throughputPlan(db: Kysely<Database>): Promise<ThroughputPlan> {
  const browsing = await browsingPlan(db, 40_000, 20_000);
  const offers = await sql<{ variant_id: number }>`
    select variant_id from variant_offers where loc_id = ${courierLocId} and stock > 0 order by md5(variant_id::text) limit 2000
  `.execute(db);
  const vendor = await db.selectFrom('vendor_locations').select('vendor_id').where('id', '=', courierLocId).executeTakeFirstOrThrow();
  return {
    texts: browsing.texts,
    productIds: browsing.productIds,
    shop: { variantIds: offers.rows.map((r) => r.variant_id), vendorId: vendor.vendor_id, courierLocId },
  };
}

/**
 * The plan's sizes stocked for the whole run, on the throwaway copy only: every checkout buys a unit, and at 100 a
 * second over the direct and balanced runs the seed's stock ran out, so the balanced rows' checkouts failed ('This
 * size is out of stock.') and no step counted (2026-11-29).
 */
export async function stockForCheckouts(db: Kysely<Database>, shop: CheckoutShop): Promise<void> {
  await sql`update variant_offers set stock = 1000000 where loc_id = ${shop.courierLocId} and variant_id = any(${shop.variantIds}::int[])`.execute(
    db,
  );
}

const areas = [
  { zipcode: '10001', loc_id: 101 },
  { zipcode: '60601', loc_id: 103 },
] as const;
const speeds = ['', 'local', 'courier', 'farm-direct'] as const;
const qs = (params: Record<string, unknown>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** One timed request: its latency and reply, or throws when it did not answer 200 with a reply the contract accepts. */
async function timed<T>(base: string, path: string, init: { body?: unknown; token?: string }, reply: Struct<T>): Promise<{ ms: number; parsed: T }> {
  const started = performance.now();
  const response = await fetch(base + path, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const parsed: unknown = await response.json();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  assert(parsed, reply);
  return { ms, parsed };
}

/** A listing key that returns products: its page-0 path maker and how many pages it has (20 a page). */
interface ListingKey {
  path: (page: number, sort: string) => string;
  pages: number;
}

/** Every category × area × speed whose first page holds products (asked once each, before the steps). */
async function listingKeys(base: string): Promise<ListingKey[]> {
  const menu: unknown = await (await fetch(`${base}/connect/index/categorylist?store_id=1`)).json();
  if (!is(menu, categoryListReply) || !menu.data) throw new Error('No category list');
  const categories = menu.data.flatMap((top) => [top, ...top.child]);
  const keys: ListingKey[] = [];
  for (const category of categories) {
    for (const area of areas) {
      for (const speed of speeds) {
        const path = (page: number, sort: string) =>
          `/connect/index/category?${qs({ store_id: 1, zipcode: area.zipcode, loc_id: area.loc_id, limit: 20, catid: category.category_id, page, ...(speed ? { courier_type: speed } : {}), ...(sort ? { sort } : {}) })}`;
        const reply: unknown = await (await fetch(base + path(0, ''))).json();
        if (is(reply, listingReply) && reply.data && reply.data.products.length > 0) keys.push({ path, pages: reply.data.pagination.total_page });
      }
    }
  }
  if (keys.length === 0) throw new Error('No category listing returned products');
  return keys;
}

/** The units of every kind against `base`; the listing keys are looked up first (the first kinds' warm-up). */
export async function throughputUnits(base: string, plan: ThroughputPlan): Promise<Record<KindName, Unit>> {
  const rng = seededRandom(54);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(rng() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const keys = await listingKeys(base);
  let nextText = 0;
  let checkoutNumber = Math.floor(Date.now() / 1000) * 1000;
  return {
    async search() {
      const q = plan.texts[nextText++ % plan.texts.length] ?? 'salmon';
      const area = pick(areas);
      return [
        (
          await timed(
            base,
            `/connect/index/search?${qs({ q, store_id: 1, zipcode: area.zipcode, loc_id: area.loc_id, courier_type: '', page: 0, limit: 20 })}`,
            {
              body: { q, store_id: 1 },
            },
            listingReply,
          )
        ).ms,
      ];
    },
    async listing() {
      const key = pick(keys);
      // Mostly the first pages, as shoppers page; now and then deep.
      const page = rng() < 0.5 ? Math.floor(rng() * Math.min(3, key.pages)) : Math.floor(rng() * key.pages);
      return [(await timed(base, key.path(page, pick(['', ...sortKeys])), {}, listingReply)).ms];
    },
    async product() {
      const area = pick(areas);
      return [
        (
          await timed(
            base,
            `/connect/index/product?${qs({ prodid: pick(plan.productIds), store_id: 1, loc_id: area.loc_id, zipCode: area.zipcode, courier_type: '' })}`,
            {},
            productReply,
          )
        ).ms,
      ];
    },
    async addtocart() {
      return [
        (
          await timed(
            base,
            '/api/cart/addtocart',
            {
              body: {
                product_id: pick(plan.shop.variantIds),
                qty: 1,
                zipcode: '10001',
                loc_id: 101,
                speed_id: 'courier',
                vendor_loc_id: plan.shop.courierLocId,
                store_id: 1,
              },
            },
            addToCartReply,
          )
        ).ms,
      ];
    },
    async checkout() {
      const ms: number[] = [];
      const outcome = await guestCheckout(
        async (_call, url, body, reply, token) => {
          const answer = await timed(base, url, { body, ...(token ? { token } : {}) }, reply);
          ms.push(answer.ms);
          return answer.parsed;
        },
        plan.shop,
        ++checkoutNumber,
      );
      if (outcome.kind !== 'answered') throw new Error(`checkout not placed: ${outcome.message}`);
      if (outcome.placed.code !== 1) throw new Error(`checkout not placed: ${JSON.stringify(outcome.placed).slice(0, 160)}`);
      return ms;
    },
  };
}
