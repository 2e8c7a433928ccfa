/**
 * What each search costs the database, measured the way load does not distort: `npx tsx bench/suites/search-plans.ts`.
 * Sends the bench's distinct texts (search-texts.ts) to searchProducts one at a time in this process, records every
 * query each one runs, then EXPLAINs (ANALYZE, BUFFERS) them: per text the summed execution and planning times and
 * the buffers touched, and the CPU time of the search itself (PGlite runs in this process; for PostgreSQL the
 * server's backends' CPU from /proc over the whole set, divided by the number of texts). Prints median, p95 and max,
 * and writes the plans of the costliest texts to scratch/search-plans.txt (not kept in git).
 * Environment: BENCH_DATA_DIR (default bench/data-100k) or BENCH_DATABASE_URL, BENCH_TEXTS (default 320),
 * PLANS_SHOWN (default 12), PLANS_FILE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { QueryRecorder } from '../../server/db/query-recorder.ts';
import { openDatabase } from '../../server/db/connection.ts';
import type { Database } from '../../server/db/schema.ts';
import { searchProducts } from '../../server/services/catalogue/search.ts';
import { percentileOf as percentile } from '../lib/percentiles.ts';
import { nameWordsQuery, queryTexts } from './search-texts.ts';

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? 'bench/data-100k');
const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const textCount = Number(process.env.BENCH_TEXTS ?? 320);
const plansShown = Number(process.env.PLANS_SHOWN ?? 12);
const locId = 101;

interface Explained {
  execution: number;
  planning: number;
  buffers: number;
  text: string;
}

function numberIn(value: unknown, key: string): number {
  return typeof value === 'object' && value !== null && key in value ? Number((value as Record<string, unknown>)[key]) || 0 : 0;
}

async function explain(db: Kysely<Database>, query: CompiledQuery, settings: readonly CompiledQuery[]): Promise<Explained> {
  // A query run after SET LOCAL statements is planned with them, in a transaction as the service runs it.
  if (settings.length > 0) {
    return db.transaction().execute(async (trx) => {
      for (const setting of settings) await trx.executeQuery(setting);
      return explain(trx, query, []);
    });
  }
  const json = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (analyze, buffers, format json) ${query.sql}`, [...query.parameters]),
  );
  const document = json.rows[0]?.['QUERY PLAN'];
  const top: unknown = Array.isArray(document) ? document[0] : undefined;
  const plan: unknown = typeof top === 'object' && top !== null && 'Plan' in top ? top.Plan : undefined;
  const textual = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (analyze, buffers, costs off) ${query.sql}`, [...query.parameters]),
  );
  return {
    execution: numberIn(top, 'Execution Time'),
    planning: numberIn(top, 'Planning Time'),
    buffers: numberIn(plan, 'Shared Hit Blocks') + numberIn(plan, 'Shared Read Blocks'),
    text: `${query.sql}\n-- ${JSON.stringify(query.parameters)}\n${textual.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
  };
}

/** CPU ticks (1/100 s) of the PostgreSQL server's processes: the postmaster's children. */
async function postgresTicks(db: Kysely<Database>): Promise<number> {
  const dir = await sql<{ data_directory: string }>`select current_setting('data_directory') as data_directory`.execute(db);
  const pidFile = path.join(dir.rows[0]?.data_directory ?? '', 'postmaster.pid');
  const postmaster = fs.readFileSync(pidFile, 'utf8').split('\n')[0]?.trim();
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[1] === postmaster || entry === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks;
}

const summary = (label: string, values: readonly number[], digits = 2) =>
  `${label}: median ${percentile(values, 50).toFixed(digits)}, p95 ${percentile(values, 95).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)}`;

const handle = await openDatabase({ databaseUrl, dataDir, statementTimeoutMs: 0 });
try {
  const words = await sql<{ word: string }>`${sql.raw(nameWordsQuery)}`.execute(handle.db);
  const texts = queryTexts(
    words.rows.map((r) => r.word),
    textCount,
  );
  const recorder = new QueryRecorder(handle.db);
  const db = handle.db.withPlugin(recorder);
  const loadBefore = os.loadavg()[0] ?? 0;
  const runs: { text: string; cpu: number; wall: number; queries: CompiledQuery[] }[] = [];
  // Warm-up: the served areas and the first cards, as a running server has them.
  await searchProducts(db, { text: 'beef', locId, page: 0, limit: 20 });
  const ticksBefore = databaseUrl ? await postgresTicks(handle.db) : 0;
  for (const text of texts) {
    recorder.queries = [];
    const started = performance.now();
    const before = process.cpuUsage();
    await searchProducts(db, { text, locId, page: 0, limit: 20 });
    const used = process.cpuUsage(before);
    runs.push({ text, cpu: (used.user + used.system) / 1000, wall: performance.now() - started, queries: recorder.queries });
  }
  const serverTicks = databaseUrl ? (await postgresTicks(handle.db)) - ticksBefore : 0;
  const loadAfter = os.loadavg()[0] ?? 0;

  const explained: { text: string; execution: number; planning: number; buffers: number; plans: string[] }[] = [];
  for (const run of runs) {
    const each = [];
    let settings: CompiledQuery[] = [];
    for (const query of run.queries) {
      if (/^\s*set\b/i.test(query.sql)) settings.push(query);
      else {
        each.push(await explain(handle.db, query, settings));
        settings = [];
      }
    }
    explained.push({
      text: run.text,
      execution: each.reduce((s, e) => s + e.execution, 0),
      planning: each.reduce((s, e) => s + e.planning, 0),
      buffers: each.reduce((s, e) => s + e.buffers, 0),
      plans: each.map((e) => `-- ${e.execution.toFixed(2)} ms, ${e.buffers} buffers\n${e.text}`),
    });
  }
  console.log(
    `${runs.length} texts on ${databaseUrl ? 'PostgreSQL' : `PGlite (${dataDir})`}, load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`,
  );
  console.log(
    summary(
      'queries per search',
      runs.map((r) => r.queries.length),
      0,
    ),
  );
  console.log(
    summary(
      'execution ms per search (EXPLAIN ANALYZE, summed)',
      explained.map((e) => e.execution),
    ),
  );
  console.log(
    summary(
      'planning ms per search',
      explained.map((e) => e.planning),
    ),
  );
  console.log(
    summary(
      'buffers per search',
      explained.map((e) => e.buffers),
      0,
    ),
  );
  console.log(
    summary(
      'CPU ms per search (this process)',
      runs.map((r) => r.cpu),
    ),
  );
  console.log(
    summary(
      'wall ms per search',
      runs.map((r) => r.wall),
    ),
  );
  if (databaseUrl) console.log(`PostgreSQL server CPU per search (all backends, whole set): ${((serverTicks * 10) / runs.length).toFixed(2)} ms`);
  const costliest = [...explained].sort((a, b) => b.execution - a.execution).slice(0, plansShown);
  console.log(`costliest: ${costliest.map((e) => `'${e.text}' ${e.execution.toFixed(1)} ms/${e.buffers} buf`).join(', ')}`);
  const plansFile = path.resolve(process.env.PLANS_FILE ?? 'scratch/search-plans.txt');
  fs.mkdirSync(path.dirname(plansFile), { recursive: true });
  fs.writeFileSync(
    plansFile,
    costliest.map((e) => `==== '${e.text}': ${e.execution.toFixed(2)} ms, ${e.buffers} buffers\n${e.plans.join('\n\n')}`).join('\n\n'),
  );
} finally {
  await handle.close();
}
