import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_DIST = path.join(ROOT, 'client', 'dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The client depends on its own sources and on the protocol and domain it imports. */
export function clientIsStale(): boolean {
  const built = path.join(CLIENT_DIST, 'index.html');
  if (!existsSync(built)) return true;
  const sources = [path.join(ROOT, 'client'), path.join(ROOT, 'hub', 'protocol'), path.join(ROOT, 'hub', 'domain')];
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

const BUILD_LOCK = path.join(ROOT, 'client', '.build-lock');
/** A build older than this is taken for one whose process died (a build takes well under a minute). */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Several test processes may find the client stale at once (browser test
 * files of two runs, or a developer's run beside another): Vite empties
 * `dist` before writing, so two builds at once leave a broken page. One
 * builds under a lock directory (mkdir is atomic); the others wait, then
 * find it fresh.
 */
function withBuildLock(build: () => void): void {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      const age = existsSync(BUILD_LOCK) ? Date.now() - statSync(BUILD_LOCK).mtimeMs : 0;
      if (age > STALE_LOCK_MS) rmSync(BUILD_LOCK, { recursive: true, force: true });
      else Atomics.wait(sleeper, 0, 0, 250);
    }
  }
  try {
    build();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/** Builds client/dist with Vite when it is missing or older than its sources. */
export function ensureClientBuilt(log: (m: string) => void = console.log): void {
  if (!clientIsStale()) return;
  withBuildLock(() => buildClient(log));
}

function buildClient(log: (m: string) => void): void {
  // Another process may have built it while this one waited for the lock.
  if (!clientIsStale()) return;
  log('Building the client…');
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', path.join(ROOT, 'client', 'vite.config.ts'), '--logLevel', 'warn'], {
    stdio: 'inherit',
    // Under vitest NODE_ENV is 'test', which would make a development build of React.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`client build failed (exit ${r.status})`);
}
