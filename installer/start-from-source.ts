/**
 * `npm start`: builds the client when its sources are newer than the last
 * build, then runs the hub from source. Arguments pass through to the hub
 * (`npm start -- --data DIR --port N`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'client', 'dist', 'index.html');

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
function clientIsStale(): boolean {
  if (!existsSync(built)) return true;
  const sources = [path.join(root, 'client'), path.join(root, 'hub', 'protocol'), path.join(root, 'hub', 'domain')];
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

if (clientIsStale()) {
  console.log('Building the client…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', path.join(root, 'client', 'vite.config.ts'), '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import('../hub/main.ts');
