import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuSeconds } from '../../bench/lib/measure.ts';
import { bestStep, cpuPerUnit, runStep, served, stepUp, type CpuReading, type Step } from '../../bench/lib/throughput-steps.ts';

const step = (overrides: Partial<Step>): Step => ({
  concurrency: 1,
  units: 100,
  failed: 0,
  seconds: 1,
  unitsPerSecond: 100,
  requests: 100,
  p50: 5,
  p95: 10,
  p99: 20,
  max: 30,
  nodeCpuMs: 1,
  databaseCpuMs: 0,
  ...overrides,
});

describe('throughput steps (bench:throughput)', () => {
  it('counts a step served when its p99 is within 50 ms and at most 1 % failed', () => {
    expect(served(step({ p99: 50 }))).toBe(true);
    expect(served(step({ p99: 50.1 }))).toBe(false);
    expect(served(step({ failed: 2 }))).toBe(false);
  });

  it('takes the served step with the most units per second as the throughput', () => {
    const steps = [
      step({ concurrency: 1, unitsPerSecond: 80 }),
      step({ concurrency: 2, unitsPerSecond: 150 }),
      step({ concurrency: 4, unitsPerSecond: 140 }),
      step({ concurrency: 8, unitsPerSecond: 190, p99: 80 }),
    ];
    expect(bestStep(steps)?.concurrency).toBe(2);
    expect(bestStep([step({ p99: 60 })])).toBeUndefined();
  });

  it('weights the CPU per unit by the units of each step', () => {
    const cpu = cpuPerUnit([step({ units: 100, nodeCpuMs: 1, databaseCpuMs: 2 }), step({ units: 300, nodeCpuMs: 2, databaseCpuMs: 1 })]);
    expect(cpu.node).toBeCloseTo(1.75);
    expect(cpu.database).toBeCloseTo(1.25);
    expect(Number.isNaN(cpuPerUnit([]).node)).toBe(true);
  });

  it('runs a step: units per second, the latencies of every call, and the CPU read before and after per unit', async () => {
    let cpu = 0;
    const reading = (): CpuReading => ({ node: cpu, database: cpu / 2 });
    // Each unit makes two calls of 3 and 4 ms and costs 2 ms of "CPU".
    const result = await runStep(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        cpu += 2;
        return [3, 4];
      },
      2,
      0.2,
      reading,
    );
    expect(result.units).toBeGreaterThan(4);
    expect(result.requests).toBe(result.units * 2);
    expect(result.p99).toBe(4);
    expect(result.nodeCpuMs).toBeCloseTo(2);
    expect(result.databaseCpuMs).toBeCloseTo(1);
    expect(result.unitsPerSecond).toBeCloseTo(result.units / result.seconds);
  });

  it('steps the connections up until a step is not served, and counts a unit that throws as failed', async () => {
    const seen: number[] = [];
    const steps = await stepUp(
      async (worker) => {
        if (worker >= 2) throw new Error('refused');
        await new Promise((resolve) => setTimeout(resolve, 2));
        return [1];
      },
      0.05,
      () => ({ node: 0, database: 0 }),
      [1, 2, 4, 8],
      (s) => seen.push(s.concurrency),
    );
    expect(seen).toEqual([1, 2, 4]);
    expect(steps.at(-1)?.failed).toBeGreaterThan(0);
    expect(steps.at(-1)?.firstError).toBe('refused');
  });

  it("adds a process's children's CPU (a postmaster's backends) when asked", async () => {
    const child = spawn(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);']);
    await new Promise((resolve) => child.once('exit', resolve));
    // The child was waited for: its CPU is in this process's cutime/cstime.
    expect(cpuSeconds(process.pid, true)).toBeGreaterThanOrEqual(cpuSeconds(process.pid) + 0.1);
    expect(cpuSeconds(2 ** 30, true)).toBe(0);
  });
});
