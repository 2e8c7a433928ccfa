/**
 * Every percentile the benches and their reports give, from one definition: the nearest rank (the smallest value with
 * at least p % of the values at or below it), so a p99 or a median means the same in every results file. Before this
 * module four benches carried their own copies, two of them rounding the rank down instead (a different median for an
 * even count).
 */

/** The nearest-rank percentile of values already sorted ascending (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** The same of values in any order (sorts a copy). */
export const percentileOf = (values: readonly number[], p: number): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );

export const median = (values: readonly number[]): number => percentileOf(values, 50);

export interface Latencies {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** p50/p95/p99/max of every request's latency (kept whole, so the percentiles are exact). */
export function latencies(values: readonly number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}
