/**
 * The checkout path bench: `npm run bench:checkout`.
 *
 * Whole guest checkouts over HTTP, as the client makes them — add to cart (a new cart), guest cart (email-only
 * checkout), next delivery date, delivery schedule, address, card token, place order — by BENCH_SHOPPERS (10)
 * shoppers at once for BENCH_SECONDS (20), against the API in its own process: on PGlite (a data folder of
 * BENCH_PRODUCTS products, seeded once and reused) and, when PostgreSQL 15 is installed (or BENCH_PG=1), on a
 * throwaway cluster seeded the same way (or the database BENCH_DATABASE_URL names). Per call p50/p95/p99/max, orders/s, the load average, and afterwards every
 * offer's units sold checked against its stock (no oversell). Writes bench/RESULTS-checkout.md, and with BENCH_JSON=<file>
 * the per-call rows as JSON (common.md's row shape).
 * Budget: place order p99 ≤ 100 ms, every other call p99 ≤ 50 ms.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { assert, type Struct } from 'superstruct';
import { addToCartReply } from '../src/api/contract/add-to-cart.contract.ts';
import { addAddressReply } from '../src/api/contract/address.contract.ts';
import { cartReply, nextDeliveryDateReply } from '../src/api/contract/cart-page.contract.ts';
import { placeOrderReply } from '../src/api/contract/checkout.contract.ts';
import { guestCartReply } from '../src/api/contract/customer.contract.ts';
import { tokenizeReply } from '../src/api/contract/payment.contract.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/connection.ts';
import { reseed } from '../server/db/seed/seed-cli.ts';
import { writeBenchJson, type BenchJsonRow } from './bench-json.ts';
import { adminStatement, postgresInstalled, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 10);
const warmUpSeconds = 3;
const courierLocId = 201;
const budgets = { placeOrder: 100, other: 50 };
const calls = ['addtocart', 'guestcart', 'nextDeliveryDate', 'deliveryschedule', 'addaddress', 'tokenize', 'placeorder'] as const;
type Call = (typeof calls)[number];

const watchdog = setTimeout(() => {
  console.error('The checkout bench ran for 30 minutes: stopping.');
  server?.kill('SIGKILL');
  process.exit(2);
}, 30 * 60_000);
watchdog.unref();
let server: ChildProcess | undefined;

function log(message: string): void {
  console.log(`[checkout ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

interface Target {
  label: string;
  database: 'pglite' | 'postgres';
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  seedSeconds?: number;
}

/** The API in its own process (bench-server.ts) on a free loopback port; resolves with its base URL. */
function startServer(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = fork(path.resolve('bench/bench-server.ts'), {
      execArgv: ['--import', 'tsx'],
      // The shoppers all come from 127.0.0.1: the per-IP limits (guest carts, card tokens) scaled out of the way.
      env: { ...process.env, ...env, RATE_LIMIT_SCALE: '1000', NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    server = child;
    child.once('message', (message: unknown) => {
      const port = typeof message === 'object' && message !== null && 'port' in message ? Number(message.port) : NaN;
      if (Number.isInteger(port)) resolve(`http://127.0.0.1:${port}`);
      else reject(new Error('The bench server did not report a port'));
    });
    child.once('exit', (code) => reject(new Error(`The bench server exited (${String(code)})`)));
  });
}

function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// ------------------------------------------------------------------ one shopper

interface Run {
  ms: Record<Call, number[]>;
  orders: number;
  refused: Map<string, number>;
  failures: string[];
}

let shopperNumber = 0;

/** What the shoppers buy: sizes the courier sells, and the courier's vendor (whose calendar gives the date). */
interface Shop {
  variantIds: readonly number[];
  vendorId: number;
}

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

/** One guest checkout from an empty cart to a placed order, paid by card through the offline test gateway. */
async function oneCheckout(base: string, shop: Shop, run: Run): Promise<void> {
  const n = ++shopperNumber;
  const productId = shop.variantIds[n % shop.variantIds.length] ?? 0;
  const added = await timed(
    run,
    'addtocart',
    base,
    '/api/cart/addtocart',
    {
      product_id: productId,
      qty: 1,
      zipcode: '10001',
      loc_id: 101,
      speed_id: 'courier',
      vendor_loc_id: courierLocId,
      store_id: 1,
    },
    addToCartReply,
  );
  const cartId = added[0]?.cart_id;
  if (added[0]?.code !== 1 || !cartId) {
    count(run.refused, `addtocart: ${added[0]?.message ?? ''}`);
    return;
  }
  const guest = await timed(
    run,
    'guestcart',
    base,
    '/api/cart/guestcart',
    { customer_email: `bench-${n}@example.com`, cart_id: cartId, store_id: 1 },
    guestCartReply,
  );
  if (!guest.data) throw new Error('guestcart: no session');
  const { api_token: token, customer_id: customerId } = guest.data;
  const next = await timed(
    run,
    'nextDeliveryDate',
    base,
    '/connect/delivery/nextDeliveryDate',
    { vendors: [{ vendor_id: shop.vendorId, delivery_type: 'courier' }], store_id: 1 },
    nextDeliveryDateReply,
    token,
  );
  const date = next.response[0]?.delivery_date;
  if (!date) throw new Error('nextDeliveryDate: no date');
  await timed(
    run,
    'deliveryschedule',
    base,
    '/api/cart/deliveryschedule',
    { cart_id: cartId, vendor_loc_id: courierLocId, delivery_date: date },
    cartReply,
    token,
  );
  const address = await timed(
    run,
    'addaddress',
    base,
    `/connect/customer/addaddress?customerid=${customerId}`,
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street1: `${n} Bench Street`,
      street2: '',
      city: 'New York',
      state: 'NY',
      zipcode: '10001',
      nickname: 'Home',
      telephone: '2125550100',
      country: 'US',
      address_type: 'shipping',
    },
    addAddressReply,
    token,
  );
  if (address.address_id === undefined) throw new Error('addaddress: no id');
  const card = await timed(
    run,
    'tokenize',
    base,
    '/api/payments/tokenize',
    { holder: 'Ada Lovelace', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    tokenizeReply,
  );
  const placed = await timed(
    run,
    'placeorder',
    base,
    '/api/placeorder/placeorder',
    { cart_id: cartId, delivery_address_id: address.address_id, speed_id: 10, payment_mode: 2, card_token: card.data?.token ?? '', store_id: 1 },
    placeOrderReply,
    token,
  );
  if (placed.code === 1) run.orders += 1;
  else count(run.refused, `placeorder: ${placed.message ?? ''}`);
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

async function drive(base: string, shop: Shop, forSeconds: number): Promise<{ run: Run; wallSeconds: number }> {
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

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '–' : ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));

interface Section {
  label: string;
  lines: string[];
}

const jsonRows: BenchJsonRow[] = [];

async function benchOne(target: Target): Promise<Section> {
  const handle = await target.open();
  // Sizes (the spec's product_id is a variant id) the courier sells with stock: the shoppers cycle through them.
  const offers = await sql<{ variant_id: number }>`
    select variant_id from variant_offers where loc_id = ${courierLocId} and stock > 0 order by variant_id limit 300
  `.execute(handle.db);
  const variantIds = offers.rows.map((r) => r.variant_id);
  const vendor = await handle.db.selectFrom('vendor_locations').select('vendor_id').where('id', '=', courierLocId).executeTakeFirstOrThrow();
  const shop: Shop = { variantIds, vendorId: vendor.vendor_id };
  const stockBefore = await stockTotals(handle);
  const ordersBefore = await orderCount(handle);
  await handle.close();

  const loadBefore = os.loadavg()[0] ?? NaN;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const base = await startServer(target.env);
  // A short warm-up, not counted: the first requests of a fresh process compile and fill the connection pool.
  log(`${target.label}: warm-up of ${warmUpSeconds} s`);
  await drive(base, shop, warmUpSeconds);
  log(`${target.label}: ${shoppers} shoppers for ${seconds} s`);
  const { run, wallSeconds } = await drive(base, shop, seconds);
  await stopServer();
  const loadAfter = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

  const after = await target.open();
  const stockAfter = await stockTotals(after);
  const sold = await sql<{ offer_id: number; qty: number }>`
    select i.offer_id, sum(i.qty)::int as qty from order_items i join orders o on o.id = i.order_id
    where o.status not in ('canceled', 'payment_failed') group by i.offer_id
  `.execute(after.db);
  const ordersMade = (await orderCount(after)) - ordersBefore;
  await after.close();
  for (const call of calls) {
    const sorted = [...run.ms[call]].sort((a, b) => a - b);
    jsonRows.push({
      bench: 'checkout',
      row: call,
      database: target.database,
      products: productCount,
      connections: shoppers,
      repeat: 1,
      requests: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
      failed: run.failures.length,
      loadBefore,
      loadAfter: os.loadavg()[0] ?? NaN,
    });
  }
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
    `${productCount.toLocaleString('en-US')} products${target.seedSeconds === undefined ? '' : ` (seeded in ${target.seedSeconds.toFixed(0)} s)`}; ${shoppers} shoppers for ${wallSeconds.toFixed(1)} s; load average before ${load}, after ${loadAfter}.`,
    '',
    `**${run.orders} orders placed, ${(run.orders / wallSeconds).toFixed(1)} orders/s**; ${ordersMade} new orders in the database; ` +
      `stock check: ${negative === 0 && mismatched === 0 ? 'no offer below zero, every unit taken is in an order (no oversell)' : `**${negative} offers below zero, ${mismatched} offers with units missing**`}.`,
    '',
    '| call | calls | p50 ms | p95 ms | p99 ms | max ms | budget p99 | within |',
    '|---|---:|---:|---:|---:|---:|---:|:---:|',
    ...calls.map((call) => {
      const sorted = [...run.ms[call]].sort((a, b) => a - b);
      const budget = call === 'placeorder' ? budgets.placeOrder : budgets.other;
      const p99 = percentile(sorted, 99);
      return `| ${call} | ${sorted.length} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(p99)} | ${fmt(sorted.at(-1) ?? NaN)} | ${budget} | ${p99 <= budget ? 'yes' : '**no**'} |`;
    }),
    '',
    ...(run.refused.size > 0
      ? ['Refused (a sold-out product, as expected once the shelf empties):', '', ...[...run.refused].map(([m, c]) => `- ${c} × ${m}`), '']
      : []),
    ...(run.failures.length > 0 ? ['Failures:', '', ...run.failures.slice(0, 10).map((f) => `- ${f}`), ''] : []),
  ];
  log(lines.join('\n'));
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

// ------------------------------------------------------------------ the databases

async function seedIfEmpty(handle: DatabaseHandle): Promise<number | undefined> {
  const seeded = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'products'`.execute(handle.db);
  if ((seeded.rows[0]?.n ?? 0) > 0) {
    const products = await sql<{ n: number }>`select count(*)::int as n from products`.execute(handle.db);
    if (products.rows[0]?.n === productCount) return undefined;
  }
  log(`seeding ${productCount} products`);
  const started = performance.now();
  await reseed(handle.db, productCount);
  return (performance.now() - started) / 1000;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? `bench/data-checkout-${Math.round(productCount / 1000)}k`);
  const open = () => openDatabase({ dataDir, statementTimeoutMs: 0 });
  const handle = await open();
  const seedSeconds = await seedIfEmpty(handle);
  await handle.close();
  return {
    label: 'PGlite (embedded, one connection)',
    database: 'pglite',
    env: { DATA_DIR: dataDir },
    open,
    ...(seedSeconds === undefined ? {} : { seedSeconds }),
  };
}

/** The PostgreSQL database to bench: BENCH_DATABASE_URL as it is, or a new one on the throwaway cluster. */
async function postgresTarget(cluster: PostgresCluster | undefined): Promise<Target> {
  let url = process.env.BENCH_DATABASE_URL?.trim() ?? '';
  if (cluster) {
    await adminStatement(cluster.urlOf('postgres'), 'create database store');
    url = cluster.urlOf('store');
  }
  const open = () => openDatabase({ databaseUrl: url, dataDir: 'memory://', statementTimeoutMs: 0 });
  const handle = await open();
  const seedSeconds = await seedIfEmpty(handle);
  await handle.close();
  return {
    label: 'PostgreSQL 15 (pool of 10)',
    database: 'postgres',
    env: { DATABASE_URL: url },
    open,
    ...(seedSeconds === undefined ? {} : { seedSeconds }),
  };
}

const sections: Section[] = [];
sections.push(await benchOne(await pgliteTarget()));
if (process.env.BENCH_DATABASE_URL) {
  sections.push(await benchOne(await postgresTarget(undefined)));
} else if (process.env.BENCH_PG === '1' || (process.env.BENCH_PG !== '0' && postgresInstalled())) {
  const cluster = await startPostgresCluster('checkout');
  try {
    sections.push(await benchOne(await postgresTarget(cluster)));
  } finally {
    cluster.stop();
  }
}

const header = [
  '# Checkout path benchmark',
  '',
  `Run ${new Date().toISOString()} by \`npm run bench:checkout\` on ${os.cpus().length} cores, Node ${process.version}. Whole guest checkouts over HTTP ` +
    '(add to cart, guest cart, next delivery date, delivery schedule, address, card token, place order with the offline test gateway), ' +
    `courier (Next Day) from loc ${courierLocId}, the API in its own process. Budget: place order p99 ≤ ${budgets.placeOrder} ms, every other call p99 ≤ ${budgets.other} ms.`,
  '',
];
fs.writeFileSync(path.resolve('bench/RESULTS-checkout.md'), [...header, ...sections.flatMap((s) => s.lines)].join('\n'));
log('wrote bench/RESULTS-checkout.md');
writeBenchJson(jsonRows);
