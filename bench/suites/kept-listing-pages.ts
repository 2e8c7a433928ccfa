/**
 * Server CPU and statements per listing request for the first pages kept by decision 063 (asked once, then five
 * times each) against deep pages (never kept), on a copy of the PGlite 100k data set (bench/data-100k, as
 * `npm run bench:throughput` seeds it): `npx tsx bench/suites/kept-listing-pages.ts`. Prints; writes no results file.
 */
import fs from 'node:fs';
import { assert } from 'superstruct';
import { categoryListReply } from '../../src/api/contract/catalogue.contract.ts';
import { loadAverages, serverCpuMs, startBenchServer } from '../lib/measure.ts';

const dataDir = '/tmp/kept-pages-data';
fs.rmSync(dataDir, { recursive: true, force: true });
fs.cpSync('bench/data-100k', dataDir, { recursive: true });
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
  await measure('first pages, first time (misses)', kept, 1);
  await measure('first pages, kept (hits)', kept, 5);
  await measure('deep pages (never kept)', deep, 2);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
