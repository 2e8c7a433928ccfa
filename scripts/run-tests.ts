/**
 * `npm test`: every check, in three phases whose stages run side by side (issue 22 item 9). On two cores the
 * single-threaded stages (typecheck's start, ESLint, Prettier, the builds) left a core idle when chained one after
 * another, and so did each Vitest run's slow last file; side by side they fill it. A phase starts once every stage of
 * the one before has passed; each stage's lines are prefixed with its name, and a summary of the times ends the run.
 * `TEST_TIMES_JSON=<file>` also writes the times there (npm run bench:test-suite reads them).
 *
 * Run by Node 24 itself (type stripping): no loader, nothing to build first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

export interface Stage {
  name: string;
  script: string;
}

/**
 * The phases. The browser journeys' builds (the recording app, the bundled server) come before the unit tests: two of
 * those read dist/ when present, so nothing writes it while they run. The unit and PostgreSQL runs share the cores;
 * the browser journeys run alone (beside the PostgreSQL run they took as long in all, and their waits grew).
 */
export const testPhases: Stage[][] = [
  [
    { name: 'typecheck', script: 'npm run typecheck' },
    { name: 'lint', script: 'npm run lint' },
    { name: 'build:e2e', script: 'npm run build:e2e' },
  ],
  [
    { name: 'test:unit', script: 'npm run test:unit' },
    { name: 'test:server:pg', script: 'npm run test:server:pg' },
  ],
  [{ name: 'test:e2e', script: 'npm run test:e2e:built' }],
];

export interface StageTime {
  name: string;
  phase: number;
  seconds: number;
  ok: boolean;
  load: string;
}

/** A stage's time, and its last lines when it ran beside another: repeated at the end if it failed (CI shows a tail). */
interface StageRun extends StageTime {
  tail: string[];
}

/** How many of a side-by-side stage's last lines are kept for the end. */
export const keptLines = 120;

/** Keeps the last `keptLines` lines written to it. */
export function lineTail(): { add(line: string): void; lines(): string[] } {
  const lines: string[] = [];
  return {
    add(line) {
      lines.push(line);
      if (lines.length > keptLines) lines.splice(0, lines.length - keptLines);
    },
    lines: () => [...lines],
  };
}

/** Each line of a stream, prefixed, written whole (two stages' lines never mix inside one line). */
function prefixLines(stream: NodeJS.ReadableStream, prefix: string, out: NodeJS.WritableStream, tail: ReturnType<typeof lineTail>): Promise<void> {
  let rest = '';
  stream.setEncoding('utf8');
  const write = (lines: string[]) => {
    for (const line of lines) tail.add(line);
    out.write(lines.map((line) => `${prefix}${line}\n`).join(''));
  };
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    if (lines.length > 0) write(lines);
  });
  return new Promise((resolve) =>
    stream.once('end', () => {
      if (rest) write([rest]);
      resolve();
    }),
  );
}

function runStage(stage: Stage, phase: number, alone: boolean): Promise<StageRun> {
  const started = Date.now();
  const child = spawn('bash', ['-c', stage.script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${stage.name}] `;
  // One tail for both streams: a failure's summary and its stack come in the order they were written.
  const tail = lineTail();
  const drained = [
    child.stdout && prefixLines(child.stdout, prefix, process.stdout, tail),
    child.stderr && prefixLines(child.stderr, prefix, process.stderr, tail),
  ];
  return new Promise((resolve) => {
    child.once('close', async (code) => {
      await Promise.all(drained);
      const seconds = (Date.now() - started) / 1000;
      const load = (os.loadavg()[0] ?? 0).toFixed(1);
      resolve({ name: stage.name, phase, seconds, ok: code === 0, load, tail: tail.lines() });
    });
  });
}

/** A stage's time as the summary and the bench write it. */
export const shown = (seconds: number) => (seconds >= 90 ? `${(seconds / 60).toFixed(1)} min` : `${seconds.toFixed(0)} s`);

async function main(): Promise<number> {
  const times: StageRun[] = [];
  const started = Date.now();
  let failed = false;
  for (const [index, phase] of testPhases.entries()) {
    const together = phase.length > 1 ? ' side by side' : '';
    console.log(`\n=== npm test, phase ${index + 1} of ${testPhases.length}: ${phase.map((s) => s.name).join(', ')}${together} ===\n`);
    const phaseTimes = await Promise.all(phase.map((stage) => runStage(stage, index + 1, phase.length === 1)));
    times.push(...phaseTimes);
    if (phaseTimes.some((t) => !t.ok)) {
      failed = true;
      break;
    }
  }
  const total = (Date.now() - started) / 1000;
  // A stage that ran beside another printed its failures before the other's last lines: say them again here.
  for (const t of times.filter((time) => !time.ok && time.tail.length > 0)) {
    console.log(`\n=== ${t.name} FAILED; its last ${t.tail.length} lines again ===\n`);
    console.log(t.tail.join('\n'));
  }
  console.log(`\n=== npm test: ${failed ? 'FAILED' : 'passed'} in ${shown(total)} ===`);
  for (const t of times) console.log(`  phase ${t.phase}  ${t.name.padEnd(16)} ${shown(t.seconds).padStart(8)}  ${t.ok ? 'passed' : 'FAILED'}`);
  const notRun = testPhases.flat().filter((s) => !times.some((t) => t.name === s.name));
  if (notRun.length > 0) console.log(`  not run (an earlier phase failed): ${notRun.map((s) => s.name).join(', ')}`);
  const file = process.env.TEST_TIMES_JSON;
  if (file)
    fs.writeFileSync(
      file,
      JSON.stringify({ total, passed: !failed && notRun.length === 0, times: times.map(({ tail: _, ...time }) => time) }, null, 2),
    );
  return failed ? 1 : 0;
}

if (import.meta.main) process.exitCode = await main();
