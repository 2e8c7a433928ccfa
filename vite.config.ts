import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// The API server (server/main.ts) listens on API_PORT in dev; Vite proxies every API prefix to it.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;
const apiPrefixes = ['/api', '/connect', '/payuapi', '/wallet/wallet', '/media'];

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  // No source maps in dist: the server serves everything there, and maps would publish the whole source.
  build: { outDir: 'dist', sourcemap: false },
});
