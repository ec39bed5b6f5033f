import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Temporary directories for store and engine tests: `make()` creates one
 * under the OS temp dir; every one made in a test is removed after it.
 */
export function useTempDirs(prefix = 'pos-hub-test-'): { make: () => Promise<string> } {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
  });
  return {
    make: async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
  };
}

/** Collects what a store component logs, for assertions. */
export function logSink(): { log: (msg: string) => void; lines: string[] } {
  const lines: string[] = [];
  return { log: (msg) => void lines.push(msg), lines };
}
