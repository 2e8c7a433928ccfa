import fs from 'node:fs';
import path from 'node:path';

/**
 * One measured row as `BENCH_JSON=<file>` collects them, the same shape from every bench (so one `npm run bench`
 * can tabulate them all): milliseconds, and the 1-minute load average before and after.
 */
export interface BenchJsonRow {
  bench: string;
  row: string;
  database: 'pglite' | 'postgres';
  products: number;
  connections: number;
  repeat: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failed: number;
  loadBefore: number;
  loadAfter: number;
}

/** Writes the rows to the file BENCH_JSON names; nothing without it. */
export function writeBenchJson(rows: readonly BenchJsonRow[]): void {
  const file = process.env.BENCH_JSON;
  if (file) fs.writeFileSync(path.resolve(file), JSON.stringify(rows, null, 1));
}
