import { describe, expect, it } from 'vitest';
import { firstLoadShares, ownerOf, stylesheets, type VisualizerReport } from '../../bench/suites/bundle-packages.ts';

/** Two chunks as rollup-plugin-visualizer's raw data describes them: module metas point at their parts per chunk. */
const report: VisualizerReport = {
  nodeParts: {
    p1: { gzipLength: 600 },
    p2: { gzipLength: 300 },
    p3: { gzipLength: 100 },
    p4: { gzipLength: 50 },
    p5: { gzipLength: 50 },
  },
  nodeMetas: {
    m1: { id: '/node_modules/react-dom/cjs/react-dom-client.production.js', moduleParts: { 'assets/vendor.js': 'p1' } },
    m2: { id: '/node_modules/@xstate/react/dist/xstate-react.esm.js', moduleParts: { 'assets/vendor.js': 'p2' } },
    m3: { id: '/src/machines/cart.machine.ts', moduleParts: { 'assets/vendor.js': 'p3' } },
    m4: { id: '/src/main.tsx', moduleParts: { 'assets/index.js': 'p4' } },
    m5: { id: '\0vite/modulepreload-polyfill.js', moduleParts: { 'assets/index.js': 'p5', 'assets/later.js': 'p5' } },
  },
};

describe('the first load per package (bench/suites/bundle-packages.ts)', () => {
  it('names the innermost package, our src/ folder, or the bundler', () => {
    expect(ownerOf('/node_modules/react-router/dist/index.mjs')).toBe('react-router');
    expect(ownerOf('/node_modules/@xstate/react/dist/index.js')).toBe('@xstate/react');
    expect(ownerOf('/node_modules/swr/node_modules/dequal/lite/index.mjs')).toBe('dequal');
    expect(ownerOf('/src/views/store/home.tsx')).toBe('src/views/');
    expect(ownerOf('/src/main.tsx')).toBe('src/main.tsx');
    expect(ownerOf('\0rolldown/runtime.js')).toBe('(bundler runtime)');
  });

  it("scales each chunk's modules to the chunk's real gzip size, so the rows add up to the first load", () => {
    // vendor.js gzips to 50 kB whole (its modules alone: 1,000 bytes); index.js to 2 kB; a stylesheet counts whole.
    const files = new Map([
      ['assets/vendor.js', 50],
      ['assets/index.js', 2],
      ['assets/index.css', 3],
    ]);
    const shares = firstLoadShares(report, files);
    expect(shares).toEqual([
      { owner: 'react-dom', gzipKb: 30 },
      { owner: '@xstate/react', gzipKb: 15 },
      { owner: 'src/machines/', gzipKb: 5 },
      { owner: stylesheets, gzipKb: 3 },
      { owner: 'src/main.tsx', gzipKb: 1 },
      { owner: '(bundler runtime)', gzipKb: 1 },
    ]);
    expect(shares.reduce((sum, s) => sum + s.gzipKb, 0)).toBe(55);
  });

  it("refuses a report from another build than dist/'s", () => {
    expect(() => firstLoadShares(report, new Map([['assets/vendor-NEWHASH.js', 50]]))).toThrow('is not in the bundle report');
  });
});
