/**
 * CPU per cold search, in process (decision 064): `npx tsx bench/suites/search-cold-cpu.ts` on a copy of a seeded data
 * set (BENCH_DATA_DIR, PGlite: the process's CPU is Node and the database together; or BENCH_DATABASE_URL, then only
 * Node's). Opens the database, searches BENCH_WARM texts first (the stemmed forms, some cards; after the first it waits
 * for the name index, card store and description index to load, whenSearchLoaded: searches themselves never wait),
 * then each of BENCH_TEXTS other distinct texts once (bench/suites/search-texts.ts: whole words, slips, half typed,
 * two words, run together), with process.cpuUsage around each. Prints p50 / mean / p95 CPU ms per search, the index's
 * bytes and load time, and the load average beside them, and the searches grouped by how many statements each sent;
 * then the card store's and description index's bytes and load cost (decision 067; `node --expose-gc` for their heap).
 */
import path from 'node:path';
import { sql, type KyselyPlugin } from 'kysely';
import { openDatabase } from '../../server/db/connection.ts';
import { cardStore } from '../../server/services/catalogue/search-cards.ts';
import { searchDescriptions } from '../../server/services/catalogue/search-descriptions.ts';
import { heldForms, NameIndex, searchNames } from '../../server/services/catalogue/search-names.ts';
import { searchProducts, whenSearchLoaded } from '../../server/services/catalogue/search.ts';
import { useStructuresMemory } from '../../server/services/platform/cache-budgets.ts';
import { loadAverages } from '../lib/measure.ts';
import { nameWordsQuery, queryTexts } from './search-texts.ts';

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? 'bench/data-100k');
const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const warm = Number(process.env.BENCH_WARM ?? 40);
const count = Number(process.env.BENCH_TEXTS ?? 280);
// As npm start's CATALOGUE_MEMORY_MB: a 1M catalogue's structures are over the default budgets.
if (process.env.CATALOGUE_MEMORY_MB) useStructuresMemory(Number(process.env.CATALOGUE_MEMORY_MB));
// BENCH_SKIP_LOADS=1: only the searches (the loads' cost section reloads every structure once more).
const skipLoads = process.env.BENCH_SKIP_LOADS === '1';

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** Counts the statements each search sends (a plugin sees every one, raw SQL included). */
let statements = 0;
const counting: KyselyPlugin = {
  transformQuery: (args) => {
    statements += 1;
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

const opened = await openDatabase({ dataDir, databaseUrl, statementTimeoutMs: 0 });
const handle = { db: opened.db.withPlugin(counting), close: () => opened.close() };
try {
  const search = { searchProducts };
  const words = (await sql<{ word: string }>`${sql.raw(nameWordsQuery)}`.execute(handle.db)).rows.map((r) => r.word);
  const texts = queryTexts(words, warm + count);
  const request = (text: string | undefined) => ({ text: text ?? 'salmon', locId: 101, page: 0, limit: 20 });
  const startWall = performance.now();
  const startCpu = process.cpuUsage();
  await search.searchProducts(handle.db, request(texts[0]));
  console.log(
    `first search (vocabulary, forms; it starts the structures' loads and does not wait for them): ${cpuMs(process.cpuUsage(startCpu)).toFixed(0)} ms CPU, ${(performance.now() - startWall).toFixed(0)} ms wall`,
  );
  // The measured searches read memory: the name index, card store and description index loaded first.
  const loadsStart = process.cpuUsage();
  await whenSearchLoaded(handle.db);
  console.log(`then their loads (names, descriptions, cards) finished: ${cpuMs(process.cpuUsage(loadsStart)).toFixed(0)} ms CPU more`);
  for (const text of texts.slice(1, warm)) await search.searchProducts(handle.db, request(text));
  const cpu: number[] = [];
  const wall: number[] = [];
  const byStatements = new Map<number, number[]>();
  const slowest: { text: string | undefined; ms: number }[] = [];
  for (const text of texts.slice(warm)) {
    const sent = statements;
    const before = process.cpuUsage();
    const started = performance.now();
    await search.searchProducts(handle.db, request(text));
    wall.push(performance.now() - started);
    const ms = cpuMs(process.cpuUsage(before));
    cpu.push(ms);
    slowest.push({ text, ms });
    const group = Math.min(3, statements - sent);
    byStatements.set(group, [...(byStatements.get(group) ?? []), ms]);
  }
  for (const [group, values] of [...byStatements].sort((a, b) => a[0] - b[0]))
    console.log(
      `  ${group}${group === 3 ? '+' : ''} statements: ${values.length} searches, CPU ms p50 ${percentile(values, 50).toFixed(2)} / p95 ${percentile(values, 95).toFixed(2)}`,
    );
  // The texts that cost most: where a search's CPU goes at the tail.
  console.log(
    `slowest: ${slowest
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 12)
      .map((s) => `${JSON.stringify(s.text)} ${s.ms.toFixed(1)}`)
      .join(', ')}`,
  );
  const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
  console.log(
    `${cpu.length} cold texts, CPU ms per search p50 ${percentile(cpu, 50).toFixed(2)} / mean ${mean.toFixed(2)} / p95 ${percentile(cpu, 95).toFixed(2)} / p99 ${percentile(cpu, 99).toFixed(2)}; wall p50 ${percentile(wall, 50).toFixed(2)} / p95 ${percentile(wall, 95).toFixed(2)} ms; load ${loadAverages(2)}`,
  );
  if (!skipLoads) {
    const index = await searchNames(handle.db);
    console.log(`name index: ${index?.size ?? 0} products, ${index?.bytes ?? 0} bytes; stemmed forms held: ${JSON.stringify(heldForms(handle.db))}`);
    // Decision 067's structures: their own count of bytes, and what a load of each costs (a fresh handle's, so nothing held).
    const cards = await cardStore(handle.db);
    const descriptions = await searchDescriptions(handle.db);
    console.log(
      `card store: ${cards?.size ?? 0} products, ${cards?.bytes ?? 0} bytes; description index: ${descriptions?.size ?? 0} products, ${descriptions?.bytes ?? 0} bytes`,
    );
    for (const [name, load] of [
      ['card store', (db: typeof handle.db) => cardStore(db)],
      ['description index', (db: typeof handle.db) => searchDescriptions(db)],
    ] as const) {
      const fresh = opened.db.withPlugin(counting);
      global.gc?.();
      const heap = process.memoryUsage();
      const started = process.cpuUsage();
      const held = await load(fresh);
      const cpu = cpuMs(process.cpuUsage(started));
      global.gc?.();
      const after = process.memoryUsage();
      console.log(
        `${name} load: ${cpu.toFixed(0)} ms CPU; heap +${((after.heapUsed - heap.heapUsed) / 2 ** 20).toFixed(1)} MB, array buffers +${((after.arrayBuffers - heap.arrayBuffers) / 2 ** 20).toFixed(1)} MB (${held ? 'kept' : 'over budget'}; gc ${global.gc ? 'before and after' : 'not exposed'}); load ${loadAverages(2)}`,
      );
    }
    const heapBefore = process.memoryUsage().heapUsed;
    const loadStart = process.cpuUsage();
    const names = await sql<{ names: string }>`select string_agg(concat_ws(chr(31), n.product_id, n.popularity, array_to_string(n.offer_keys, ','),
        array_to_string(tsvector_to_array(n.name_vector), chr(29))), chr(30)) as names from search_names n`.execute(handle.db);
    const again = new NameIndex(0, names.rows[0]?.names ?? '');
    console.log(
      `index reload: ${cpuMs(process.cpuUsage(loadStart)).toFixed(0)} ms CPU; heap +${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(1)} MB (text included) for ${again.size} products; load ${loadAverages(2)}`,
    );
  }
} finally {
  await handle.close();
}
