/**
 * Server CPU and statements per listing request for the first pages kept by decision 063 (asked once, then five
 * times each) against deep pages (never kept), on a copy of the PGlite 100k data set (bench/data-100k, as
 * `npm run bench:throughput` seeds it; BENCH_DATA_DIR for another, e.g. bench/data-10k):
 * `npx tsx bench/suites/kept-listing-pages.ts`. Prints; writes no results file. Before measuring, it asks listings
 * until a first page asked for the first time sends no statement (decision 071's listing index and card store,
 * loaded in the background, are held) or a minute has passed.
 */
import fs from 'node:fs';
import { assert } from 'superstruct';
import { categoryListReply } from '../../src/api/contract/catalogue.contract.ts';
import { loadAverages, serverCpuMs, startBenchServer } from '../lib/measure.ts';

const dataDir = '/tmp/kept-pages-data';
fs.rmSync(dataDir, { recursive: true, force: true });
fs.cpSync(process.env.BENCH_DATA_DIR ?? 'bench/data-100k', dataDir, { recursive: true });
const server = await startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
const statements = async () => {
  const text = await (await fetch(server.metricsUrl)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('store_db_statement_duration_seconds_count'))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
};
try {
  const menu: unknown = await (await fetch(`${server.base}/connect/index/categorylist?store_id=1`)).json();
  assert(menu, categoryListReply);
  const cats = (menu.data ?? []).map((c) => c.category_id);
  const url = (catid: number, page: number, sort: string, speed: string) =>
    `/connect/index/category?store_id=1&zipcode=10001&loc_id=101&limit=20&catid=${catid}&page=${page}${sort ? `&sort=${sort}` : ''}${speed ? `&courier_type=${speed}` : ''}`;
  const kept: string[] = [];
  const deep: string[] = [];
  for (const c of cats)
    for (const sort of ['', 'price_asc'])
      for (const speed of ['', 'courier']) {
        for (const page of [0, 1, 2]) kept.push(url(c, page, sort, speed));
        for (const page of [5, 6, 7]) deep.push(url(c, page, sort, speed));
      }
  /**
   * Asks page 4 of each of `categories` and sort in turn, one every 200 ms, until one sends no statement (the area's
   * listing index and the card store are loaded: decision 071) or a minute has passed.
   */
  const warmUp = async (categories: number[], urlOf: typeof url) => {
    const started = performance.now();
    for (const c of categories)
      for (const sort of ['', 'name_asc', 'name_desc', 'price_asc', 'price_desc'])
        for (const speed of ['', 'courier']) {
          const st0 = await statements();
          await (await fetch(server.base + urlOf(c, 4, sort, speed))).arrayBuffer();
          const sent = (await statements()) - st0;
          if (sent === 0 || performance.now() - started > 60_000) {
            console.log(
              `warm-up: ${((performance.now() - started) / 1000).toFixed(1)} s, the last page ${sent === 0 ? 'from memory' : 'from the database'}`,
            );
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
    console.log(`warm-up: ${((performance.now() - started) / 1000).toFixed(1)} s, every page from the database`);
  };
  const measure = async (label: string, urls: string[], rounds: number) => {
    const cpu0 = serverCpuMs(server);
    const st0 = await statements();
    let n = 0;
    for (let r = 0; r < rounds; r++)
      for (const u of urls) {
        const res = await fetch(server.base + u, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
        await res.arrayBuffer();
        n++;
      }
    const cpu = serverCpuMs(server) - cpu0;
    const st = (await statements()) - st0;
    console.log(
      `${label}: ${n} requests, ${(cpu / n).toFixed(2)} ms server CPU each, ${(st / n).toFixed(2)} statements each, load ${loadAverages()}`,
    );
  };
  // The warm-up asks the sub-categories, not the measured categories: it must not keep their panels (decision 069).
  const subCategories = (menu.data ?? []).flatMap((c) => c.child.map((child) => child.category_id));
  await warmUp(subCategories.length > 0 ? subCategories : cats, url);
  await measure('first pages, first time (misses)', kept, 1);
  await measure('first pages, kept (hits)', kept, 5);
  await measure('deep pages (never kept)', deep, 2);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
