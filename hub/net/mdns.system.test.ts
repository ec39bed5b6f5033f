import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NAME } from '#hub/demo/seed.ts';
import type { FoundHub } from './find-hubs.ts';
import { UNNAMED_HUB } from './mdns.ts';

/**
 * The hub announces itself over mDNS, and find-hubs.ts finds it. The loopback
 * device has no multicast, so both run inside a network namespace of their own
 * with multicast on its loopback: no packet leaves it.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NS = `posmdns${process.pid}`;
const PORT = 18_080;

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

let nsError: string | null = null;
try {
  ip('netns', 'add', NS);
} catch (err) {
  nsError = ((err as { stderr?: Buffer }).stderr?.toString() || (err as Error).message).trim();
  console.warn(`SKIPPED hub/net/mdns.system.test.ts: cannot create network namespace ${NS} (${nsError}). It needs root (ip netns add).`);
}

type Run = { child: ChildProcess; output: () => string; exit: Promise<number | null> };
const running: Run[] = [];
const dirs: string[] = [];

function inNamespace(script: string, args: string[]): Run {
  return nodeInNamespace([path.join(ROOT, script), ...args]);
}

function nodeInNamespace(nodeArgs: string[]): Run {
  const child = spawn('ip', ['netns', 'exec', NS, process.execPath, ...nodeArgs], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

/** Starts a hub in the namespace and waits for `ready` in its output (by default: its address). */
async function startHub(extra: string[], port = PORT, ready = `:${port}/`): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pos-mdns-'));
  dirs.push(dataDir);
  const hub = inNamespace('hub/main.ts', ['--data', dataDir, '--port', String(port), ...extra]);
  running.push(hub);
  const deadline = Date.now() + 30_000;
  while (!hub.output().includes(ready)) {
    if (hub.child.exitCode !== null) throw new Error(`hub exited early:\n${hub.output()}`);
    if (Date.now() > deadline) throw new Error(`hub did not start:\n${hub.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return hub;
}

async function stop(run: Run): Promise<number | null> {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
  return run.exit;
}

describe.skipIf(nsError !== null)('mDNS announcement (network namespace)', () => {
  beforeAll(() => {
    ip('netns', 'exec', NS, 'ip', 'link', 'set', 'lo', 'up');
    ip('netns', 'exec', NS, 'ip', 'link', 'set', 'lo', 'multicast', 'on');
    ip('netns', 'exec', NS, 'ip', 'route', 'add', '224.0.0.0/4', 'dev', 'lo');
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map(stop));
  });

  afterAll(() => {
    try {
      ip('netns', 'del', NS);
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  it('a hub announces its restaurant name, port and store id', async () => {
    const hub = await startHub(['--demo']);
    const finder = inNamespace('hub/net/find-hubs.ts', ['--timeout', '3', '--health', '--json']);
    expect(await finder.exit, finder.output()).toBe(0);
    const found = JSON.parse(finder.output()) as FoundHub & { health: { ok: boolean; storeId: string } };
    expect(found.name).toBe(DEMO_NAME);
    expect(found.port).toBe(PORT);
    expect(found.txt.path).toBe('/');
    expect(found.health.ok).toBe(true);
    expect(found.txt.storeId).toBe(found.health.storeId);
    expect(await stop(hub), hub.output()).toBe(0);
  });

  it('a second unclaimed hub whose name is taken announces the next free name, without a stack trace; find-hubs lists both', async () => {
    const first = await startHub([], PORT, 'mdns: announced as');
    const second = await startHub([], PORT + 1, 'mdns: announced as');
    expect(first.output()).toContain(`mdns: announced as "${UNNAMED_HUB}"`);
    expect(second.output()).toContain(`another hub on this network is already called "${UNNAMED_HUB}"; this one is announced as "${UNNAMED_HUB} (2)"`);
    expect(second.output()).not.toMatch(/Error|\n\s+at /);
    const finder = inNamespace('hub/net/find-hubs.ts', ['--timeout', '3', '--json']);
    expect(await finder.exit, finder.output()).toBe(0);
    const found = finder
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as FoundHub);
    expect(found.map((h) => `${h.name} ${h.port}`).sort()).toEqual([`${UNNAMED_HUB} (2) ${PORT + 1}`, `${UNNAMED_HUB} ${PORT}`]);
    expect(await stop(second), second.output()).toBe(0);
    expect(await stop(first), first.output()).toBe(0);
  });

  it('the claim names the hub: it is announced again under the restaurant name, and the old name is gone', async () => {
    const hub = await startHub([], PORT, 'mdns: announced as');
    const code = /Claim code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(hub.output())?.[1];
    expect(code, hub.output()).toBeTruthy();
    const setup = { claimCode: code, restaurantName: 'Cevichería La Punta', ruc: '', ownerName: 'María Torres', ownerCode: '7', pin: '482915', deviceId: 'owner-phone' };
    const claim = nodeInNamespace([
      '--input-type=module',
      '-e',
      `const r = await fetch('http://127.0.0.1:${PORT}/api/setup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(JSON.stringify(setup))} }); console.log(r.status, await r.text()); process.exit(r.ok ? 0 : 1);`,
    ]);
    expect(await claim.exit, claim.output()).toBe(0);
    const deadline = Date.now() + 20_000;
    while (!hub.output().includes('mdns: announced as "Cevichería La Punta"')) {
      if (Date.now() > deadline) throw new Error(`not announced under the new name:\n${hub.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const finder = inNamespace('hub/net/find-hubs.ts', ['--timeout', '3', '--json']);
    expect(await finder.exit, finder.output()).toBe(0);
    const names = finder
      .output()
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as FoundHub).name);
    expect(names).toEqual(['Cevichería La Punta']);
    expect(await stop(hub), hub.output()).toBe(0);
  });

  it('a hub started with --no-mdns stays silent', async () => {
    const hub = await startHub(['--no-mdns']);
    const started = Date.now();
    const finder = inNamespace('hub/net/find-hubs.ts', ['--timeout', '3']);
    expect(await finder.exit).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(finder.output()).toContain('No POS hub answered');
    expect(await stop(hub), hub.output()).toBe(0);
  });
});
