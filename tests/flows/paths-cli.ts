import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allStateIds, allTransitions } from '../machines/path-coverage.ts';
import { pathsDirVariable, type PlanLine } from '../machines/reach-recorder.ts';
import { loadMachines, repoRoot } from './load-machines.ts';

/**
 * `npm run flows:paths -- <machine id>`: prints the paths the unit path tests replay on that machine — per path its
 * events and the transitions each takes, with their descriptions — and the counts. The plans are built by the test
 * files themselves (their events and inputs live there), so this runs the files that plan paths on the machine with
 * FLOW_PATHS_DIR set and prints what planPaths recorded.
 */
const wanted = process.argv[2];
const machines = await loadMachines();
const entry = machines.find((m) => m.id === wanted);
if (!entry) {
  console.error(`Usage: npm run flows:paths -- <machine>\nMachines: ${machines.map((m) => m.id).join(', ')}`);
  process.exit(wanted ? 1 : 0);
}

const testFolder = path.join(repoRoot, 'tests/machines');
const files = readdirSync(testFolder)
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => {
    const text = readFileSync(path.join(testFolder, name), 'utf8');
    return text.includes('planPaths(') && new RegExp(`\\b${entry.exportName}\\b`).test(text);
  })
  .map((name) => `tests/machines/${name}`);
if (files.length === 0) {
  console.error(`No file in tests/machines plans paths on ${entry.exportName}.`);
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'flow-paths-'));
try {
  const run = spawnSync('npx', ['vitest', 'run', ...files], {
    cwd: repoRoot,
    env: { ...process.env, [pathsDirVariable]: dir, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) {
    console.error(`${files.join(', ')} failed:\n${run.stdout}${run.stderr}`);
    process.exitCode = 1;
  }
  const sets = readdirSync(dir)
    .sort()
    .flatMap((name) =>
      readFileSync(path.join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as PlanLine),
    )
    .filter((line) => line.machine === entry.id);
  const states = allStateIds(entry.machine);
  const transitions = allTransitions(entry.machine);
  const taken = new Set(sets.flatMap((set) => set.plans.flatMap((plan) => plan.steps.flatMap((step) => step.transitions.map((t) => t.key)))));
  const paths = sets.reduce((sum, set) => sum + set.plans.length, 0);
  const steps = sets.reduce((sum, set) => sum + set.plans.reduce((n, plan) => n + plan.steps.length, 0), 0);
  console.log(`${entry.id} (${entry.file}), planned in ${files.join(', ')}\n`);
  sets.forEach((set, s) => {
    if (sets.length > 1) console.log(`## Plan set ${s + 1} of ${sets.length} (another input): ${set.plans.length} paths\n`);
    set.plans.forEach((plan, p) => {
      console.log(`${p + 1}. ${plan.name}`);
      for (const step of plan.steps) {
        console.log(`   - ${step.event.length > 120 ? `${step.event.slice(0, 117)}…` : step.event}`);
        for (const t of step.transitions) console.log(`       ${t.description ?? '(no description)'}\n         ${t.key}`);
      }
      console.log('');
    });
  });
  const untaken = [...transitions].filter((key) => !taken.has(key));
  console.log(
    `${paths} paths in ${sets.length} plan set${sets.length === 1 ? '' : 's'}, ${steps} events; ${states.size} states; ` +
      `${transitions.size - untaken.length}/${transitions.size} transitions taken (eventless ones after an event included)`,
  );
  for (const key of untaken) console.log(`  not taken by a planned event: ${key}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
