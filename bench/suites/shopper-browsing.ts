/**
 * Shoppers browsing over HTTP with the keys shoppers make (issue 27, item 6): the memory bench's load. Each of N
 * connections walks the store without think time: a category's first page, then (mostly) further pages of it or a
 * value of its own filter panel, so the keys are pages and filters that return products (a page past the end or a
 * filter matching nothing is never asked for); product pages over many ids (those the listings and searches showed,
 * and a sample of the catalogue's); searches of distinct texts (search-texts.ts); now and then the home page and the
 * category list. The listing keys take listing-plans.ts's dimensions (areas, speeds, sorts, page sizes, filters).
 */
import { sql, type Kysely } from 'kysely';
import { is } from 'superstruct';
import { categoryListReply, listingReply, type CategoryNode, type ListingFilter } from '../../src/api/contract/catalogue.contract.ts';
import { sortKeys } from '../../src/rules/listing.ts';
import type { Database } from '../../server/db/schema.ts';
import { seededRandom } from '../lib/measure.ts';
import { nameWordsQuery, queryTexts } from './search-texts.ts';

type Rng = () => number;

const areas = [
  { zipcode: '10001', loc_id: 101 },
  { zipcode: '60601', loc_id: 103 },
] as const;
type Area = (typeof areas)[number];
const speeds = ['', '', 'local', 'courier', 'farm-direct'] as const;
const limits = [10, 20, 20, 20, 50] as const;
/** The product ids remembered from what the shoppers were shown: product pages are opened over these. */
const seenLimit = 20_000;

function pick<T>(items: readonly T[], rng: Rng): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** What the browsing needs from the database before the server opens it (PGlite is one process's). */
export interface BrowsingPlan {
  /** Distinct search texts, as search.bench.ts sends them. */
  texts: string[];
  /** Products offered in the bench's areas, for product pages beyond those the listings showed. */
  productIds: number[];
}

export async function browsingPlan(db: Kysely<Database>, texts: number, products: number): Promise<BrowsingPlan> {
  const words = await sql<{ word: string }>`${sql.raw(nameWordsQuery)}`.execute(db);
  const offered = await sql<{ id: number }>`
    select p.id from products p
    where exists (
      select 1 from product_variants v join variant_offers o on o.variant_id = v.id
      where v.product_id = p.id and (o.area_loc_id in (101, 103) or o.area_loc_id is null))
    order by md5(p.id::text) limit ${products}`.execute(db);
  return {
    texts: queryTexts(
      words.rows.map((r) => r.word),
      texts,
    ),
    productIds: offered.rows.map((r) => r.id),
  };
}

/** What the shoppers asked and what came back. */
export interface BrowsingCounts {
  requests: number;
  failed: number;
  listings: number;
  /** Listing and filter pages that held products (the rest: a speed or area with nothing in that category). */
  listingsWithProducts: number;
  filtered: number;
  searches: number;
  searchesWithProducts: number;
  productPages: number;
  productPagesFound: number;
  /** Distinct product ids whose pages were opened. */
  distinctProducts: number;
  other: number;
}

/** A listing a shopper is looking at: how to ask for another page of it, and its filter panel. */
interface Looking {
  area: Area;
  totalPages: number;
  filters: ListingFilter[];
  request: (page: number) => { method: 'GET' | 'POST'; path: string; body?: string };
  /** The listing's key without a filter (a filter is added to this one). */
  base: Record<string, unknown>;
}

const qs = (params: Record<string, unknown>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** `connections` shoppers browse for `seconds`; resolves with the counts. */
export async function browse(base: string, plan: BrowsingPlan, connections: number, seconds: number, seed = 27): Promise<BrowsingCounts> {
  const menu: unknown = await (await fetch(`${base}/connect/index/categorylist?store_id=1`)).json();
  if (!is(menu, categoryListReply) || !menu.data) throw new Error('No category list');
  const categories: CategoryNode[] = menu.data.flatMap((top) => [top, ...top.child]);
  const counts: BrowsingCounts = {
    requests: 0,
    failed: 0,
    listings: 0,
    listingsWithProducts: 0,
    filtered: 0,
    searches: 0,
    searchesWithProducts: 0,
    productPages: 0,
    productPagesFound: 0,
    distinctProducts: 0,
    other: 0,
  };
  const seen: number[] = [];
  const opened = new Set<number>();
  let nextText = 0;
  const until = performance.now() + seconds * 1000;

  async function ask(method: 'GET' | 'POST', path: string, body?: string): Promise<unknown> {
    counts.requests += 1;
    try {
      const response = await fetch(base + path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body });
      const reply: unknown = await response.json();
      if (response.status !== 200) counts.failed += 1;
      return reply;
    } catch {
      counts.failed += 1;
      return undefined;
    }
  }

  /** Remembers the products a page showed; answers whether it showed any. */
  function shown(reply: unknown): { products: boolean; pages: number; filters: ListingFilter[] } {
    if (!is(reply, listingReply) || !reply.data) return { products: false, pages: 0, filters: [] };
    for (const product of reply.data.products) {
      if (seen.length < seenLimit) seen.push(product.id);
      else seen[Math.floor(Math.random() * seenLimit)] = product.id;
    }
    return { products: reply.data.products.length > 0, pages: reply.data.pagination.total_page, filters: reply.data.filters };
  }

  async function listing(rng: Rng, looking: Looking | undefined): Promise<Looking | undefined> {
    // Mostly on from the listing on screen: another page of it (within its pages), or one value of its own filters.
    if (looking && rng() < 0.75) {
      const groups = looking.filters.filter((group) => group.options.length > 0);
      if (looking.totalPages > 1 && (groups.length === 0 || rng() < 0.6)) {
        const request = looking.request(1 + Math.floor(rng() * (looking.totalPages - 1)));
        counts.listings += 1;
        if (shown(await ask(request.method, request.path, request.body)).products) counts.listingsWithProducts += 1;
        return looking;
      }
      if (groups.length > 0) {
        const group = pick(groups, rng);
        const option = pick(group.options, rng);
        const value = option.children && option.children.length > 0 && rng() < 0.5 ? pick(option.children, rng).value : option.value;
        const filter = group.parameter === 'priceranges' ? [value] : [Number(value)];
        const body = (page: number) => JSON.stringify({ ...looking.base, page, [group.parameter]: filter });
        counts.listings += 1;
        counts.filtered += 1;
        const result = shown(await ask('POST', '/connect/index/filters', body(0)));
        if (result.products) counts.listingsWithProducts += 1;
        if (!result.products) return undefined;
        return { ...looking, totalPages: result.pages, request: (page) => ({ method: 'POST', path: '/connect/index/filters', body: body(page) }) };
      }
    }
    const category = pick(categories, rng);
    const area = pick(areas, rng);
    const speed = pick(speeds, rng);
    const sort = pick(['', ...sortKeys], rng);
    const limit = pick(limits, rng);
    const common = {
      store_id: 1,
      zipcode: area.zipcode,
      loc_id: area.loc_id,
      limit,
      ...(speed ? { courier_type: speed } : {}),
      ...(sort ? { sort } : {}),
    };
    const path = (page: number) => `/connect/index/category?${qs({ ...common, catid: category.category_id, page })}`;
    counts.listings += 1;
    const result = shown(await ask('GET', path(0)));
    if (!result.products) return undefined;
    counts.listingsWithProducts += 1;
    return {
      area,
      totalPages: result.pages,
      filters: result.filters,
      request: (page) => ({ method: 'GET', path: path(page) }),
      base: { ...common, parent_category_id: category.category_id },
    };
  }

  async function productPage(rng: Rng, area: Area): Promise<void> {
    const id = seen.length > 0 && rng() < 0.7 ? pick(seen, rng) : pick(plan.productIds, rng);
    opened.add(id);
    counts.productPages += 1;
    const reply = await ask(
      'GET',
      `/connect/index/product?${qs({ prodid: id, store_id: 1, loc_id: area.loc_id, zipCode: area.zipcode, courier_type: '' })}`,
    );
    if (typeof reply === 'object' && reply !== null && 'code' in reply && reply.code === 1) counts.productPagesFound += 1;
  }

  async function search(rng: Rng, area: Area): Promise<void> {
    const q = plan.texts[nextText++ % plan.texts.length] ?? 'salmon';
    const page = rng() < 0.8 ? 0 : 1;
    counts.searches += 1;
    const reply = await ask(
      'POST',
      `/connect/index/search?${qs({ q, store_id: 1, zipcode: area.zipcode, loc_id: area.loc_id, courier_type: '', page, limit: 20 })}`,
      JSON.stringify({ q, store_id: 1 }),
    );
    if (shown(reply).products) counts.searchesWithProducts += 1;
  }

  async function shopper(index: number): Promise<void> {
    const rng = seededRandom(seed * 1000 + index);
    let looking: Looking | undefined;
    while (performance.now() < until) {
      const roll = rng();
      const area = looking?.area ?? pick(areas, rng);
      if (roll < 0.45) looking = await listing(rng, looking);
      else if (roll < 0.75) await productPage(rng, area);
      else if (roll < 0.95) await search(rng, area);
      else {
        counts.other += 1;
        await ask('GET', rng() < 0.5 ? `/connect/index/homepage?${qs({ store_id: 1, ...area })}` : '/connect/index/categorylist?store_id=1');
      }
    }
  }

  await Promise.all(Array.from({ length: connections }, (_, i) => shopper(i)));
  counts.distinctProducts = opened.size;
  return counts;
}
