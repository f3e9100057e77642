/**
 * Vite for the Ninefold UI: React 19, built to ./dist, and in development `/api` (and the
 * realtime socket) proxied to the backend so the session cookie stays same-origin.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

const API_TARGET = process.env.NINEFOLD_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // Pinned to this folder, so a programmatic build from any working directory finds index.html.
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false, ws: true } },
  },
});
