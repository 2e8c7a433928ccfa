/**
 * CPU of the listing statement whole and without its filter panel (decision 069: the panel kept in memory), in-process
 * on one connection, over the kept-pages bench's keys (every category of area 101 × 2 sorts × 2 speeds × pages 0–2),
 * on a copy of the PGlite 100k data set: `npx tsx bench/suites/listing-statement-cpu.ts`. Prints; writes no file.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connection.ts';
import { noSelection } from '../../server/services/catalogue/listing-index.ts';
import { listingPageStatement, type ListingPageRequest, type PanelRow } from '../../server/services/catalogue/listing-page.ts';
import { loadAverages } from '../lib/measure.ts';

const dataDir = '/tmp/listing-statement-data';
fs.rmSync(dataDir, { recursive: true, force: true });
fs.cpSync('bench/data-100k', dataDir, { recursive: true });
const handle = await openDatabase({ databaseUrl: undefined, dataDir, statementTimeoutMs: 0 });
const { db } = handle;
const cats = (await sql<{ id: number }>`select id from categories`.execute(db)).rows.map((r) => r.id);
const requests: ListingPageRequest[] = [];
for (const categoryId of cats)
  for (const order of ['default', 'price_asc'] as const)
    for (const speed of [undefined, 'courier'] as const)
      for (const page of [0, 1, 2]) requests.push({ categoryId, locId: 101, speed, order, offset: page * 20, limit: 20, selection: noSelection });
const panels = new Map<ListingPageRequest, PanelRow>();
for (const r of requests) {
  const row = (await listingPageStatement(r).execute(db)).rows[0];
  if (!row || row.available === undefined) throw new Error('no row');
  panels.set(r, {
    available: row.available,
    price_buckets: row.price_buckets ?? [],
    size_values: row.size_values ?? [],
    size_units: row.size_units ?? [],
    category_values: row.category_values ?? [],
  });
}
const time = async (slim: boolean) => {
  const start = process.cpuUsage();
  for (const r of requests) await listingPageStatement(r, slim ? panels.get(r) : undefined).execute(db);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / requests.length;
};
// The first round warms PGlite's buffers and V8: read the later ones.
for (let round = 0; round < 3; round++) {
  const full = await time(false);
  const slim = await time(true);
  console.log(`${requests.length} statements: full ${full.toFixed(2)} ms, slim ${slim.toFixed(2)} ms CPU each, load ${loadAverages()}`);
}
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
