import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Lists every action, guard, actor and delay named in `setup({...})` under src/machines, grouped by leading verb and by
 * what an action is built with (assign, sendTo, raise, or an empty stub the view provides). The vocabulary in
 * docs/decisions/012-house-rules.md was read off this: `npx tsx tests/architecture/statechart-vocabulary.ts`.
 */
export interface NamedImplementation {
  file: string;
  kind: 'actions' | 'guards' | 'actors' | 'delays';
  name: string;
  /** For actions: assign, sendTo, raise, enqueueActions (or a wrapper of it), provided-by-view, function. */
  builtWith: string;
}

const kinds = new Set(['actions', 'guards', 'actors', 'delays']);

function machineFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function builtWith(initializer: ts.Expression | undefined, source: ts.SourceFile): string {
  if (!initializer) return 'function';
  if (ts.isCallExpression(initializer)) return initializer.expression.getText(source);
  if (ts.isArrowFunction(initializer) && /=>\s*undefined$/.test(initializer.getText(source))) return 'provided-by-view';
  return 'function';
}

export function statechartVocabulary(machinesDir: string): NamedImplementation[] {
  const found: NamedImplementation[] = [];
  for (const file of machineFiles(machinesDir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const options = ts.isCallExpression(node) && node.expression.getText(source) === 'setup' ? node.arguments[0] : undefined;
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const group of options.properties) {
          if (!ts.isPropertyAssignment(group) || !ts.isObjectLiteralExpression(group.initializer)) continue;
          const kind = group.name.getText(source);
          if (!kinds.has(kind)) continue;
          for (const member of group.initializer.properties) {
            if (!member.name) continue;
            found.push({
              file: path.relative(machinesDir, file),
              kind: kind as NamedImplementation['kind'],
              name: member.name.getText(source).replace(/['"]/g, ''),
              builtWith: ts.isPropertyAssignment(member) ? builtWith(member.initializer, source) : 'function',
            });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const verbOf = (name: string): string => /^[a-z]+/.exec(name)?.[0] ?? name;

if (process.argv[1] === import.meta.filename) {
  const all = statechartVocabulary(path.resolve(import.meta.dirname, '../../src/machines'));
  for (const kind of kinds) {
    const named = all.filter((n) => n.kind === kind);
    const byVerb = new Map<string, Set<string>>();
    for (const n of named) {
      const key = kind === 'actions' ? `${verbOf(n.name)} (${n.builtWith})` : verbOf(n.name);
      byVerb.set(key, (byVerb.get(key) ?? new Set()).add(n.name));
    }
    console.log(`\n${kind}: ${named.length} in setup, ${new Set(named.map((n) => n.name)).size} names`);
    for (const [verb, names] of [...byVerb].sort((a, b) => b[1].size - a[1].size)) {
      console.log(`  ${verb} ×${names.size}: ${[...names].join(', ')}`);
    }
  }
}
