import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { visualizer } from 'rollup-plugin-visualizer';
import { screenPreloads, withHints, type Manifest } from './server/http/spa-shell.ts';
import { stripMachineDescriptionsPlugin } from './scripts/strip-machine-descriptions.ts';

// The API server (server/main.ts) listens on API_PORT in dev; Vite proxies every API prefix to it.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;
const apiPrefixes = ['/api', '/connect', '/payuapi', '/wallet/wallet', '/media'];

/**
 * The views' `@xstate/react` resolves to a copy whose hooks give every actor one more inspect hook
 * (src/dev/with-inspection.ts); the copy itself and its factory import the real package.
 * - Dev server: src/dev/inspected-xstate-react.ts, for the /flows page and ?inspect (docs/decisions/019).
 * - `VITE_RECORD_FLOWS=1 vite build` (the build `npm run test:e2e` runs): src/dev/recorded-xstate-react.ts, which
 *   records each machine's states and transitions for `npm run flows:coverage` (docs/decisions/043).
 * A plain `vite build` (`npm start`) and vitest see neither.
 */
const inspectedReact = `${import.meta.dirname}/src/dev/inspected-xstate-react.ts`;
const recordedReact = `${import.meta.dirname}/src/dev/recorded-xstate-react.ts`;
const hooksFactory = `${import.meta.dirname}/src/dev/with-inspection.ts`;
const recordFlows = process.env.VITE_RECORD_FLOWS === '1';
function xstateReactAs(wrapper: string): Plugin['resolveId'] {
  return (source, importer) => (source === '@xstate/react' && importer !== wrapper && importer !== hooksFactory ? wrapper : null);
}
const inspectActorsInDev: Plugin = { name: 'inspect-actors-in-dev', apply: 'serve', enforce: 'pre', resolveId: xstateReactAs(inspectedReact) };
const recordActorsInBuild: Plugin = {
  name: 'record-actors-in-build',
  apply: (_config, env) => recordFlows && env.command === 'build' && !env.isSsrBuild,
  enforce: 'pre',
  resolveId: xstateReactAs(recordedReact),
};

/** Text files worth compressing; pictures and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|wasm)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const precompressMinBytes = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, once, so the server
 * (@fastify/static `preCompressed`) sends them without compressing on each request (docs/decisions/023-wire.md).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? path.resolve('dist');
      const manifestDir = path.join(outDir, '.vite');
      for (const file of filesUnder(outDir).filter((f) => compressible.test(f) && !f.startsWith(manifestDir))) {
        const content = fs.readFileSync(file);
        if (content.length < precompressMinBytes) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The folder of dist/ the server reads the prerendered pages from (server/http/spa-shell.ts, the same name): a dot
 * folder, which the static file server never serves, so a page is reached only through its route.
 */
const shellsDir = '.shells';

/**
 * A prerendered page is painted before the app loads: its head keeps the stylesheets but not the entry script or its
 * modulepreloads, and a few lines (assets/after-paint-<hash>.js, a file since the CSP allows no inline script) ask for
 * the entry's chunks together after the next frame, then start it. So neither the download of the app's scripts nor
 * their compiling on a slow phone holds back a page that is already in the HTML. A hidden tab (no frames) starts at once.
 */
function startAfterPaint(html: string, outDir: string): string {
  const entry = /<script type="module" crossorigin src="\/assets\/([^"]+\.js)"><\/script>\n?\s*/.exec(html);
  if (!entry?.[1]) throw new Error('index.html has no entry <script type="module"> to start after the first paint');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+\.js)">\n?\s*/g)];
  const chunks = [entry[1], ...preloads.map((link) => link[1])];
  const starter = [
    '// Loads and starts the app after the prerendered page has been painted (vite.config.ts startAfterPaint).',
    `const chunks = ${JSON.stringify(chunks)};`,
    'const start = () => {',
    '  for (const chunk of chunks) {',
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    "    link.crossOrigin = '';",
    '    link.href = new URL(chunk, import.meta.url).href;',
    '    document.head.append(link);',
    '  }',
    `  return import('./${entry[1]}');`,
    '};',
    "if (document.visibilityState === 'hidden') start();",
    'else requestAnimationFrame(() => setTimeout(start));',
    '',
  ].join('\n');
  const name = `after-paint-${createHash('sha256').update(starter).digest('base64url').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(outDir, 'assets', name), starter);
  let shell = html.replace(entry[0], `<script type="module" crossorigin src="/assets/${name}"></script>\n    `);
  for (const link of preloads) shell = shell.replace(link[0], '');
  return shell;
}

/**
 * After the browser build, renders the store's frame and the static pages to HTML (react-dom/static, from an SSR
 * build of src/views/prerender-shells.tsx) and writes each as index.html with its markup in #root, to
 * dist/.shells/<page>.html: the server sends those for their paths (compressed once, as its other shells), so the
 * first paint needs no script (docs/decisions/034-react-ships.md). The SSR build uses this same config, so class names match.
 */
function prerenderShells(): Plugin {
  let outDir = 'dist';
  let isSsrBuild = false;
  return {
    name: 'prerender-shells',
    apply: 'build',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr);
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (isSsrBuild) return;
      // A folder of its own per build (never served), so builds running at once do not share it; under node_modules,
      // where its imports of react and the rest resolve.
      const cache = path.resolve(import.meta.dirname, 'node_modules/.cache');
      fs.mkdirSync(cache, { recursive: true });
      const prerenderBuildDir = fs.mkdtempSync(path.join(cache, 'prerender-shells-'));
      try {
        await writeShells(prerenderBuildDir);
      } finally {
        fs.rmSync(prerenderBuildDir, { recursive: true, force: true });
      }
    },
  };

  async function writeShells(prerenderBuildDir: string) {
    await build({
      configFile: path.resolve(import.meta.dirname, 'vite.config.ts'),
      logLevel: 'warn',
      build: { ssr: 'src/views/prerender-shells.tsx', outDir: prerenderBuildDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
    });
    type Shells = typeof import('./src/views/prerender-shells.tsx');
    // eslint-disable-next-line no-restricted-syntax -- the SSR build's output file, loaded after it is written: no source module
    const shells = (await import(pathToFileURL(path.join(prerenderBuildDir, 'prerender-shells.js')).href)) as Shells;
    const html = startAfterPaint(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), outDir);
    if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    fs.mkdirSync(path.join(outDir, shellsDir), { recursive: true });
    for (const page of shells.prerenderedPages) {
      const markup = await shells.prerenderShell(page);
      const file = path.join(outDir, shellsDir, `${page.name ?? page.path.slice(1)}.html`);
      // The screen's stylesheets block the paint as the entry's do, so the page is styled from the first frame.
      const head = page.screen ? screenPreloads(manifest, page.screen, 'stylesheet') : [];
      // `inert` until the app has rendered over it (src/main.tsx): a click on the picture of a button is not lost.
      // Its fields read-only too: a tool that types without clicking (a password manager, a test) waits for the live ones.
      const still = markup.replace(/<(input|textarea)\b/g, '<$1 readonly');
      const content = Buffer.from(withHints(html, head).replace('<div id="root"></div>', `<div id="root" inert>${still}</div>`));
      fs.writeFileSync(file, content);
    }
  }
}

/** The packages the shell itself runs on; the rest (downshift, Stripe, dates, captcha) stay with the screens using them. */
const firstLoadPackages =
  /node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|xstate|@xstate[\\/]react|swr|superstruct|use-sync-external-store|dequal)[\\/]/;

/**
 * The modules the entry loads before anything else (its static imports, followed through, without the lazy screens'),
 * gathered once the graph is whole. They go into one chunk: left to itself rolldown splits a module the entry already
 * loads into a sliver of its own as soon as a lazy screen imports it too (rolldown#10731), and each sliver costs the
 * first load a request and its own gzip dictionary.
 */
function entryStaticClosure(): { plugin: Plugin; has: (id: string) => boolean } {
  const closure = new Set<string>();
  const own = new Set<string>();
  const plugin: Plugin = {
    name: 'entry-static-closure',
    apply: 'build',
    buildEnd() {
      closure.clear();
      own.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      // The entry and what its page imports by name (src/main.tsx) stay the entry chunk's own: grouped too, rolldown
      // may leave the entry an empty facade and name the page's script after its runtime (it did in the e2e build,
      // whose main.tsx also imports the flow recorder on demand).
      for (const id of entries) [id, ...(this.getModuleInfo(id)?.importedIds ?? [])].forEach((module) => own.add(module));
      const pending = [...entries];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (closure.has(id)) continue;
        closure.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => closure.has(id) && !own.has(id) };
}
const firstLoad = entryStaticClosure();
/** The chunks the first load fetches by name (codeSplitting's groups below, and rolldown's runtime). */
const firstLoadChunkNames = new Set(['app', 'vendor', 'rolldown-runtime', 'index']);

// `BUNDLE_REPORT=1 vite build` also writes what each dependency costs to scratch/ (never into dist/, which is served).
// Of the browser build only: the prerender's SSR build (prerenderShells) would write over it.
const browserBuildOnly = (plugin: Plugin): Plugin => ({ ...plugin, apply: (_config, env) => env.command === 'build' && !env.isSsrBuild });
const bundleReport = process.env.BUNDLE_REPORT
  ? [
      visualizer({ filename: 'scratch/bundle-report.html', gzipSize: true, brotliSize: true, template: 'treemap' }),
      visualizer({ filename: 'scratch/bundle-report.json', gzipSize: true, brotliSize: true, template: 'raw-data' }),
    ].map(browserBuildOnly)
  : [];

/**
 * use-sync-external-store's `shim` entries (what @xstate/react and swr import) carry a fallback for React before 18;
 * the same package's plain entries use React's own useSyncExternalStore, which React 19 has.
 */
const syncExternalStoreWithoutShim = [
  { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
  { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: 'use-sync-external-store' },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  // In `vite build` only: the plain entry's development build warns on every start that it needs React 18+.
  resolve: { alias: command === 'build' ? syncExternalStoreWithoutShim : [] },
  plugins: [
    inspectActorsInDev,
    recordActorsInBuild,
    react(),
    vanillaExtractPlugin(),
    browserBuildOnly(precompress()),
    prerenderShells(),
    firstLoad.plugin,
    stripMachineDescriptionsPlugin(),
    ...bundleReport,
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  // No source maps in dist: the server serves everything there, and maps would publish the whole source.
  // The manifest tells bench/bundle-size.ts which chunks each screen loads.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    // Every browser the store supports has modulepreload: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // A lazy screen's list of chunks to preload leaves out the first load's own (the runtime, vendor and app
      // chunks): the page has them before any screen is asked for, and every list naming them cost the first load bytes.
      resolveDependencies: (_file: string, deps: string[]) =>
        deps.filter((dep) => !/^assets\/(?:vendor|app|rolldown-runtime)-[\w-]{7}\.js$/.test(dep)),
    },
    rollupOptions: {
      // Machines, the api layer and rules run nothing when imported (DESIGN.md; tests/architecture checks the machines),
      // so what a module does not use of them is dropped: a view importing a flow's door (src/machines/<flow>/index.ts)
      // takes only the machines it starts, not its siblings, and a contract file only the structs in use.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/](?:machines|api|rules)[\\/]/.test(id) },
      output: {
        // Seven characters of hash (42 bits, the fewest rolldown allows for this many chunks) tell a file from its other versions as surely as eight, and the first
        // load carries every lazy chunk's name (its list of what to preload): about 0.2 kB of gzip fewer. A lazy chunk or
        // stylesheet is named by its hash alone, for the same reason (96 names: 0.45 kB of gzip), behind 'c-' so that no
        // file name starts with a dash (a hash may); dist/.vite/manifest.json says which source each one holds. The
        // first load's own files keep their names (index, app, vendor, runtime).
        // (The build-time prerender, an SSR build, keeps its default names: writeShells imports its entry by name.)
        ...(isSsrBuild
          ? {}
          : {
              entryFileNames: 'assets/[name]-[hash:7].js',
              chunkFileNames: (chunk: { name: string }) =>
                firstLoadChunkNames.has(chunk.name) ? 'assets/[name]-[hash:7].js' : 'assets/c-[hash:7].js',
              assetFileNames: (asset: { names: readonly string[] }) =>
                asset.names.some((name) => /\.css$/.test(name)) && !asset.names.some((name) => firstLoadChunkNames.has(name.replace(/\.css$/, '')))
                  ? 'assets/c-[hash:7][extname]'
                  : 'assets/[name]-[hash:7][extname]',
            }),
        // The runtime every screen needs in one file: cached across deploys that change only our code, and smaller
        // gzipped together than in the ten slivers the default splitting makes (bench/RESULTS-wire.md).
        codeSplitting: {
          groups: [
            { name: 'vendor', test: (id: string) => firstLoadPackages.test(id), priority: 2 },
            { name: 'app', test: (id: string) => firstLoad.has(id) && !id.includes('node_modules'), priority: 1 },
            // The screens' api calls (a few dozen bytes each) in one lazy chunk, not one each: every lazy chunk's name is
            // in the first load's list (about 8 bytes of gzip each, a hash not compressing), and ~1 kB together.
            { name: 'api', test: (id: string) => /[\\/]src[\\/]api[\\/][\w-]+\.api\.ts$/.test(id) && !firstLoad.has(id), priority: 0 },
          ],
        },
      },
    },
  },
}));
