/**
 * Where a seed's time goes (issue 15 item 5): wall-clock and CPU milliseconds summed per phase, in the order the phases
 * first ran, so `npm run seed` says which phase to make faster. A phase that runs many times (one insert per pass)
 * adds up. CPU is this process's by default (on PGlite that includes the database; on a machine shared with other work
 * it is the figure load distorts least); a caller may count more, e.g. a PostgreSQL backend's.
 */
export interface PhaseTime {
  phase: string;
  seconds: number;
  cpuSeconds: number;
}

/** This process's user + system CPU milliseconds so far. */
export function processCpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

export class SeedPhases {
  private readonly totals = new Map<string, { wall: number; cpu: number }>();

  constructor(private readonly cpuMs: () => number = processCpuMs) {}

  private add(phase: string, wall: number, cpu: number): void {
    const total = this.totals.get(phase) ?? { wall: 0, cpu: 0 };
    this.totals.set(phase, { wall: total.wall + wall, cpu: total.cpu + cpu });
  }

  private readonly listeners: ((phase: string) => void)[] = [];

  /** Told the name of each phase as it starts (npm run seed's progress line). */
  onStart(listener: (phase: string) => void): void {
    this.listeners.push(listener);
  }

  /** Starts a phase; the returned function ends it (for a phase that spans a callback's end). */
  start(phase: string): () => void {
    for (const listener of this.listeners) listener(phase);
    const wall = performance.now();
    const cpu = this.cpuMs();
    return () => this.add(phase, performance.now() - wall, this.cpuMs() - cpu);
  }

  async time<T>(phase: string, work: () => Promise<T>): Promise<T> {
    const end = this.start(phase);
    try {
      return await work();
    } finally {
      end();
    }
  }

  timeSync<T>(phase: string, work: () => T): T {
    const end = this.start(phase);
    try {
      return work();
    } finally {
      end();
    }
  }

  /** Each phase's seconds, in the order the phases first ran. */
  entries(): PhaseTime[] {
    return [...this.totals].map(([phase, { wall, cpu }]) => ({ phase, seconds: wall / 1000, cpuSeconds: cpu / 1000 }));
  }

  /** One line per phase for the seed's log: "  insert variant_offers     12.3 s wall    4.1 s CPU". */
  lines(): string[] {
    const width = Math.max(0, ...[...this.totals.keys()].map((phase) => phase.length));
    return this.entries().map(
      ({ phase, seconds, cpuSeconds }) =>
        `  ${phase.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s wall  ${cpuSeconds.toFixed(1).padStart(7)} s CPU`,
    );
  }
}
