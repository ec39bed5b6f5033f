import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { mayHaveSideEffects } from './pure-hub-modules.ts';
import { zodWithoutJsonSchema } from './zod-without-json-schema.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where `npm run dev` finds the hub it proxies to (the script starts one on this port). */
const devHub = process.env.POS_DEV_HUB ?? 'http://localhost:8081';

/**
 * Builds the page every device opens; the hub serves client/dist. Pages load
 * on demand (client/src/lazy-pages.tsx) and every text file is precompressed.
 */
export default defineConfig({
  root: here,
  base: './',
  plugins: [react(), zodWithoutJsonSchema(), precompress()],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    target: 'es2020',
    // The largest piece is React's DOM (~230 kB); a page past this has pulled in more than its share.
    chunkSizeWarningLimit: 300,
    // The hub's protocol, domain and presenters only declare: what the page imports through a barrel but never uses stays out.
    rolldownOptions: { treeshake: { moduleSideEffects: mayHaveSideEffects } },
  },
  server: {
    fs: { allow: [path.resolve(here, '..')] },
    // `npm run dev`: the API and the live channel go to a hub started beside Vite. The hub answers
    // only to its own names, so the proxy presents the hub's address (`changeOrigin`) as Host.
    // Its Origin check wants the page's Origin to be the Host it is asked as: the proxy presents the hub's.
    proxy: {
      '/api': { target: devHub, changeOrigin: true, headers: { origin: new URL(devHub).origin } },
      '/socket.io': { target: devHub, changeOrigin: true, ws: true, headers: { origin: new URL(devHub).origin } },
    },
  },
});
