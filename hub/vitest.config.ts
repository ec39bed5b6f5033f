import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every test of the project, two files at a time (the CI box has 2 cores;
 * Vitest's default there is ONE worker, which ran the whole suite file by
 * file). `unit` files are pure and in-process; `system` (crash, binary,
 * mDNS, installer) and `browser` (headless Chromium) start real processes,
 * each on its own temp folder and ports, so any two files may run side by
 * side. Nothing in a test is timed; the time limits are for a hung test.
 */
export default defineConfig({
  root,
  test: {
    reporters: ['default'],
    maxWorkers: 2,
    // expect.poll's default gives up after 1 s: a page or a hub sharing its core with another test file
    // may take longer to show what it will show. A wrong value still fails, only later.
    expect: { poll: { timeout: 20_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['hub/**/*.test.ts', 'hardware/**/*.test.ts', 'installer/**/*.test.ts', 'client/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.system.test.ts', 'node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['hub/**/*.system.test.ts', 'installer/**/*.system.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['client/e2e/**/*.system.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
