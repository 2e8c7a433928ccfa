/**
 * Throughput per core (issue 27 item 7, decision 054): one request kind driven at 1, 2, 4, 8… connections without
 * think time, a few seconds each, until its p99 passes the budget; per step the units done per second, the HTTP
 * latencies, and the server CPU each unit cost (the server's Node processes, and on PostgreSQL its backends), read
 * from /proc before and after. On a shared 2-core machine the throughput depends on what else runs; the CPU per
 * unit is the figure that carries over to another machine.
 */
import { latencies, type Latencies } from './percentiles.ts';

/** The p99 a step may reach and still count as served (the store's per-call budget, bench/README.md). */
export const p99BudgetMs = 50;
export const defaultConcurrencies = [1, 2, 4, 8, 16, 32] as const;

/** One unit of a kind (one request, or a whole checkout of several): the latency of every HTTP call it made. */
export type Unit = (worker: number) => Promise<number[]>;

/** Server CPU milliseconds used so far: the Node processes and the database's (0 with PGlite: it is inside Node). */
export interface CpuReading {
  node: number;
  database: number;
}

export interface Step extends Latencies {
  concurrency: number;
  units: number;
  failed: number;
  /** The first failure's message, if any failed. */
  firstError?: string;
  seconds: number;
  unitsPerSecond: number;
  /** Server CPU per unit over the step, milliseconds. */
  nodeCpuMs: number;
  databaseCpuMs: number;
}

/** `concurrency` workers doing units back to back for `seconds`: the step's figures. */
export async function runStep(unit: Unit, concurrency: number, seconds: number, cpu: () => CpuReading): Promise<Step> {
  const ms: number[] = [];
  let units = 0;
  let failed = 0;
  let firstError: string | undefined;
  const before = cpu();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        try {
          ms.push(...(await unit(worker)));
          units++;
        } catch (error) {
          failed++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const after = cpu();
  const done = Math.max(1, units);
  return {
    concurrency,
    units,
    failed,
    ...(firstError === undefined ? {} : { firstError }),
    seconds: wall,
    unitsPerSecond: units / wall,
    ...latencies(ms),
    nodeCpuMs: (after.node - before.node) / done,
    databaseCpuMs: (after.database - before.database) / done,
  };
}

/** Whether a step was served: p99 within the budget and (nearly) nothing failed. */
export const served = (step: Step): boolean => step.p99 <= p99BudgetMs && step.failed <= step.units * 0.01;

/**
 * Steps up the concurrencies until one is not served (that one included), but runs at least `minimumSteps` so the
 * CPU per unit rests on more than one short step.
 */
export async function stepUp(
  unit: Unit,
  seconds: number,
  cpu: () => CpuReading,
  concurrencies: readonly number[] = defaultConcurrencies,
  onStep: (step: Step) => void = () => undefined,
  minimumSteps = 2,
): Promise<Step[]> {
  const steps: Step[] = [];
  for (const concurrency of concurrencies) {
    const step = await runStep(unit, concurrency, seconds, cpu);
    steps.push(step);
    onStep(step);
    if (!served(step) && steps.length >= minimumSteps) break;
  }
  return steps;
}

/** The served step with the most units per second, if any was served. */
export function bestStep(steps: readonly Step[]): Step | undefined {
  return steps.filter(served).reduce<Step | undefined>((best, step) => (!best || step.unitsPerSecond > best.unitsPerSecond ? step : best), undefined);
}

/**
 * The server CPU per unit over every step of a kind, weighted by units (the steps' own figures vary with the load
 * beside them; the sum over several thousand units is steadier).
 */
export function cpuPerUnit(steps: readonly Step[]): CpuReading {
  const units = steps.reduce((sum, s) => sum + s.units, 0);
  if (units === 0) return { node: NaN, database: NaN };
  return {
    node: steps.reduce((sum, s) => sum + s.nodeCpuMs * s.units, 0) / units,
    database: steps.reduce((sum, s) => sum + s.databaseCpuMs * s.units, 0) / units,
  };
}
