/**
 * What load does not distort (issue 15, part 3): the listing statement's EXPLAIN (ANALYZE, BUFFERS) over varied keys
 * from a fresh connection, and the listing tables' sizes. `npx tsx bench/suites/listing-plans.ts` with BENCH_DATA_DIR (PGlite)
 * or BENCH_DATABASE_URL (PostgreSQL), optionally BENCH_KEYS (default 200) and PGLITE_SHARED_BUFFERS.
 * Prints a JSON summary: planning and execution ms (p50/p95/p99/max), shared buffers hit and read per statement.
 */
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { priceBuckets, sortKeys } from '../../src/rules/listing.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { noSelection, type ListingSelection } from '../../server/services/catalogue/listing-index.ts';
import { listingPageStatement, type ListingPageRequest } from '../../server/services/catalogue/listing-page.ts';
import { seededRandom } from '../lib/measure.ts';
import { latencies } from '../lib/percentiles.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? 'bench/data-100k');
const keys = Number(process.env.BENCH_KEYS ?? 200);

interface PlanTotals {
  planning: number;
  execution: number;
  hit: number;
  read: number;
}

function numberAt(value: unknown, key: string): number {
  if (typeof value !== 'object' || value === null || !(key in value)) return 0;
  const found: unknown = Object.entries(value).find(([k]) => k === key)?.[1];
  return typeof found === 'number' ? found : 0;
}

const summary = (values: readonly number[]) => ({
  ...latencies(values),
  mean: values.reduce((a, b) => a + b, 0) / values.length,
});

async function main(): Promise<void> {
  const handle = await openDatabase({
    databaseUrl,
    dataDir,
    statementTimeoutMs: 0,
    sharedBuffers: process.env.PGLITE_SHARED_BUFFERS?.trim() || undefined,
  });
  const { db } = handle;
  try {
    const sizes = await sql<{ relation: string; mb: number }>`
      select c.relname as relation, round(pg_total_relation_size(c.oid) / 1048576.0, 1)::float8 as mb
      from pg_class c
      where c.relkind = 'r' and c.relname in ('area_product_summaries', 'area_products', 'area_category_products', 'area_listing_facets')
      order by 1`.execute(db);
    const database = await sql<{ mb: number }>`select round(pg_database_size(current_database()) / 1048576.0, 1)::float8 as mb`.execute(db);
    const categories = await sql<{ id: number; children: number[] }>`
      select c.id, coalesce(array_agg(k.id) filter (where k.id is not null), '{}') as children
      from categories c left join categories k on k.parent_id = c.id group by c.id`.execute(db);
    const rng = seededRandom(15);
    const pick = <T>(items: readonly T[]): T => {
      const index = Math.floor(rng() * items.length);
      if (index >= items.length) throw new Error('pick from an empty list');
      return items[index] as T;
    };
    const plans: PlanTotals[] = [];
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < keys; i++) {
      const category = pick(categories.rows);
      const selection: ListingSelection = {
        ...noSelection,
        priceRanges: rng() < 0.3 ? [pick(priceBuckets)] : [],
        sizes: rng() < 0.25 ? [pick([250, 500, 1000, 2000])] : [],
        categoryIds: rng() < 0.25 && category.children.length > 0 ? [pick(category.children)] : [],
      };
      const roll = rng();
      const page = roll < 0.5 ? 0 : roll < 0.85 ? 1 + Math.floor(rng() * 5) : 6 + Math.floor(rng() * 300);
      const limit = pick([10, 20, 20, 20, 50]);
      const request: ListingPageRequest = {
        categoryId: category.id,
        locId: pick([101, 103]),
        speed: pick([undefined, 'local', 'courier', 'farm-direct'] as const),
        order: pick(['default', ...sortKeys] as const),
        offset: page * limit,
        limit,
        selection,
      };
      const compiled = listingPageStatement(request).compile(db);
      const explained = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (analyze, buffers, format json) ${compiled.sql}`, [...compiled.parameters]),
      );
      const document = explained.rows[0]?.['QUERY PLAN'];
      const top: unknown = Array.isArray(document) ? document[0] : undefined;
      const plan: unknown = typeof top === 'object' && top !== null && 'Plan' in top ? top.Plan : undefined;
      const planningBuffers: unknown = typeof top === 'object' && top !== null && 'Planning' in top ? top.Planning : undefined;
      plans.push({
        planning: numberAt(top, 'Planning Time'),
        execution: numberAt(top, 'Execution Time'),
        hit: numberAt(plan, 'Shared Hit Blocks') + numberAt(planningBuffers, 'Shared Hit Blocks'),
        read: numberAt(plan, 'Shared Read Blocks') + numberAt(planningBuffers, 'Shared Read Blocks'),
      });
    }
    const cpuUsed = process.cpuUsage(cpuStart);
    const cpuMs = (cpuUsed.user + cpuUsed.system) / 1000;
    const report = {
      database: handle.kind,
      keys,
      databaseMb: database.rows[0]?.mb,
      sharedBuffers: (await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db)).rows[0]?.shared_buffers,
      cpuMsPerStatement: cpuMs / keys,
      tablesMb: Object.fromEntries(sizes.rows.map((r) => [r.relation, r.mb])),
      planningMs: summary(plans.map((p) => p.planning)),
      executionMs: summary(plans.map((p) => p.execution)),
      sharedHit: summary(plans.map((p) => p.hit)),
      sharedRead: summary(plans.map((p) => p.read)),
      loadAverage: (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim(),
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
