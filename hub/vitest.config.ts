import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every test of the project. `unit` runs in parallel workers; `system`
 * (crash, binary, mDNS, installer) and `browser` (headless Chromium) start
 * real processes and each runs one file at a time, the two side by side: a
 * browser test mostly waits on Chromium and the page, a crash test on its
 * child hub, so two chains fill 2 cores without four processes fighting.
 */
export default defineConfig({
  root,
  test: {
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['hub/**/*.test.ts', 'hardware/**/*.test.ts', 'installer/**/*.test.ts', 'client/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.system.test.ts', 'node_modules/**'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['hub/**/*.system.test.ts', 'installer/**/*.system.test.ts'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['client/e2e/**/*.system.test.ts'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
