import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathsDirVariable, reachDirVariable, type PlanLine, type ReachLine } from '../machines/reach-recorder.ts';
import { flowsFolder } from './flow-docs.ts';
import { readFlowRecords } from '../e2e/flow-records.ts';
import { journeyMaps } from '../e2e/journeys/machines.ts';
import { untakeable } from '../e2e/untakeable.ts';
import { coverageReport, pathCountsFromLines, reachFromJson, reachFromLines, reachFromRecords, type Recorded } from './flow-coverage.ts';
import { loadMachines, repoRoot } from './load-machines.ts';

/**
 * `npm run flows:coverage`: runs the unit path tests (vitest, tests/machines) with FLOW_REACH_DIR set so each replay
 * records what it reached, reads the generated browser journeys' tests/e2e/generated/reach.json when there is one and
 * what passing Playwright tests recorded in flow-records/ (after `npm run test:e2e`, docs/decisions/043), and writes
 * docs/flows/coverage.md (and prints it).
 */
const reachDir = mkdtempSync(path.join(tmpdir(), 'flow-reach-'));
const pathsDir = mkdtempSync(path.join(tmpdir(), 'flow-paths-'));
const jsonLines = <T>(dir: string) =>
  readdirSync(dir).flatMap((name) =>
    readFileSync(path.join(dir, name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as T),
  );
const notes: string[] = [];
try {
  console.log('Running the unit path tests (vitest run tests/machines)…');
  const run = spawnSync('npx', ['vitest', 'run', 'tests/machines'], {
    cwd: repoRoot,
    env: { ...process.env, [reachDirVariable]: reachDir, [pathsDirVariable]: pathsDir, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // The test run's own summary lines; all of its output when it failed.
  const output = `${run.stdout}${run.stderr}`;
  console.log(
    run.status === 0
      ? output
          .split('\n')
          .filter((line) => /^\s*(Test Files|Tests|Duration)\b/.test(line))
          .join('\n')
      : output,
  );
  if (run.status !== 0)
    notes.push(`The unit path tests failed (vitest exit code ${run.status}): the unit figures are what the passing part reached.`);
  const lines = jsonLines<ReachLine>(reachDir);
  const browserFile = path.join(repoRoot, 'tests/e2e/generated/reach.json');
  const browser = existsSync(browserFile) ? reachFromJson(JSON.parse(readFileSync(browserFile, 'utf8'))) : undefined;
  if (!browser) notes.push('No tests/e2e/generated/reach.json yet: no machine has generated browser journeys.');
  const records = readFlowRecords();
  const recorded: Recorded | undefined =
    records.length > 0
      ? {
          reach: reachFromRecords(records),
          tests: records.length,
          // The journey maps' notDriven, and the untakeable transitions of machines the fault journeys walk.
          reasons: new Map(
            [...new Set([...journeyMaps.map((map) => map.machine.id), ...Object.keys(untakeable)])].map((id) => [
              id,
              { ...journeyMaps.find((map) => map.machine.id === id)?.notDriven, ...untakeable[id] },
            ]),
          ),
        }
      : undefined;
  if (!recorded) notes.push('No flow-records/ yet: run `npm run test:e2e` (it builds the recording build) for the recorded columns.');
  const machines = await loadMachines();
  const report = coverageReport(machines, reachFromLines(lines), browser, notes, pathCountsFromLines(jsonLines<PlanLine>(pathsDir)), recorded);
  writeFileSync(path.join(repoRoot, flowsFolder, 'coverage.md'), report);
  console.log(`\n${report}`);
  if (run.status !== 0) process.exitCode = 1;
} finally {
  rmSync(reachDir, { recursive: true, force: true });
  rmSync(pathsDir, { recursive: true, force: true });
}
