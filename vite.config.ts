import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { visualizer } from 'rollup-plugin-visualizer';

// The API server (server/main.ts) listens on API_PORT in dev; Vite proxies every API prefix to it.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;
const apiPrefixes = ['/api', '/connect', '/payuapi', '/wallet/wallet', '/media'];

/**
 * Dev server only: the views' `@xstate/react` resolves to src/dev/inspected-xstate-react.ts, which gives every
 * useActorRef an inspect hook for the /flows page and ?inspect (docs/decisions/019). `vite build` and vitest never see it.
 */
const inspectedReact = `${import.meta.dirname}/src/dev/inspected-xstate-react.ts`;
const inspectActorsInDev: Plugin = {
  name: 'inspect-actors-in-dev',
  apply: 'serve',
  enforce: 'pre',
  resolveId: (source, importer) => (source === '@xstate/react' && importer !== inspectedReact ? inspectedReact : null),
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

/** The packages the shell itself runs on; the rest (downshift, Stripe, dates, captcha) stay with the screens using them. */
const firstLoadPackages =
  /node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|xstate|@xstate[\\/]react|swr|superstruct|use-sync-external-store|dequal)[\\/]/;

// `BUNDLE_REPORT=1 vite build` also writes what each dependency costs to scratch/ (never into dist/, which is served).
const bundleReport = process.env.BUNDLE_REPORT
  ? [
      visualizer({ filename: 'scratch/bundle-report.html', gzipSize: true, brotliSize: true, template: 'treemap' }),
      visualizer({ filename: 'scratch/bundle-report.json', gzipSize: true, brotliSize: true, template: 'raw-data' }),
    ]
  : [];

export default defineConfig({
  plugins: [inspectActorsInDev, react(), vanillaExtractPlugin(), precompress(), ...bundleReport],
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
    rollupOptions: {
      output: {
        // The runtime every screen needs in one file: cached across deploys that change only our code, and smaller
        // gzipped together than in the ten slivers the default splitting makes (bench/RESULTS-wire.md).
        advancedChunks: { groups: [{ name: 'vendor', test: firstLoadPackages }] },
      },
    },
  },
});
