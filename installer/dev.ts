/**
 * `npm run dev`: the hub from source in watch mode (restarts when a hub file
 * changes) with the demo restaurant on port 8081, and Vite's dev server (the
 * page reloads itself on every client change) proxying `/api` and
 * `/socket.io` to it (client/vite.config.ts). Open the address Vite prints.
 * Ctrl-C stops both. The data lives in dist/dev-data, apart from `npm start`'s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './client-build.ts';

const HUB_PORT = '8081';

function start(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
}

const hub = start(['--watch', path.join('hub', 'main.ts'), '--demo', '--no-mdns', '--host', '127.0.0.1', '--port', HUB_PORT, '--data', path.join('dist', 'dev-data')]);
const vite = start([path.join('node_modules', 'vite', 'bin', 'vite.js'), '--config', path.join('client', 'vite.config.ts')], {
  POS_DEV_HUB: `http://localhost:${HUB_PORT}`,
});

let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of [hub, vite]) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
hub.on('exit', (code) => stopAll(code ?? 0));
vite.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
