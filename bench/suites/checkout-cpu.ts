/**
 * Server CPU and statements per whole guest checkout (the seven calls of bench/lib/guest-checkout.ts), N checkouts one
 * after another (after five to warm up) on a copy of the PGlite 100k data set (bench/data-100k, as `npm run
 * bench:throughput` seeds it): `npx tsx bench/suites/checkout-cpu.ts` (N=40 by default). One checkout at a time, so
 * each figure is the server's own CPU per unit, which load distorts less than a throughput step of a few units
 * (decision 065). Prints; writes no results file.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { create } from 'superstruct';
import { openDatabase } from '../../server/db/connection.ts';
import { guestCheckout, type CheckoutCaller } from '../lib/guest-checkout.ts';
import { loadAverages, serverCpuMs, startBenchServer } from '../lib/measure.ts';

const dataDir = '/tmp/checkout-cpu-data';
fs.rmSync(dataDir, { recursive: true, force: true });
fs.cpSync('bench/data-100k', dataDir, { recursive: true });
const handle = await openDatabase({ dataDir, statementTimeoutMs: 0 });
// What the throughput bench's checkouts buy (throughput-kinds.ts): sizes the courier (loc 201) has in stock.
const offers = await sql<{ variant_id: number }>`
  select variant_id from variant_offers where loc_id = 201 and stock > 0 order by md5(variant_id::text) limit 500
`.execute(handle.db);
const vendor = await handle.db.selectFrom('vendor_locations').select('vendor_id').where('id', '=', 201).executeTakeFirstOrThrow();
await handle.close();
const shop = { variantIds: offers.rows.map((r) => r.variant_id), vendorId: vendor.vendor_id, courierLocId: 201 };
const server = await startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: '', RATE_LIMIT_SCALE: '1000', NODE_ENV: 'production' });
const statements = async () =>
  (await (await fetch(server.metricsUrl)).text())
    .split('\n')
    .filter((l) => l.startsWith('store_db_statement_duration_seconds_count'))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
const post: CheckoutCaller = async (_call, url, body, reply, token) => {
  const res = await fetch(server.base + url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'gzip, deflate, br, zstd',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  return create(json, reply);
};
try {
  const n = Number(process.env.N ?? 40);
  for (let i = 0; i < 5; i++) await guestCheckout(post, shop, 100_000 + i); // warm
  const cpu0 = serverCpuMs(server);
  const st0 = await statements();
  let placed = 0;
  for (let i = 0; i < n; i++) {
    const out = await guestCheckout(post, shop, i);
    if (out.kind === 'answered' && out.placed.code === 1) placed++;
  }
  // The confirmation mails are written after the replies: let them land before reading the counters.
  await new Promise((done) => setTimeout(done, 500));
  const cpu = serverCpuMs(server) - cpu0;
  const st = (await statements()) - st0;
  console.log(
    `${n} guest checkouts (${placed} placed): ${(cpu / n).toFixed(1)} ms server CPU each, ${(st / n).toFixed(1)} statements each, load ${loadAverages()}`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
