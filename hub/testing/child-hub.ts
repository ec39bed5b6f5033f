import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The hub as a separate process, started exactly as `npm start` would run it
 * from source, so a test can kill -9 it. Only 127.0.0.1, never mDNS.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type ChildHub = {
  proc: ChildProcess;
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** SIGKILL: no close, no final snapshot, exactly a power cut for the process. Resolves once it is gone. */
  kill9(): Promise<void>;
  /** Resolves once the process has exited (by itself or killed). */
  exited: Promise<number | null>;
};

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', resolve);
  });
  const addr = srv.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export type SpawnOptions = { dataDir: string; port: number; demo?: boolean; readyTimeoutMs?: number };

/** Starts `node hub/main.ts` and resolves once GET /api/health answers. */
export async function spawnHub(opts: SpawnOptions): Promise<ChildHub> {
  const args = ['hub/main.ts', '--data', opts.dataDir, '--port', String(opts.port), '--host', '127.0.0.1', '--no-mdns'];
  if (opts.demo ?? true) args.push('--demo');
  const proc = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode);
    else proc.once('exit', (code) => resolve(code));
  });
  const url = `http://127.0.0.1:${opts.port}/`;
  const hub: ChildHub = {
    proc,
    url,
    output: () => out,
    exited,
    kill9: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 20_000);
  let gone = false;
  void exited.then(() => (gone = true));
  while (!gone) {
    try {
      const res = await fetch(new URL('/api/health', url), { signal: AbortSignal.timeout(1000) });
      if (res.ok) {
        await res.arrayBuffer();
        return hub;
      }
      await res.arrayBuffer();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await hub.kill9();
      throw new Error(`hub did not become ready in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 15));
  }
  throw new Error(`hub exited before it was ready (code ${proc.exitCode}):\n${out}`);
}
