/**
 * How long `npm test` takes, stage by stage (issue 22 item 9: under 10 minutes on a quiet 2-core machine, still green
 * beside a CPU hog). Runs `npm test` itself (scripts/run-tests.ts times each of its stages) and writes each stage's
 * wall time, the load average around the run and the Playwright per-file times to a section of
 * bench/results/test-suite.generated.md: `npm run bench:test-suite`, or `BESIDE="stress-ng --cpu 2"` to run it
 * beside that command (started before, stopped after), with its own section.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAverages } from '../lib/measure.ts';
import { writeGeneratedSection } from '../lib/results-files.ts';
import { shown, type StageTime } from '../../scripts/run-tests.ts';

interface Times {
  total: number;
  passed: boolean;
  times: StageTime[];
}

/** The slowest Playwright files of the e2e stage, from its JSON report. */
function slowestE2eFiles(report: string, count = 12): string[] {
  if (!fs.existsSync(report)) return [];
  interface Spec {
    file: string;
    tests: { results: { duration: number }[] }[];
  }
  interface Suite {
    file: string;
    specs?: Spec[];
    suites?: Suite[];
  }
  const byFile = new Map<string, { ms: number; tests: number }>();
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? { ms: 0, tests: 0 };
      for (const test of spec.tests) for (const result of test.results) entry.ms += result.duration;
      entry.tests += spec.tests.length;
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  const parsed = JSON.parse(fs.readFileSync(report, 'utf8')) as { suites: Suite[] };
  for (const suite of parsed.suites) walk(suite);
  return [...byFile.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, count)
    .map(([file, { ms, tests }]) => `| ${file} | ${tests} | ${(ms / 1000).toFixed(0)} s |`);
}

const beside = process.env.BESIDE;
let hog: ChildProcess | undefined;
if (beside) {
  if (spawnSync('bash', ['-c', `command -v ${beside.split(' ')[0] ?? ''}`]).status !== 0) throw new Error(`${beside}: not installed`);
  hog = spawn('bash', ['-c', `exec ${beside}`], { stdio: 'ignore', detached: true });
}
const report = path.join(os.tmpdir(), `test-suite-${process.pid}.json`);
// playwright.config.ts adds its JSON reporter when E2E_JSON_REPORT names a file.
const env = { ...process.env, E2E_JSON_REPORT: report };
// npm test itself (scripts/run-tests.ts) times its stages and writes them here.
const timesFile = path.join(os.tmpdir(), `test-suite-times-${process.pid}.json`);
const loadBefore = loadAverages(1);
try {
  spawnSync('npm', ['test'], { stdio: 'inherit', env: { ...env, TEST_TIMES_JSON: timesFile } });
} finally {
  if (hog?.pid) process.kill(-hog.pid, 'SIGTERM');
}
const loadAfter = loadAverages(1);
const { total, passed, times } = JSON.parse(fs.readFileSync(timesFile, 'utf8')) as Times;
fs.rmSync(timesFile, { force: true });
const body = [
  `Measured ${new Date().toISOString()} by bench/suites/test-suite.bench.ts on ${os.cpus().length} cores (Node ${process.version})${beside ? `, beside \`${beside}\`` : ''}: ${passed ? 'every stage passed' : 'a stage FAILED'}, ${(total / 60).toFixed(1)} min in all.`,
  '',
  `Load average ${loadBefore} before, ${loadAfter} after. Stages of one phase run side by side (scripts/run-tests.ts).`,
  '',
  '| phase | stage | wall time | passed | load at its end |',
  '|---|---|---|---|---|',
  ...times.map((r) => `| ${r.phase} | ${r.name} | ${shown(r.seconds)} | ${r.ok ? 'yes' : 'NO'} | ${r.load} |`),
  '',
  'The slowest browser journey files (the sum of their tests, two workers running at once):',
  '',
  '| file | tests | time |',
  '|---|---|---|',
  ...slowestE2eFiles(report),
  '',
].join('\n');
fs.rmSync(report, { force: true });
console.log(
  writeGeneratedSection(
    'test-suite.generated.md',
    beside ? 'beside-hog' : 'quiet',
    body,
    '# How long npm test takes\n\nWritten by `npm run bench:test-suite`.',
  ),
);
console.log(body);
if (!passed) process.exitCode = 1;
