import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetKb, firstLoadGzip } from '../../bench/suites/bundle-size.ts';

/**
 * The /flows page, the actor inspection and ?inspect (src/dev) are for development builds only, and the flow recorder
 * (src/dev/flow-record.ts) for the build the browser journeys run (`VITE_RECORD_FLOWS=1 vite build`): a production
 * build (`vite build`, as `npm start` runs it) must hold no trace of them, nor of Mermaid or the Stately inspector.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'dist-no-dev-tools-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/**
 * One production build for the checks below: `vite build` as `npm start` runs it (no recorder, no dev tools), in a
 * process of its own. In this worker, a test file before it may have loaded React's CommonJS build for development
 * (NODE_ENV 'test'), which Node keeps for the process: the build's prerendering then paired it with react-dom/server's
 * production build and failed ("dispatcher.getOwner is not a function"), depending on which files ran first.
 */
beforeAll(() => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.VITE_RECORD_FLOWS;
  execFileSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}, 180_000);

/**
 * Strings only the dev tools carry: the page's component, the BroadcastChannel name, the packages' entry points, the
 * recorder's binding and window property.
 */
const markers = ['FlowsPage', 'flows-live-actors', 'startDevTools', 'createBrowserInspector', 'mermaid', '__flowRecorded', '__flowRecord'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe('the production build', () => {
  it('the markers are in the dev tools source (so their absence below means something)', () => {
    const source = [
      'src/dev/flows-page.tsx',
      'src/dev/live-actors.ts',
      'src/dev/dev-tools.ts',
      'src/dev/stately-inspector.ts',
      'src/dev/flow-record.ts',
    ]
      .map((file) => readFileSync(path.join(repoRoot, file), 'utf8'))
      .join('\n');
    for (const marker of markers) expect(source).toContain(marker);
  });

  it('holds no trace of the dev tools', () => {
    const files = filesUnder(outDir);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const traces = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return markers.filter((marker) => text.includes(marker)).map((marker) => `${path.relative(outDir, file)}: ${marker}`);
    });
    expect(traces).toEqual([]);
  });

  // The first-load budget (issue 22 item 2) checked on every run, not only when someone runs `npm run bench:bundle`:
  // it drifted over unseen once. Bytes, not time, so the machine's load cannot move it.
  it(`keeps the first load of /store within ${budgetKb} kB gzip`, () => {
    const files = firstLoadGzip(outDir);
    const gzipKb = files.reduce((total, f) => total + f.gzip, 0);
    expect(gzipKb, files.map((f) => `${f.file} ${f.gzip.toFixed(1)} kB`).join(', ')).toBeLessThanOrEqual(budgetKb);
  });
});
