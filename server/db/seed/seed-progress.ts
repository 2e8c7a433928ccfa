import { SingleBar, type Options, type Params } from 'cli-progress';
import type { SeedPhases } from './seed-phases.ts';

/** 12.3 s, 2 min 05 s. */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

interface Payload {
  phase: string;
  phaseStartedAt: number;
}

/**
 * The progress line's text. While products go in: a bar, the count, the rate, the time so far and the time left
 * (cli-progress's estimate from the recent rate). Then the steps after the products (related products, indexes, area
 * summaries, search postings, ANALYZE, VACUUM) have no count to go by, so the line names the step and how long it has
 * run instead of pretending to know what is left.
 */
export function progressLine(params: Pick<Params, 'value' | 'total' | 'startTime' | 'eta'>, payload: Payload, now: number, width = 24): string {
  const elapsed = (now - params.startTime) / 1000;
  const step = `${payload.phase} (${formatSeconds((now - payload.phaseStartedAt) / 1000)})`;
  if (params.value >= params.total) return `Finishing: ${step} | ${formatSeconds(elapsed)} so far`;
  const done = params.total > 0 ? params.value / params.total : 0;
  const filled = Math.round(done * width);
  const rate = elapsed > 0 ? Math.round(params.value / elapsed) : 0;
  const left = params.value > 0 ? formatSeconds(params.eta) : '?';
  return (
    `Products ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${Math.floor(done * 100)}% ` +
    `${params.value.toLocaleString('en-US')}/${params.total.toLocaleString('en-US')} | ${rate.toLocaleString('en-US')}/s | ` +
    `${formatSeconds(elapsed)} so far, ~${left} left | ${step}`
  );
}

/**
 * npm run seed's progress: one line redrawn in place on a terminal, a line every 10 s when the output is a file or a
 * pipe (CI logs). Follows the products written and the phase that runs (SeedPhases).
 */
export function startSeedProgress(total: number, phases: SeedPhases, stream: NodeJS.WriteStream = process.stdout) {
  const options: Options = {
    stream,
    fps: 2,
    // The estimate from the last 20 passes' rate: the first passes are faster (empty tables, warm caches).
    etaBuffer: 20,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    hideCursor: true,
    format: (_options, params, payload: Payload) => progressLine(params, payload, Date.now()),
  };
  const bar = new SingleBar(options);
  bar.start(total, 0, { phase: 'starting', phaseStartedAt: Date.now() } satisfies Payload);
  phases.onStart((phase) => bar.update({ phase, phaseStartedAt: Date.now() } satisfies Payload));
  return {
    products: (written: number) => bar.update(written),
    stop: () => bar.stop(),
  };
}
