/**
 * What decision 071's listing index costs to hold and to load, in process: `npx tsx bench/suites/listing-memory-load.ts`
 * on a seeded PGlite data set (BENCH_DATA_DIR, default bench/data-100k; the process's CPU is Node and the database
 * together). Loads the card store first (decision 067, shared with search), then each served area's delivery index
 * one after the other, printing each load's CPU and wall time, the bytes held, and the load average. (On PGlite a
 * load's statement runs in this thread and the index is built from its text in one go: the event loop is busy for
 * about the load's CPU time, in two stretches.)
 */
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connection.ts';
import { listingIndexBytes, whenListingLoaded } from '../../server/services/catalogue/listing-memory.ts';
import { cardStore } from '../../server/services/catalogue/search-cards.ts';
import { loadAverages } from '../lib/measure.ts';

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? 'bench/data-100k');
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

const opened = await openDatabase({ dataDir, databaseUrl: undefined, statementTimeoutMs: 0 });
try {
  const timed = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    const cpu = process.cpuUsage();
    const wall = performance.now();
    try {
      return await run();
    } finally {
      console.log(
        `${label}: ${cpuMs(process.cpuUsage(cpu)).toFixed(0)} ms CPU, ${(performance.now() - wall).toFixed(0)} ms wall, load ${loadAverages()}`,
      );
    }
  };
  await timed('card store (decision 067)', () => cardStore(opened.db));
  const areas = await sql<{ loc_id: number }>`select distinct loc_id from service_areas order by loc_id`.execute(opened.db);
  for (const { loc_id: locId } of areas.rows) {
    const loaded = await timed(`area ${locId}, delivery`, () => whenListingLoaded(opened.db, locId, undefined));
    if (!loaded) console.log(`area ${locId}: over the budget, not kept`);
    console.log(`  listing indexes held: ${(listingIndexBytes(opened.db) / 2 ** 20).toFixed(1)} MB`);
  }
} finally {
  await opened.close();
}
