/**
 * Runs a built hub binary as a child process for tests and the bench: a free
 * port, start, wait for /api/health, claim it, stop with SIGTERM. The command
 * can be prefixed (qemu-aarch64-static for the arm64 binary on this machine).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';

export type Health = { ok: boolean; seq: number; storeId: string };

export type RunningHub = {
  base: string;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal). */
  exit: Promise<number | null>;
  output: () => string;
  /** Milliseconds from spawn to the first healthy /api/health. */
  startMs: number;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `command` (the binary, or an emulator with the binary as its first
 * argument) on a data folder and waits until /api/health says ok. Gives up when
 * the process exits, or after `giveUpMs` (an emulated start takes seconds).
 */
export async function startHub(command: string, prefixArgs: string[], dataDir: string, giveUpMs = 60_000): Promise<RunningHub> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(command, [...prefixArgs, '--data', dataDir, '--port', String(port), '--host', '127.0.0.1', '--no-mdns'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    return exit;
  };
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${command} exited with ${proc.exitCode ?? proc.signalCode}:\n${out}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok && ((await res.json()) as Health).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > giveUpMs) {
      await stop('SIGKILL');
      throw new Error(`${command} did not answer /api/health within ${giveUpMs / 1000} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { base, pid: proc.pid ?? -1, exit, output: () => out, startMs: performance.now() - started, stop };
}

export async function health(base: string): Promise<Health> {
  return (await (await fetch(`${base}/api/health`)).json()) as Health;
}

/** Waits for the claim code line a new hub prints just after it starts listening. */
export async function claimCode(hub: RunningHub): Promise<string> {
  for (let i = 0; i < 200 && !/Claim code/.test(hub.output()); i++) await new Promise((r) => setTimeout(r, 50));
  const code = /Claim code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(hub.output())?.[1];
  if (!code) throw new Error(`no claim code printed:\n${hub.output()}`);
  return code;
}

/** Claims a new hub as its owner; returns the session cookie. */
export async function claim(hub: RunningHub, restaurantName: string): Promise<string> {
  const res = await fetch(`${hub.base}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ claimCode: await claimCode(hub), restaurantName, ruc: '', ownerName: 'Dueña', ownerCode: '1', pin: '2580', deviceId: 't' }),
  });
  if (res.status !== 200) throw new Error(`setup answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Sends one command over HTTP as a signed-in device; returns the hub's reply. */
export async function sendCommand(base: string, cookie: string, type: string, payload: unknown): Promise<{ status: number; body: { ok: boolean; seq?: number; code?: string } }> {
  const command = { id: randomUUID(), type, payload, deviceId: 't', at: new Date().toISOString() };
  const res = await fetch(`${base}/api/commands`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(command) });
  return { status: res.status, body: (await res.json()) as { ok: boolean; seq?: number; code?: string } };
}
