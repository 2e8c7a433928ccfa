import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md: imports run views → machines → api → rules; rules import nothing of ours, nor React or the network;
 * the server takes only src/rules and src/api/contract from the client side.
 */
const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(relative));
    else if (/\.(ts|tsx)$/.test(entry.name)) out.push(relative);
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec) found.push(spec);
  }
  return found;
}

/** The repo-relative path an import points at, or the package name. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return `pkg:${spec}`;
  return path.relative(root, path.resolve(root, path.dirname(file), spec));
}

type Rule = { from: string; allowed: (to: string) => boolean; why: string };

const layer = (to: string, ...prefixes: string[]) => prefixes.some((p) => to.startsWith(p));

const rules: Rule[] = [
  {
    from: 'src/rules/',
    allowed: (to) => layer(to, 'src/rules/'),
    why: 'rules import nothing of ours and no packages (pure functions)',
  },
  {
    from: 'src/api/',
    allowed: (to) => layer(to, 'src/api/', 'src/rules/', 'pkg:superstruct', 'pkg:swr'),
    why: 'api may use only rules, superstruct and swr',
  },
  {
    from: 'src/machines/',
    allowed: (to) => layer(to, 'src/machines/', 'src/api/', 'src/rules/', 'pkg:xstate', 'pkg:superstruct'),
    why: 'machines may use api and rules, never views or React',
  },
  {
    from: 'src/views/',
    allowed: (to) => !layer(to, 'server/'),
    why: 'views never reach the server code',
  },
  {
    from: 'server/',
    allowed: (to) => !to.startsWith('src/') || layer(to, 'src/rules/', 'src/api/contract/'),
    why: 'the server takes only src/rules and src/api/contract from the client',
  },
];

describe('import direction', () => {
  for (const rule of rules) {
    it(`${rule.from}: ${rule.why}`, () => {
      const wrong: string[] = [];
      for (const file of sourceFiles(rule.from)) {
        for (const spec of importsOf(file)) {
          const to = target(file, spec);
          if (to.startsWith('pkg:node:')) continue;
          if (!rule.allowed(to)) wrong.push(`${file} → ${spec}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('src/api/contract imports only superstruct, rules and itself (the server shares it)', () => {
    const wrong = sourceFiles('src/api/contract').flatMap((file) =>
      importsOf(file)
        .map((spec) => [file, spec, target(file, spec)] as const)
        .filter(([, , to]) => !layer(to, 'src/api/contract/', 'src/rules/', 'pkg:superstruct'))
        .map(([file, spec]) => `${file} → ${spec}`),
    );
    expect(wrong).toEqual([]);
  });

  it('views never call fetch', () => {
    const offenders = sourceFiles('src/views').filter((file) => /\bfetch\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
