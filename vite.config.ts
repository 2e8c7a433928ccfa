import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

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

export default defineConfig({
  plugins: [inspectActorsInDev, react(), vanillaExtractPlugin()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  // No source maps in dist: the server serves everything there, and maps would publish the whole source.
  build: { outDir: 'dist', sourcemap: false },
});
