import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashFiles, hashOutputs, readStamp, staleBecause, writeStamp } from '../../scripts/build-stamp.ts';

/** A throwaway project folder: two inputs (a folder, a file) and the outputs a build leaves. */
let root: string;
const inputs = ['src', 'package-lock.json'];
const outputs = ['dist/index.html', 'dist-server/main.mjs'];

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** What build-if-changed decides for the folder as it is now. */
function decision(): string | undefined {
  return staleBecause(readStamp(root), hashFiles(root, inputs), hashOutputs(root, outputs));
}

/** What build-if-changed does after a build: the stamp of these inputs and outputs. */
function build(): void {
  write('dist/index.html', `<script src="/assets/app-${Math.random()}.js"></script>`);
  write('dist-server/main.mjs', 'serve()');
  const built = hashOutputs(root, outputs);
  if (built === undefined) throw new Error('outputs missing');
  writeStamp(root, { inputs: hashFiles(root, inputs), outputs: built });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  write('src/main.tsx', 'render()');
  write('src/views/home.tsx', 'home()');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when the build is not current', () => {
  it('builds the first time, then not again until something changes', () => {
    expect(decision()).toBe('no build yet');
    build();
    expect(decision()).toBeUndefined();
  });

  it('a changed, added or removed source file, or a changed lock file, rebuilds', () => {
    build();
    write('src/views/home.tsx', 'home(2)');
    expect(decision()).toBe('the sources changed');
    build();
    write('src/views/cart.tsx', 'cart()');
    expect(decision()).toBe('the sources changed');
    build();
    fs.rmSync(path.join(root, 'src/views/cart.tsx'));
    expect(decision()).toBe('the sources changed');
    build();
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(decision()).toBe('the sources changed');
  });

  it('a file renamed with the same content rebuilds (paths are hashed, not only contents)', () => {
    build();
    fs.renameSync(path.join(root, 'src/views/home.tsx'), path.join(root, 'src/views/start.tsx'));
    expect(decision()).toBe('the sources changed');
  });

  it('only a timestamp changed (a fresh clone, a checkout) does not rebuild', () => {
    build();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src/main.tsx'), later, later);
    expect(decision()).toBeUndefined();
  });

  it('an output removed or rebuilt by hand since, or a missing or damaged stamp, rebuilds', () => {
    build();
    write('dist-server/main.mjs', 'serve(other)');
    expect(decision()).toBe('the build was changed since');
    build();
    fs.rmSync(path.join(root, 'dist/index.html'));
    expect(decision()).toBe('no build yet');
    build();
    write('dist-server/build-stamp.json', 'not json');
    expect(decision()).toBe('no build stamp');
  });
});
