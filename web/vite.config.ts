// Vite config for the table app (`npm run build` = `vite build web`, output web/dist).
// The app imports the pure engine from ../src (core, engine, rules) to preview; the dev server
// proxies the API and WebSocket to a running `fray serve` (FRAY_API, default localhost:8080).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));
const api = process.env.FRAY_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    fs: { allow: [repo] },
    proxy: {
      '/api': { target: api, changeOrigin: true, ws: true },
    },
  },
});
