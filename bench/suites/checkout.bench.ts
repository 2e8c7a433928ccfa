/**
 * The checkout path bench: `npm run bench:checkout`.
 *
 * Whole guest checkouts over HTTP, as the client makes them — add to cart (a new cart), guest cart (email-only
 * checkout), next delivery date, delivery schedule, address, card token, place order — by BENCH_SHOPPERS (10)
 * shoppers at once for BENCH_SECONDS (20), against the API in its own process, on one database: BENCH_DATABASE_URL
 * (PostgreSQL), or PGlite in BENCH_DATA_DIR (default bench/data-checkout-100k: orders take stock, so not the shared
 * bench/data-100k), seeded once with BENCH_PRODUCTS products and reused. `npm run bench` (run-all.ts) runs it on a
 * fresh copy of each data set, PGlite and PostgreSQL. Per call p50/p95/p99/max, orders/s, the load average, and
 * afterwards every offer's units sold checked against its stock (no oversell). Writes its database's section of
 * bench/results/checkout.generated.md (analysis: bench/analysis/checkout.md), and its rows to BENCH_JSON.
 * Budget: place order p99 ≤ 100 ms, every other call p99 ≤ 50 ms.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { assert, type Struct } from 'superstruct';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import {
  benchDatabase,
  fmt,
  loadAverage,
  loadAverages,
  logger,
  recordRows,
  repeatNumber,
  seedOrReuse,
  startBenchServer,
  watchdog,
  type BenchServer,
} from '../lib/measure.ts';
import { checkoutCalls as calls, guestCheckout, type CheckoutCall as Call, type CheckoutShop } from '../lib/guest-checkout.ts';
import { latencies } from '../lib/percentiles.ts';
import { writeGeneratedSection } from '../lib/results-files.ts';

if (!process.env.BENCH_DATABASE_URL?.trim() && !process.env.BENCH_DATA_DIR) {
  process.env.BENCH_DATA_DIR = `bench/data-checkout-${Math.round(Number(process.env.BENCH_PRODUCTS ?? 100_000) / 1000)}k`;
}
const target = benchDatabase();
const productCount = target.products;
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 10);
const warmUpSeconds = 3;
const courierLocId = 201;
const budgets = { placeOrder: 100, other: 50 };

let server: BenchServer | undefined;
watchdog('The checkout bench', 30, () => server?.child.kill('SIGKILL'));
const log = logger('checkout');

// ------------------------------------------------------------------ one shopper

interface Run {
  ms: Record<Call, number[]>;
  orders: number;
  refused: Map<string, number>;
  failures: string[];
}

let shopperNumber = 0;

async function timed<T>(run: Run, call: Call, base: string, url: string, body: unknown, reply: Struct<T>, token?: string): Promise<T> {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const parsed: unknown = await response.json();
  run.ms[call].push(performance.now() - started);
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(parsed).slice(0, 200)}`);
  assert(parsed, reply);
  return parsed;
}

/** One guest checkout from an empty cart to a placed order (lib/guest-checkout.ts), every call timed. */
async function oneCheckout(base: string, shop: CheckoutShop, run: Run): Promise<void> {
  const outcome = await guestCheckout((call, url, body, reply, token) => timed(run, call, base, url, body, reply, token), shop, ++shopperNumber);
  if (outcome.kind === 'refused') count(run.refused, outcome.message);
  else if (outcome.placed.code === 1) run.orders += 1;
  else count(run.refused, `placeorder: ${outcome.placed.message ?? ''}`);
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

async function drive(base: string, shop: CheckoutShop, forSeconds: number): Promise<{ run: Run; wallSeconds: number }> {
  const ms: Record<Call, number[]> = {
    addtocart: [],
    guestcart: [],
    nextDeliveryDate: [],
    deliveryschedule: [],
    addaddress: [],
    tokenize: [],
    placeorder: [],
  };
  const run: Run = { ms, orders: 0, refused: new Map(), failures: [] };
  const started = performance.now();
  const deadline = started + forSeconds * 1000;
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (performance.now() < deadline) {
        try {
          await oneCheckout(base, shop, run);
        } catch (error) {
          run.failures.push(error instanceof Error ? error.message : String(error));
          if (run.failures.length > 50) return;
        }
      }
    }),
  );
  return { run, wallSeconds: (performance.now() - started) / 1000 };
}

// ------------------------------------------------------------------ figures

interface Section {
  label: string;
  lines: string[];
}

async function benchOne(): Promise<Section> {
  const handle = await target.open();
  const { seedSeconds } = await seedOrReuse(handle, productCount, log);
  // Sizes (the spec's product_id is a variant id) the courier sells with stock: the shoppers cycle through them.
  const offers = await sql<{ variant_id: number }>`
    select variant_id from variant_offers where loc_id = ${courierLocId} and stock > 0 order by variant_id limit 300
  `.execute(handle.db);
  const variantIds = offers.rows.map((r) => r.variant_id);
  const vendor = await handle.db.selectFrom('vendor_locations').select('vendor_id').where('id', '=', courierLocId).executeTakeFirstOrThrow();
  const shop: CheckoutShop = { variantIds, vendorId: vendor.vendor_id, courierLocId };
  const stockBefore = await stockTotals(handle);
  const ordersBefore = await orderCount(handle);
  await handle.close();

  const load = loadAverages();
  const loadBefore = loadAverage();
  // The shoppers all come from 127.0.0.1: the per-IP limits (guest carts, card tokens) scaled out of the way.
  server = await startBenchServer({ ...target.serverEnv, RATE_LIMIT_SCALE: '1000', NODE_ENV: 'production' });
  const base = server.base;
  // A short warm-up, not counted: the first requests of a fresh process compile and fill the connection pool.
  log(`${target.label}: warm-up of ${warmUpSeconds} s`);
  await drive(base, shop, warmUpSeconds);
  log(`${target.label}: ${shoppers} shoppers for ${seconds} s`);
  const { run, wallSeconds } = await drive(base, shop, seconds);
  await server.stop();
  const loadAfter = loadAverages();
  const loadAfterNow = loadAverage();

  const after = await target.open();
  const stockAfter = await stockTotals(after);
  const sold = await sql<{ offer_id: number; qty: number }>`
    select i.offer_id, sum(i.qty)::int as qty from order_items i join orders o on o.id = i.order_id
    where o.status not in ('canceled', 'payment_failed') group by i.offer_id
  `.execute(after.db);
  const ordersMade = (await orderCount(after)) - ordersBefore;
  await after.close();
  const negative = [...stockAfter.values()].filter((s) => s < 0).length;
  let mismatched = 0;
  const soldNow = new Map(sold.rows.map((r) => [r.offer_id, r.qty]));
  for (const [offerId, before] of stockBefore) {
    const now = stockAfter.get(offerId) ?? before;
    // Every unit that left the shelf during the run is in a live order line (and never more than the shelf held).
    if (before - now > (soldNow.get(offerId) ?? 0) || before - now > before) mismatched += 1;
  }

  const lines = [
    `## ${target.label}`,
    '',
    `${productCount.toLocaleString('en-US')} products${seedSeconds === undefined ? '' : ` (seeded in ${seedSeconds.toFixed(0)} s)`}; ${shoppers} shoppers for ${wallSeconds.toFixed(1)} s; load average before ${load}, after ${loadAfter}.`,
    '',
    `**${run.orders} orders placed, ${(run.orders / wallSeconds).toFixed(1)} orders/s**; ${ordersMade} new orders in the database; ` +
      `stock check: ${negative === 0 && mismatched === 0 ? 'no offer below zero, every unit taken is in an order (no oversell)' : `**${negative} offers below zero, ${mismatched} offers with units missing**`}.`,
    '',
    '| call | calls | p50 ms | p95 ms | p99 ms | max ms | budget p99 | within |',
    '|---|---:|---:|---:|---:|---:|---:|:---:|',
    ...calls.map((call) => {
      const l = latencies(run.ms[call]);
      const budget = call === 'placeorder' ? budgets.placeOrder : budgets.other;
      return `| ${call} | ${l.requests} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.p99)} | ${fmt(l.max)} | ${budget} | ${l.p99 <= budget ? 'yes' : '**no**'} |`;
    }),
    '',
    ...(run.refused.size > 0
      ? ['Refused (a sold-out product, as expected once the shelf empties):', '', ...[...run.refused].map(([m, c]) => `- ${c} × ${m}`), '']
      : []),
    ...(run.failures.length > 0 ? ['Failures:', '', ...run.failures.slice(0, 10).map((f) => `- ${f}`), ''] : []),
  ];
  log(lines.join('\n'));
  const oversold = negative > 0 || mismatched > 0;
  const ordersPerSecond = run.orders / wallSeconds;
  recordRows([
    ...calls.map((call) => ({
      bench: 'checkout',
      row: call,
      database: target.kind,
      products: productCount,
      connections: shoppers,
      repeat: repeatNumber,
      ...latencies(run.ms[call]),
      failed: run.failures.length,
      loadBefore,
      loadAfter: loadAfterNow,
    })),
    {
      bench: 'checkout',
      row: 'orders per second',
      database: target.kind,
      products: productCount,
      connections: shoppers,
      repeat: repeatNumber,
      requests: run.orders,
      p50: ordersPerSecond,
      p95: ordersPerSecond,
      p99: ordersPerSecond,
      max: ordersPerSecond,
      // An oversold offer fails the row: the stock check is part of the bench.
      failed: oversold ? 1 : 0,
      loadBefore,
      loadAfter: loadAfterNow,
      unit: '/s' as const,
    },
  ]);
  return { label: target.label, lines };
}

async function stockTotals(handle: DatabaseHandle): Promise<Map<number, number>> {
  const rows = await sql<{ id: number; stock: number }>`select id, stock from variant_offers where loc_id = ${courierLocId}`.execute(handle.db);
  return new Map(rows.rows.map((r) => [r.id, r.stock]));
}

async function orderCount(handle: DatabaseHandle): Promise<number> {
  const row = await sql<{ n: number }>`select count(*)::int as n from orders`.execute(handle.db);
  return row.rows[0]?.n ?? 0;
}

const section = await benchOne();
const header = [
  '# Checkout path benchmark',
  '',
  `Run by \`npm run bench:checkout\` on ${os.cpus().length} cores, Node ${process.version}. Whole guest checkouts over HTTP ` +
    '(add to cart, guest cart, next delivery date, delivery schedule, address, card token, place order with the offline test gateway), ' +
    `courier (Next Day) from loc ${courierLocId}, the API in its own process. Budget: place order p99 ≤ ${budgets.placeOrder} ms, every other call p99 ≤ ${budgets.other} ms.`,
  '',
];
// Each database's section replaces its own: the PGlite and PostgreSQL runs are separate invocations.
log(`wrote ${writeGeneratedSection('checkout.generated.md', `checkout:${target.kind}`, section.lines.join('\n'), header.join('\n'))}`);
process.exit(0);
