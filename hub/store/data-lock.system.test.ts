import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnHub, type ChildHub } from '#hub/testing/child-hub.ts';

/**
 * Two hubs on one data folder (issue 18): both would acknowledge the same
 * seq for different changes and a restart would lose one. The second start
 * is refused with one sentence; the first keeps serving; a hub killed with
 * -9 leaves no stale lock, so the next start succeeds at once.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pos-two-hubs-'));
const hubs: ChildHub[] = [];

afterAll(async () => {
  await Promise.all(hubs.map((h) => h.kill9()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `node hub/main.ts` to its exit, as `npm start -- --port N` would. */
function runToExit(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['hub/main.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

async function storeIdOf(hub: ChildHub): Promise<string> {
  const res = await fetch(new URL('/api/health', hub.url));
  return ((await res.json()) as { storeId: string }).storeId;
}

describe('one hub per data folder', () => {
  it('a second start on the same folder is refused, the first still serves, and kill -9 leaves no stale lock', { timeout: 90_000 }, async () => {
    const firstPort = await freePort();
    const first = await spawnHub({ dataDir, port: firstPort });
    hubs.push(first);
    const storeId = await storeIdOf(first);

    const second = await runToExit(['--data', dataDir, '--port', String(await freePort()), '--host', '127.0.0.1', '--no-mdns', '--demo']);
    expect(second.code).toBe(1);
    expect(second.output.trim()).toBe(
      `POS hub did not start. Another hub is already running on the data folder ${dataDir} (process ${first.proc.pid}, port ${firstPort}): stop it first, or start this one with another folder (--data DIR).`,
    );

    // The first hub is untouched by the attempt.
    expect(await storeIdOf(first)).toBe(storeId);

    await first.kill9();
    const third = await spawnHub({ dataDir, port: await freePort() });
    hubs.push(third);
    expect(await storeIdOf(third)).toBe(storeId);
  });

  it('three hubs started at the same moment on one fresh folder: exactly one runs, the others are refused', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pos-three-hubs-'));
    try {
      const ports = [await freePort(), await freePort(), await freePort()];
      const starts = ports.map((port) => {
        const child = spawn(process.execPath, ['hub/main.ts', '--data', dir, '--port', String(port), '--host', '127.0.0.1', '--no-mdns'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
        return { child, port, output: () => output, exited };
      });
      // The refused ones exit by themselves; the one that runs says so.
      for (;;) {
        const exited = starts.filter((s) => s.child.exitCode !== null);
        const running = starts.filter((s) => s.output().includes('is running'));
        if (exited.length === 2 && running.length === 1) break;
        if (exited.length === 3) throw new Error(starts.map((s) => s.output()).join('\n---\n'));
        await new Promise((r) => setTimeout(r, 50));
      }
      const winner = starts.find((s) => s.child.exitCode === null)!;
      for (const loser of starts.filter((s) => s !== winner)) {
        expect(await loser.exited).toBe(1);
        expect(loser.output()).toContain(`Another hub is already running on the data folder ${dir}`);
      }
      const res = await fetch(`http://127.0.0.1:${winner.port}/api/health`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      winner.child.kill('SIGKILL');
      await winner.exited;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a port another program holds is one clear sentence, and the data folder is free again for the next start', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pos-port-taken-'));
    const holderDir = mkdtempSync(path.join(tmpdir(), 'pos-port-holder-'));
    try {
      const holder = await spawnHub({ dataDir: holderDir, port: await freePort() });
      hubs.push(holder);
      const port = Number(new URL(holder.url).port);
      const refused = await runToExit(['--data', dir, '--port', String(port), '--host', '127.0.0.1', '--no-mdns']);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`POS hub did not start. Port ${port} is already in use by another program: stop it, or start the hub on another port (--port N).`);
      expect(refused.output).not.toMatch(/EADDRINUSE|\n\s+at /);
      const next = await spawnHub({ dataDir: dir, port: await freePort() });
      hubs.push(next);
      await next.kill9();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(holderDir, { recursive: true, force: true });
    }
  });
});
