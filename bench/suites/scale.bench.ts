/**
 * The scale test: `npm run scale:test` (outside `npm test`: it needs nginx and takes about 2–3 minutes).
 *
 * One PostgreSQL (initdb into a temp folder with Debian's binaries), s3rver for uploads, three store instances (the
 * bundle `npm start` runs, dist-server/main.mjs) on their own ports with one CAPTCHA_HMAC_KEY and MEDIA_SIGNING_KEY,
 * and Debian's nginx in front (bench/lib/nginx.ts: passive health checks, retries for idempotent requests only).
 * Shoppers browse, search and check out as guests through nginx (bench/lib/scale-shoppers.ts); meanwhile the instance
 * holding the sweeps' advisory locks is killed with SIGKILL and later started again. Then it asserts:
 * - every order answered to a client is in the database exactly once; an order in the database nobody was answered
 *   is counted (its reply was lost with the instance) and must be one the payment reconciler settles or a paid one;
 * - no offer's stock went below zero, and each offer's units sold equal the stock it lost;
 * - a guest session made through one instance works on every instance;
 * - a per-address limit (card tokenizing, 20 an hour) counts across instances: 25 calls through nginx, 20 accepted;
 * - each sweep's lock had one holder at any time, another instance took it over after the kill;
 * - a price changed through one instance is served by all three within a second.
 * - the catalogue's reads were served by the streaming replica (pg_basebackup -R; DATABASE_READ_URL) and the writes by
 *   the primary (pg_stat_database on each), and with the replica's replay paused a price change is still seen within
 *   a second (the reads wait REPLICA_MAX_WAIT_MS for the replica, then read the primary: no stale cache refill);
 * - no wallet unit spent twice (two portions, three carts racing to redeem one each), KYC uploads stored in S3.
 * Then the same load at a fixed concurrency through nginx in front of 1, 2 and 3 instances: requests per second, p99
 * per request kind, server CPU per request (bench/lib/scale-throughput.ts).
 * Figures to bench/results/scale.generated.md; the analysis is bench/analysis/scale.md. SCALE_SECONDS (default 45)
 * sets the load's length, SCALE_SHOPPERS (8) its shoppers, SCALE_THROUGHPUT_SECONDS (15; 0: none) each throughput row's.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { coordinationApplicationName, sweepLockClass } from '../../server/db/coordination.ts';
import { fmt, loadAverages, logger, markdownTable, watchdog } from '../lib/measure.ts';
import { ensureNginx, startNginx, type Balancer } from '../lib/nginx.ts';
import { latencies } from '../lib/percentiles.ts';
import {
  ensureDatabase,
  ensurePostgres,
  postmasterPid,
  startPostgresCluster,
  startReplicaOf,
  type PostgresCluster,
} from '../lib/postgres-cluster.ts';
import { writeGenerated } from '../lib/results-files.ts';
import { databaseCounters, walletCredit, type DatabaseCounters } from '../lib/scale-database.ts';
import { driveShoppers, emptyRecord, tokenizeFrom, type Shop } from '../lib/scale-shoppers.ts';
import { throughputRows } from '../lib/scale-throughput.ts';
import { startScriptRuntime } from '../lib/start-script.ts';
import { kycPhotoSets } from './kyc-photos.ts';

const log = logger('scale');
const seconds = Number(process.env.SCALE_SECONDS ?? 45);
const shoppers = Number(process.env.SCALE_SHOPPERS ?? 8);
const throughputSeconds = Number(process.env.SCALE_THROUGHPUT_SECONDS ?? 15);
const balancerPort = 38_100;
const instancePorts = [38_101, 38_102, 38_103] as const;
const sweepEveryMs = 1000;
const courierLocId = 201;
/** Gramercy Chop House, the seed's partner restaurant the wallet is credited for and redeemed at. */
const restaurantLocId = 401;
const replicaMaxWaitMs = 300;

interface Instance {
  port: number;
  child: ChildProcess;
  logFile: string;
  exited: Promise<void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
const instances = new Map<number, Instance>();
watchdog('The scale test', 10, () => {
  for (const instance of instances.values()) instance.child.kill('SIGKILL');
});

function startInstance(port: number, env: Record<string, string>, folder: string): Promise<Instance> {
  const logFile = path.join(folder, `instance-${port}.log`);
  const out = fs.openSync(logFile, 'a');
  // npm start's node flags and environment, read from its script (decision 053), not a copy of them.
  const runtime = startScriptRuntime();
  const child = spawn(process.execPath, [...runtime.execArgv, 'dist-server/main.mjs'], {
    env: { ...runtime.env, ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const instance = { port, child, logFile, exited };
  instances.set(port, instance);
  return waitReady(instance).then(() => instance);
}

async function waitReady(instance: Instance): Promise<void> {
  const deadline = Date.now() + 180_000;
  let gone = false;
  void instance.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`instance ${instance.port} exited while starting:\n${fs.readFileSync(instance.logFile, 'utf8').slice(-3000)}`);
    try {
      const response = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance ${instance.port} not ready within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Who holds each sweep's lock now: sweep lock key → the holding process's pid (from its session's application_name). */
async function lockHolders(admin: pg.Client): Promise<Map<number, number[]>> {
  const result = await admin.query<{ objid: number; application_name: string }>(
    `select l.objid::int as objid, a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.classid = $1 and l.granted`,
    [sweepLockClass],
  );
  const holders = new Map<number, number[]>();
  for (const row of result.rows) {
    const pid = Number(row.application_name.slice(coordinationApplicationName.length + 1));
    holders.set(row.objid, [...(holders.get(row.objid) ?? []), pid]);
  }
  return holders;
}

const portOfPid = (pid: number): number | undefined => [...instances.values()].find((i) => i.child.pid === pid)?.port;

async function main(): Promise<void> {
  const started = performance.now();
  ensurePostgres(log);
  ensureNginx(log);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-scale-'));
  if (process.getuid?.() === 0) fs.chmodSync(folder, 0o755);

  log('building the server bundle (npm run build:server)');
  execSync('npm run build:server', { stdio: 'inherit' });

  const cluster: PostgresCluster = await startPostgresCluster('scale');
  cleanups.push(() => cluster.stop());
  const databaseUrl = await ensureDatabase(cluster, 'store');
  // The read replica: a base backup of the primary that streams its WAL from then on (decision 045).
  log('starting a streaming replica (pg_basebackup -R)');
  const replica: PostgresCluster = await startReplicaOf(cluster, 'scale-replica');
  cleanups.push(() => replica.stop());
  const readUrl = replica.urlOf('store');

  const s3Folder = path.join(folder, 's3');
  fs.mkdirSync(s3Folder);
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Folder, configureBuckets: [{ name: 'store-uploads' }] });
  const s3Address = await s3.run();
  cleanups.push(() => s3.close());

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATABASE_READ_URL: readUrl,
    REPLICA_MAX_WAIT_MS: String(replicaMaxWaitMs),
    STATIC_DIR: 'tests/server/no-spa',
    LOG_LEVEL: 'info',
    CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    MEDIA_SIGNING_KEY: randomBytes(32).toString('hex'),
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_BUCKET: 'store-uploads',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    TRUST_PROXY: '127.0.0.1',
    SWEEP_INTERVAL_MS: String(sweepEveryMs),
    // The shared machine's load would trip the load shedding; this test judges what is lost, not refusals.
    MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  log('starting the first instance (it migrates and seeds), then two more');
  const [firstPort, ...otherPorts] = instancePorts;
  await startInstance(firstPort, env, folder);
  await Promise.all(otherPorts.map((port) => startInstance(port, env, folder)));
  cleanups.push(async () => {
    for (const instance of instances.values()) instance.child.kill('SIGTERM');
    await Promise.all([...instances.values()].map((i) => i.exited));
  });
  const balancer: Balancer = await startNginx(balancerPort, instancePorts, path.join(folder, 'nginx'));
  cleanups.push(() => balancer.stop());
  const base = `http://127.0.0.1:${balancerPort}`;
  const startupSeconds = (performance.now() - started) / 1000;

  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  cleanups.push(() => admin.end());
  const replicaAdmin = new pg.Client({ connectionString: readUrl });
  await replicaAdmin.connect();
  cleanups.push(() => replicaAdmin.end());
  const creditPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  cleanups.push(() => creditPool.end());

  // What the shoppers buy: courier sizes, a few of them nearly sold out, so shoppers race for the last units.
  const offers = await admin.query<{ id: number; variant_id: number; product_id: number }>(
    `select o.id, o.variant_id, v.product_id from variant_offers o join product_variants v on v.id = o.variant_id
     where o.loc_id = $1 and o.stock > 0 and o.area_loc_id is null order by o.variant_id limit 60`,
    [courierLocId],
  );
  await admin.query(`update variant_offers set stock = 3 where id = any($1::int[])`, [offers.rows.slice(0, 10).map((r) => r.id)]);
  const vendor = await admin.query<{ vendor_id: number }>('select vendor_id from vendor_locations where id = $1', [courierLocId]);
  const stockBefore = new Map(
    (await admin.query<{ id: number; stock: number }>('select id, stock from variant_offers')).rows.map((r) => [r.id, r.stock]),
  );
  // Half the carts hold one of the ten scarce sizes.
  const scarce = offers.rows.slice(0, 10).map((r) => r.variant_id);
  const wallet = await walletCredit(creditPool, restaurantLocId);
  const shop: Shop = {
    variantIds: offers.rows.flatMap((r, i) => (i < scarce.length ? [r.variant_id] : [r.variant_id, scarce[i % scarce.length] ?? r.variant_id])),
    productIds: [...new Set(offers.rows.map((r) => r.product_id))],
    vendorId: vendor.rows[0]?.vendor_id ?? 0,
    courierLocId,
    kycImages: await kycPhotoSets(),
    wallet,
  };

  // ---------------------------------------------------------------- the load, a kill and a restart
  const record = emptyRecord();
  const countersBefore: [DatabaseCounters, DatabaseCounters] = [await databaseCounters(admin), await databaseCounters(replicaAdmin)];
  const loadStart = performance.now();
  const elapsed = () => (performance.now() - loadStart) / 1000;
  const holderTimeline: { at: number; sweep: number; holders: (number | undefined)[] }[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      for (const [sweep, pids] of await lockHolders(admin)) holderTimeline.push({ at: elapsed(), sweep, holders: pids.map(portOfPid) });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const load = driveShoppers(base, shop, shoppers, () => elapsed() > seconds, record);

  await new Promise((resolve) => setTimeout(resolve, seconds * 300));
  const holdersBefore = await lockHolders(admin);
  const holderPid = [...holdersBefore.values()][0]?.[0];
  const victim = (holderPid !== undefined ? portOfPid(holderPid) : undefined) ?? instancePorts[1];
  const killedAt = elapsed();
  log(`SIGKILL to the instance on ${victim} (it holds the sweeps) at ${fmt(killedAt)} s`);
  instances.get(victim)?.child.kill('SIGKILL');
  await instances.get(victim)?.exited;

  let takeoverSeconds: number | undefined;
  for (let waited = 0; waited < 15_000 && takeoverSeconds === undefined; waited += 100) {
    const holders = [...(await lockHolders(admin)).values()].flat().map(portOfPid);
    if (holders.length > 0 && holders.every((port) => port !== undefined && port !== victim)) takeoverSeconds = elapsed() - killedAt;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds * 600 - (performance.now() - loadStart))));
  const restartAt = elapsed();
  log(`starting the instance on ${victim} again at ${fmt(restartAt)} s`);
  await startInstance(victim, env, folder);
  const rejoinedAt = elapsed();
  await load;
  const loadSeconds = elapsed();
  sampling = false;
  await sampler;
  const primaryDelta = (await databaseCounters(admin)).minus(countersBefore[0]);
  const replicaDelta = (await databaseCounters(replicaAdmin)).minus(countersBefore[1]);

  // ---------------------------------------------------------------- what the database holds
  const answered = record.answeredOrders;
  const inDb = await admin.query<{ increment_id: string; status: string; n: number }>(
    'select increment_id, status, count(*) over (partition by increment_id)::int as n from orders',
  );
  const byNumber = new Map(inDb.rows.map((r) => [r.increment_id, r]));
  const missing = answered.filter((id) => !byNumber.has(id));
  const duplicated = inDb.rows.filter((r) => r.n > 1).length + (answered.length - new Set(answered).size);
  const answeredSet = new Set([...record.repliedOrders, ...record.walletPlaced]);
  // The dine-in orders the bench wrote to credit wallets (walletCredit) were nobody's answer.
  const unanswered = inDb.rows.filter((r) => !answeredSet.has(r.increment_id) && !wallet.isCreditOrder(r.increment_id));
  const unansweredByStatus = new Map<string, number>();
  for (const row of unanswered) unansweredByStatus.set(row.status, (unansweredByStatus.get(row.status) ?? 0) + 1);
  // Paid (processing) and still-unknown (pending_payment: the reconciler's) are accounted for; failed ones gave back.
  const unaccounted = unanswered.filter((r) => !['processing', 'pending_payment', 'payment_failed'].includes(r.status));

  const negative = await admin.query<{ n: number }>('select count(*)::int as n from variant_offers where stock < 0');
  const sold = await admin.query<{ offer_id: number; units: number }>(
    `select i.offer_id, sum(i.qty)::int as units from order_items i join orders o on o.id = i.order_id
     where o.status not in ('payment_failed', 'canceled') and i.offer_id is not null and i.wallet_entry_id is null
       and o.increment_id <> all($1::text[]) group by i.offer_id`,
    [wallet.creditOrders()],
  );
  const stockAfter = new Map(
    (await admin.query<{ id: number; stock: number }>('select id, stock from variant_offers')).rows.map((r) => [r.id, r.stock]),
  );
  const stockMismatches = sold.rows.filter((r) => (stockBefore.get(r.offer_id) ?? 0) - (stockAfter.get(r.offer_id) ?? 0) !== r.units);
  const soldOut = offers.rows.slice(0, 10).filter((o) => stockAfter.get(o.id) === 0).length;

  // ---------------------------------------------------------------- sessions on every instance
  const sample = record.sessions.filter((_, i) => i % Math.max(1, Math.floor(record.sessions.length / 12)) === 0).slice(0, 12);
  let sessionChecks = 0;
  let sessionFailures = 0;
  for (const session of sample) {
    for (const port of instancePorts) {
      const response = await fetch(`http://127.0.0.1:${port}/connect/customer/getaddresses?customerid=${session.customerId}`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      await response.arrayBuffer();
      sessionChecks++;
      if (response.status !== 200) sessionFailures++;
    }
  }

  // ---------------------------------------------------------------- a per-address limit across instances
  const limitStatuses: number[] = [];
  for (let i = 0; i < 25; i++) limitStatuses.push(await tokenizeFrom(base, '10.250.0.1'));
  const limitAccepted = limitStatuses.filter((s) => s === 200).length;

  // ---------------------------------------------------------------- the wallet: no unit spent twice
  const walletRows = await admin.query<{ entries: number; bad: number; consumed: number; redeemed: number; orders: number }>(
    `select count(*)::int as entries,
            count(*) filter (where e.remaining < 0 or e.consumed + e.remaining + e.withdrawn <> e.ordered
                             or e.consumed <> coalesce(r.amount, 0))::int as bad,
            coalesce(sum(e.consumed), 0)::int as consumed, coalesce(sum(r.amount), 0)::int as redeemed,
            coalesce(sum(r.orders), 0)::int as orders
     from wallet_entries e
     left join (select entry_id, sum(amount)::int as amount, count(distinct order_id)::int as orders from wallet_redemptions group by entry_id) r
       on r.entry_id = e.id`,
  );
  const walletFigures = walletRows.rows[0] ?? { entries: 0, bad: -1, consumed: 0, redeemed: 0, orders: 0 };
  const walletOrdersInDb = await admin.query<{ n: number }>('select count(*)::int as n from orders where increment_id = any($1::text[])', [
    record.walletPlaced,
  ]);

  // ---------------------------------------------------------------- catalogue reads on the replica, even while it lags
  // Replay paused: the replica keeps the old price; a catalogue read after the change must not cache it (it waits
  // REPLICA_MAX_WAIT_MS for the replica, then reads the primary).
  const lagProbe = shop.productIds[21] ?? shop.productIds[0] ?? 1;
  const lagUrl = (port: number) =>
    `http://127.0.0.1:${port}/connect/index/product?store_id=1&loc_id=101&zipCode=10001&dineinTime=&courier_type=&prodid=${lagProbe}`;
  for (const port of instancePorts) await (await fetch(lagUrl(port))).arrayBuffer();
  await replicaAdmin.query('select pg_wal_replay_pause()');
  await admin.query('update variant_offers set price_cents = 87654 where variant_id in (select id from product_variants where product_id = $1)', [
    lagProbe,
  ]);
  const lagChangedAt = performance.now();
  const newPrice = async (port: number) => (await (await fetch(lagUrl(port))).text()).includes('"price":"876.54"');
  // Each instance asked on its own (at once), as shoppers on each would.
  const lagSeenMs = await Promise.all(
    instancePorts.map(async (port) => {
      while (!(await newPrice(port)) && performance.now() - lagChangedAt < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
      return performance.now() - lagChangedAt;
    }),
  );
  // Past the product page's fresh time (2 s) its cache refills; from the primary while the replica is still paused.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const lagStillNew: boolean[] = [];
  for (const port of instancePorts) lagStillNew.push(await newPrice(port));
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const port of instancePorts) lagStillNew.push(await newPrice(port));
  const replicaStillOld = await replicaAdmin.query<{ n: number }>(
    'select count(*)::int as n from variant_offers where price_cents = 87654 and variant_id in (select id from product_variants where product_id = $1)',
    [lagProbe],
  );
  await replicaAdmin.query('select pg_wal_replay_resume()');

  // ---------------------------------------------------------------- a price change seen everywhere
  const probe = shop.productIds[20] ?? shop.productIds[0] ?? 1;
  const productUrl = (port: number) =>
    `http://127.0.0.1:${port}/connect/index/product?store_id=1&loc_id=101&zipCode=10001&dineinTime=&courier_type=&prodid=${probe}`;
  for (const port of instancePorts) await (await fetch(productUrl(port))).arrayBuffer();
  await admin.query('update variant_offers set price_cents = 98765 where variant_id in (select id from product_variants where product_id = $1)', [
    probe,
  ]);
  const changedAt = performance.now();
  const seenMs: number[] = [];
  for (const port of instancePorts) {
    for (;;) {
      const body = await (await fetch(productUrl(port))).text();
      if (body.includes('"price":"987.65"')) break;
      if (performance.now() - changedAt > 5000) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    seenMs.push(performance.now() - changedAt);
  }

  // ---------------------------------------------------------------- sweeps: one holder at a time, handed over once
  const doubleHeld = holderTimeline.filter((s) => s.holders.length > 1).length;
  const holdersSeen = new Set(holderTimeline.flatMap((s) => s.holders));
  const victimHeldAfterKill = holderTimeline.filter(
    (s) => s.at > killedAt + (takeoverSeconds ?? 0) + 0.5 && s.at < restartAt && s.holders.includes(victim),
  ).length;
  const sweepLines = [...instances.values()].map((i) => {
    const text = fs.readFileSync(i.logFile, 'utf8');
    return { port: i.port, took: (text.match(/this instance now runs the sweep/g) ?? []).length };
  });
  const upstreamFailures = fs.existsSync(balancer.errorLog) ? (fs.readFileSync(balancer.errorLog, 'utf8').match(/upstream/g) ?? []).length : 0;

  const checks = [
    {
      name: 'every order answered to a client is in the database',
      ok: answered.length > 0 && missing.length === 0,
      detail: `${answered.length} answered, ${missing.length} missing`,
    },
    { name: 'no order twice', ok: duplicated === 0, detail: `${duplicated} duplicated` },
    {
      name: 'orders nobody was answered are paid or the reconciler’s',
      ok: unaccounted.length === 0,
      detail: `${unanswered.length} unanswered (${[...unansweredByStatus].map(([s, n]) => `${s}: ${n}`).join(', ') || 'none'}); ${record.unansweredPlaceOrders} place orders got no answer`,
    },
    {
      name: 'no stock oversold',
      ok: negative.rows[0]?.n === 0 && stockMismatches.length === 0,
      detail: `${negative.rows[0]?.n ?? '?'} negative, ${stockMismatches.length} offers whose units sold ≠ stock lost; ${soldOut} of 10 scarce offers sold out`,
    },
    {
      name: 'sessions valid on every instance',
      ok: sessionFailures === 0 && sessionChecks > 0,
      detail: `${sessionChecks - sessionFailures}/${sessionChecks} session × instance checks answered 200`,
    },
    {
      name: 'a per-address limit counts across instances',
      ok: limitAccepted === 20,
      detail: `25 tokenize calls from one address through nginx: ${limitAccepted} accepted (limit 20)`,
    },
    {
      name: 'each sweep held by one instance at a time, taken over after the kill',
      ok: doubleHeld === 0 && takeoverSeconds !== undefined && victimHeldAfterKill === 0,
      detail: `${holderTimeline.length} samples, ${doubleHeld} with two holders; taken over ${takeoverSeconds === undefined ? 'never' : `${fmt(takeoverSeconds)} s`} after the kill; holders seen: ${[...holdersSeen].join(', ')}`,
    },
    {
      name: 'no wallet unit spent twice',
      ok:
        walletFigures.bad === 0 &&
        walletFigures.entries > 0 &&
        record.walletPlaced.length > 0 &&
        walletFigures.consumed === record.walletPlaced.length &&
        walletOrdersInDb.rows[0]?.n === record.walletPlaced.length,
      detail: `${walletFigures.entries} wallet entries of 2 portions, 3 carts racing on each: ${record.walletPlaced.length} redemption orders answered, ${record.walletRefused} refused; ${walletFigures.consumed} portions consumed, ${walletFigures.redeemed} recorded in ${walletFigures.orders} orders; ${walletFigures.bad} entries inconsistent`,
    },
    {
      name: 'KYC uploads stored (S3) through the balancer',
      ok: record.kycUploaded > 0,
      detail: `${record.kycUploaded} applications with all three photos uploaded`,
    },
    {
      name: 'catalogue reads served by the replica, writes by the primary',
      ok: replicaDelta.commits > 100 && replicaDelta.written === 0 && primaryDelta.written > 0,
      detail: `during the load: replica ${replicaDelta.commits} transactions, ${replicaDelta.fetched} rows read, ${replicaDelta.written} written; primary ${primaryDelta.commits} transactions, ${primaryDelta.fetched} rows read, ${primaryDelta.written} rows written`,
    },
    {
      name: 'with the replica’s replay paused, a price change still seen on all three within 1 s (no stale refill)',
      ok: lagSeenMs.every((ms) => ms < 1000) && lagStillNew.every(Boolean) && replicaStillOld.rows[0]?.n === 0,
      detail: `seen after ${lagSeenMs.map((ms) => `${fmt(ms)} ms`).join(', ')} (REPLICA_MAX_WAIT_MS ${replicaMaxWaitMs}); still the new price after the cache's refill 2.5 s later: ${lagStillNew.filter(Boolean).length}/${lagStillNew.length} reads; the paused replica still held the old price: ${replicaStillOld.rows[0]?.n === 0 ? 'yes' : 'no'}`,
    },
    {
      name: 'a price change seen on all three within 1 s',
      ok: seenMs.every((ms) => ms < 1000),
      detail: `seen after ${seenMs.map((ms) => `${fmt(ms)} ms`).join(', ')}`,
    },
  ];

  // ---------------------------------------------------------------- throughput with 1, 2 and 3 instances
  const throughput =
    throughputSeconds > 0
      ? await throughputRows({
          shop,
          shoppers,
          seconds: throughputSeconds,
          instances: instancePorts.map((port) => ({ port, pid: instances.get(port)?.child.pid ?? 0 })),
          postmasters: [postmasterPid(cluster), postmasterPid(replica)],
          firstBalancerPort: balancerPort + 10,
          folder,
          log,
        })
      : [];

  const callRows = [...record.calls].map(([name, c]) => {
    const l = latencies(c.ms);
    return [name, String(c.ok), String(c.failed), fmt(l.p50), fmt(l.p95), fmt(l.p99), fmt(l.max)];
  });
  const lines = [
    `Three instances (bundled server, PostgreSQL 15 primary and a streaming replica for catalogue reads, s3rver) behind nginx; ${shoppers} shoppers for ${fmt(loadSeconds)} s; machine: ${os.availableParallelism()} cores, load ${loadAverages()}.`,
    `Start-up (build, initdb, seed, three instances, nginx): ${fmt(startupSeconds)} s. SIGKILL at ${fmt(killedAt)} s to the sweeps' holder (${victim}), restarted at ${fmt(restartAt)} s, ready at ${fmt(rejoinedAt)} s.`,
    `Orders answered code 1: ${answered.length} (${fmt(answered.length / loadSeconds)}/s); answered refused with an order number: ${record.repliedOrders.length - answered.length}. nginx error-log lines naming an upstream: ${upstreamFailures}. Sweep hand-overs logged per instance: ${sweepLines.map((s) => `${s.port}: ${s.took}`).join(', ')}.`,
    '',
    ...markdownTable(
      ['check', 'result', 'figures'],
      checks.map((c) => [c.name, c.ok ? 'pass' : '**FAIL**', c.detail]),
    ),
    '',
    ...markdownTable(['call', 'ok', 'failed', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], callRows, [1, 2, 3, 4, 5, 6]),
    '',
    'Failures by reason:',
    '',
    ...([...record.failures].map(([reason, n]) => `- ${reason}: ${n}`).slice(0, 20) || []),
    ...(throughput.length > 0 ? ['', '## Throughput with 1, 2 and 3 instances', '', ...throughput] : []),
  ];
  const file = writeGenerated('scale.generated.md', `# Scale test (npm run scale:test)\n\n${lines.join('\n')}\n`);
  log(`figures in ${file}`);
  for (const check of checks) log(`${check.ok ? 'pass' : 'FAIL'}  ${check.name}: ${check.detail}`);
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`clean-up: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    process.exit();
  });
