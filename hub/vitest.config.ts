import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every test of the project. `unit` and `integration` run in parallel
 * workers; `system` (crash, binary, mDNS, browser) start real processes and
 * run one file at a time so they do not fight over 2 cores.
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
          include: ['hub/**/*.test.ts', 'hardware/**/*.test.ts', 'client/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.system.test.ts', 'node_modules/**'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['hub/**/*.system.test.ts', 'installer/**/*.system.test.ts', 'client/e2e/**/*.system.test.ts'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
