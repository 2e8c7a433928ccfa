import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './fence.ts';

/**
 * bench/ as docs/decisions/028-bench.md lays it out: lib (shared measuring code), suites (what npm scripts run),
 * results (only what runs write) and analysis (only what people write). A run once rewrote RESULTS-memory.md whole
 * and erased the analysis written in it; these checks keep generated and written text apart.
 */
const bench = path.join(repoRoot, 'bench');
const sources = (folder: string): string[] =>
  fs
    .readdirSync(path.join(bench, folder))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${folder}/${f}`);

/** Modules that write files, and why each may. Everything else goes through lib/results-files.ts. */
const writers: Record<string, string> = {
  'lib/results-files.ts': 'the one writer of bench/results/',
  'lib/measure.ts': 'BENCH_JSON, a file in the temporary folder run-all.ts names',
  'suites/search-plans.ts': 'PLANS_FILE, by default scratch/search-plans.txt (gitignored)',
  'lib/nginx.ts': "the balancer's nginx.conf, in the scale test's temporary folder",
  'suites/lighthouse.bench.ts': "LIGHTHOUSE_JSON, a folder the runner names for each run's whole Lighthouse report",
};

describe('bench/ layout', () => {
  it('has only lib, suites, results and analysis (and the gitignored data sets)', () => {
    const folders = fs
      .readdirSync(bench, { withFileTypes: true })
      .filter((entry) => !/^(data|pg)-/.test(entry.name))
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
    expect(folders.sort()).toEqual(['.gitignore', 'README.md', 'analysis/', 'lib/', 'results/', 'suites/']);
  });

  it('writes files only through lib/results-files.ts (or a listed scratch file)', () => {
    const writing = [...sources('lib'), ...sources('suites')].filter((file) =>
      /\b(writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream)\b/.test(fs.readFileSync(path.join(bench, file), 'utf8')),
    );
    expect(writing.sort()).toEqual(Object.keys(writers).sort());
  });

  it('keeps only generated files in bench/results and none in bench/analysis', () => {
    for (const name of fs.readdirSync(path.join(bench, 'results'))) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.(generated\.md|json)$/);
    for (const name of fs.readdirSync(path.join(bench, 'analysis'))) {
      expect(name).toMatch(/^[a-z0-9-]+\.md$/);
      expect(name).not.toMatch(/generated/);
    }
  });

  it('runs every bench script from bench/suites', () => {
    const manifest: unknown = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const scripts = typeof manifest === 'object' && manifest !== null && 'scripts' in manifest ? Object.entries(manifest.scripts ?? {}) : [];
    const benchScripts = scripts.filter(([name]) => name === 'bench' || name.startsWith('bench:'));
    expect(benchScripts.length).toBeGreaterThan(5);
    for (const [name, command] of benchScripts) {
      expect(String(command), name).toMatch(/^tsx bench\/suites\/[a-z-]+(\.bench)?\.ts$/);
      expect(fs.existsSync(path.join(repoRoot, String(command).slice('tsx '.length))), name).toBe(true);
    }
  });
});
