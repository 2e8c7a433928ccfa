import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortKeys } from '../../src/rules/listing.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import type { Database } from '../../server/db/schema.ts';
import { reseed } from '../../server/db/seed/seed-cli.ts';
import { categoryListing } from '../../server/services/catalogue/listing.ts';
import { noSelection } from '../../server/services/catalogue/listing-index.ts';
import { listingPageStatement, type ListingPageRequest } from '../../server/services/catalogue/listing-page.ts';
import { searchProducts } from '../../server/services/catalogue/search.ts';
import { databaseImage } from './database-images.ts';

/**
 * Issue 15, part 6: what `npm run seed -- --products N` leaves behind must be a database the planner knows (PGlite has
 * no autovacuum to gather statistics later), so the first listing after a seed already walks the summaries' indexes.
 * Plans, not timings: a plan is the same on a busy machine.
 */
const products = 2000;
const newYork = 101;

let handle: DatabaseHandle;
let db: Kysely<Database>;
let bigCategory: number;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://', startFrom: databaseImage(false) });
  db = handle.db;
  await reseed(db, products);
  const big = await sql<{ category_id: number }>`
    select category_id from product_categories group by category_id order by count(*) desc, category_id limit 1`.execute(db);
  bigCategory = big.rows[0]?.category_id ?? 0;
}, 240_000);

afterAll(async () => {
  await handle.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function isPlanNode(value: unknown): value is PlanNode {
  return typeof value === 'object' && value !== null && 'Node Type' in value && typeof value['Node Type'] === 'string';
}

/** Every node of a plan, depth first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

async function planOf(request: ListingPageRequest): Promise<PlanNode[]> {
  const compiled = listingPageStatement(request).compile(db);
  // The statement's own SQL and parameters: EXPLAIN plans it as the listing runs it.
  const explained = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const [root] = explained.rows;
  const document = root?.['QUERY PLAN'];
  const first: unknown = Array.isArray(document) ? document[0] : undefined;
  const plan: unknown = typeof first === 'object' && first !== null && 'Plan' in first ? first.Plan : undefined;
  if (!isPlanNode(plan)) throw new Error('EXPLAIN gave no plan');
  return nodesOf(plan);
}

const request = (overrides: Partial<ListingPageRequest>): ListingPageRequest => ({
  categoryId: bigCategory,
  locId: newYork,
  speed: undefined,
  order: 'default',
  offset: 0,
  limit: 20,
  selection: noSelection,
  ...overrides,
});

describe('a freshly seeded embedded database', () => {
  it('has the planner statistics of every table listings and search read', async () => {
    const tables = [
      'products',
      'product_variants',
      'variant_offers',
      'product_categories',
      'area_products',
      'area_category_products',
      'area_listing_facets',
    ];
    const counted = await sql<{ relname: string; reltuples: number }>`
      select relname, reltuples::float8 as reltuples from pg_class where relname = any(${tables}::text[])`.execute(db);
    expect(counted.rows.map((r) => r.relname).sort()).toEqual([...tables].sort());
    for (const row of counted.rows) expect(row.reltuples, row.relname).toBeGreaterThan(0);
    const stats = await sql<{ tablename: string }>`
      select distinct tablename from pg_stats where schemaname = 'public' and tablename = any(${tables}::text[])`.execute(db);
    expect(stats.rows.map((r) => r.tablename).sort()).toEqual([...tables].sort());
  });

  it('pages a big category through the index of each sort and takes its cards by key, never scanning the summaries', async () => {
    // Three indexes, none descending: a descending sort reads its ascending index backwards.
    const indexOf = {
      default: 'rank',
      name_asc: 'name',
      name_desc: 'name',
      price_asc: 'price',
      price_desc: 'price',
    } as const;
    for (const order of ['default', ...sortKeys] as const) {
      const nodes = await planOf(request({ order, offset: 40 }));
      const used = nodes.flatMap((n) => n['Index Name'] ?? []);
      expect(used, order).toContain(`area_category_products_${indexOf[order]}_idx`);
      expect(used, order).toContain('area_products_pkey');
      expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
    }
  });

  it('filters by speed, price, size and sub-category without a sequential scan', async () => {
    const selection = { ...noSelection, priceRanges: [{ minCents: 1000, maxCents: 5000 }], sizes: [500, 1000], categoryIds: [2001, 2017] };
    for (const speed of [undefined, 'local', 'farm-direct'] as const) {
      const nodes = await planOf(request({ speed, order: 'price_asc', selection }));
      expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
      expect(nodes.some((n) => n['Index Name']?.startsWith('area_listing_facets'))).toBe(true);
    }
  });

  it('checks sizes and sub-categories in the sort indexes: a filtered delivery page and count read no summary row', async () => {
    // Migration 019: the indexes carry speed_sizes and category_ids, so no filter needs the heap (Index Only Scan).
    const selection = { ...noSelection, priceRanges: [{ minCents: 1000, maxCents: 5000 }], sizes: [500, 1000], categoryIds: [2001, 2017] };
    for (const speed of [undefined, 'local', 'farm-direct'] as const) {
      for (const order of ['default', ...sortKeys] as const) {
        const nodes = await planOf(request({ speed, order, offset: 40, selection }));
        const scans = nodes.filter((n) => n['Relation Name'] === 'area_category_products').map((n) => n['Node Type']);
        expect(scans.length, `${speed} ${order}`).toBeGreaterThan(0);
        expect(new Set(scans), `${speed} ${order}: ${scans.join(', ')}`).toEqual(new Set(['Index Only Scan']));
      }
    }
  });

  it("filters by a seller (the cart's Shop more link) through migration 032's offer index, never scanning the offers", async () => {
    // Hudson Street Butchers (1, New York) and the nationwide courier (9): a local seller and one with every area's offers.
    for (const vendorIds of [[1], [9], [1, 9]]) {
      for (const speed of [undefined, 'local'] as const) {
        for (const order of ['default', 'price_asc'] as const) {
          const nodes = await planOf(request({ speed, order, offset: 0, selection: { ...noSelection, vendorIds } }));
          const label = `${vendorIds.join('+')} ${speed} ${order}`;
          // vendor_locations is a few dozen rows: scanning it is the cheap way to find the sellers' locations.
          const scanned = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] !== 'vendor_locations');
          if (process.env.SHOW_PLANS)
            console.log(label, nodes.map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`).join(' | '));
          expect(
            scanned.map((n) => n['Relation Name']),
            label,
          ).toEqual([]);
          expect(
            nodes.some((n) => n['Index Name'] === 'variant_offers_loc_idx'),
            label,
          ).toBe(true);
        }
      }
    }
  });

  it('answers listings and search at once after the seed', async () => {
    const listing = await categoryListing(db, { categoryId: bigCategory, locId: newYork, page: 0, limit: 20, sort: 'price_asc' });
    if (listing.kind !== 'listing') throw new Error(`no listing: ${listing.kind}`);
    expect(listing.data.products).toHaveLength(20);
    expect(listing.data.pagination.total_records).toBe(listing.available);
    const found = await searchProducts(db, { text: 'salmon', locId: newYork, page: 0, limit: 20 });
    if (found.kind !== 'results') throw new Error(`no search results: ${found.kind}`);
    expect(found.data.products.length).toBeGreaterThan(0);
  });
});
