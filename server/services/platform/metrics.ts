import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * The server's Prometheus metrics (decision 037). They live in prom-client's global registry, which is what its
 * AggregatorRegistry asks each node:cluster worker for: with WEB_CONCURRENCY above 1 the primary serves the sum of
 * every worker's figures on METRICS_PORT. Created once per process; several apps in one process (the server tests)
 * share them, so a test reads how much a counter moved, not its value.
 */
export const metricsRegistry = register;

let defaultsCollected = false;

/** Node's own figures (heap, event loop lag, GC, handles, RSS), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Seconds buckets for requests and sweeps: a cached read (1 ms) to a slow checkout or identity check (10 s). */
const secondsBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestSeconds = new Histogram({
  name: 'store_http_request_duration_seconds',
  help: 'HTTP requests by route pattern (not the URL: bounded labels), method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: secondsBuckets,
});

export const overloadRejections = new Counter({
  name: 'store_http_overload_rejections_total',
  help: 'Requests answered 503 with Retry-After because the process was over a load limit (event loop delay, memory)',
  labelNames: ['reason'] as const,
});

export const statementSeconds = new Histogram({
  name: 'store_db_statement_duration_seconds',
  help: 'Database statements by kind (select, insert, update, delete, raw) and outcome, as Kysely timed them',
  labelNames: ['statement', 'outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
});

/** The pools the connection gauge reads (one per open database handle; the tests open several). */
const pools = new Set<() => PoolStats>();

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

new Gauge({
  name: 'store_db_pool_connections',
  help: 'Database pool: connections open (total), idle, and queries waiting for one (waiting)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const sum: PoolStats = { total: 0, idle: 0, waiting: 0 };
    for (const read of pools) {
      const stats = read();
      sum.total += stats.total;
      sum.idle += stats.idle;
      sum.waiting += stats.waiting;
    }
    for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, sum[state]);
  },
});

/** Counts a pool in store_db_pool_connections; the returned function stops (when the database closes). */
export function watchPool(read: () => PoolStats): () => void {
  pools.add(read);
  return () => pools.delete(read);
}

export const cacheLookups = new Counter({
  name: 'store_cache_lookups_total',
  help: 'In-process read caches: hit (fresh), stale (served while it reloads) or miss (the caller waits for a load)',
  labelNames: ['cache', 'outcome'] as const,
});

export const ordersPlaced = new Counter({
  name: 'store_orders_placed_total',
  help: 'Place-order requests by outcome (placed, payment-failed, pending, authenticate, refused, not-found)',
  labelNames: ['outcome'] as const,
});

export const paymentCharges = new Counter({
  name: 'store_payment_charges_total',
  help: 'Charges asked of the card provider by outcome (succeeded, declined, requires-action, error: outcome unknown)',
  labelNames: ['outcome'] as const,
});

export const identityChecks = new Counter({
  name: 'store_identity_checks_total',
  help: 'Identity adapter calls by kind (verify, match, compare) and verdict (matched, mismatch, refused, pending, error)',
  labelNames: ['kind', 'outcome'] as const,
});

export const sweepPasses = new Histogram({
  name: 'store_sweep_pass_duration_seconds',
  help: 'Background sweep passes (payments, KYC leftovers, unconfirmed orders) by sweep and outcome',
  labelNames: ['sweep', 'outcome'] as const,
  buckets: secondsBuckets,
});

/** What Kysely's log hook reports for one statement (kysely's LogEvent, the part read here). */
export interface StatementEvent {
  level: 'query' | 'error';
  queryDurationMillis: number;
  query: { query: { kind: string } };
}

const statementKinds: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  RawNode: 'raw',
};

/** Kysely's `log` option: every statement's time into store_db_statement_duration_seconds. */
export function observeStatement(event: StatementEvent): void {
  const statement = statementKinds[event.query.query.kind] ?? 'other';
  statementSeconds.observe({ statement, outcome: event.level === 'query' ? 'ok' : 'error' }, event.queryDurationMillis / 1000);
}

/** Where the read handle's connections went (server/db/replica-reads.ts's counts, with DATABASE_READ_URL). */
export interface ReadRouting {
  replica: number;
  primary: number;
  /** Reads that first waited for the replica to replay a catalogue change. */
  waited: number;
}

/** The read handles the routing counters read (one per open database with a replica; the tests open several). */
const routings = new Set<() => ReadRouting>();

function routingSum(): ReadRouting {
  const sum: ReadRouting = { replica: 0, primary: 0, waited: 0 };
  for (const read of routings) {
    const counts = read();
    sum.replica += counts.replica;
    sum.primary += counts.primary;
    sum.waited += counts.waited;
  }
  return sum;
}

// Counters read at scrape time from the handles' own counts (reset, then set to the running total).
new Counter({
  name: 'store_db_read_queries_total',
  help: 'Reads of the read handle (catalogue, with DATABASE_READ_URL: one per statement or transaction) by where they ran: the replica, or the primary (replica behind past REPLICA_MAX_WAIT_MS, or unreachable)',
  labelNames: ['target'] as const,
  registers: [metricsRegistry],
  collect() {
    const sum = routingSum();
    this.reset();
    this.inc({ target: 'replica' }, sum.replica);
    this.inc({ target: 'primary' }, sum.primary);
  },
});

new Counter({
  name: 'store_db_replica_waits_total',
  help: 'Reads that waited for the replica to replay a catalogue change before running (on it, or after REPLICA_MAX_WAIT_MS on the primary)',
  registers: [metricsRegistry],
  collect() {
    this.reset();
    this.inc(routingSum().waited);
  },
});

/** Counts a read handle's routing in store_db_read_queries_total; the returned function stops (when it closes). */
export function watchReadRouting(read: () => ReadRouting): () => void {
  routings.add(read);
  return () => routings.delete(read);
}
