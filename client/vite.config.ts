import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the page every device opens; the hub serves client/dist. */
export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 600,
  },
  server: { fs: { allow: [path.resolve(here, '..')] } },
});
