import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '../hub/einvoice/secrets/test-certificate.ts';
import { claim, health, sendCommand, startHub, type RunningHub } from './binary-process.ts';
import { elfArch } from './node-base.ts';
import { arm64Emulator, type Emulator } from './qemu.ts';

/**
 * The Raspberry Pi binary (`build:binary --arch arm64`), built once with a
 * stand-in client and run here under qemu-user-static: health, the page, one
 * command, a restart that keeps it, a clean SIGTERM exit. CI installs qemu and
 * sets ARM64_CHECKS_REQUIRED=1 (.ci/run), so a missing emulator fails there;
 * elsewhere the test skips and says what to install.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUIRED = process.env.ARM64_CHECKS_REQUIRED === '1';
const found = arm64Emulator();
const emulator: Emulator | null = 'missing' in found ? null : found;
const missing = 'missing' in found ? found.missing : '';
if (!emulator && !REQUIRED) console.warn(`arm64 binary test skipped: ${missing}. CI runs it (ARM64_CHECKS_REQUIRED=1).`);

const MARKER = `pos-hub-arm64-test-${randomUUID()}`;
const work = mkdtempSync(path.join(tmpdir(), 'pos-binary-arm64-'));
const binary = path.join(work, 'out', 'pos-hub-arm64');
const dataDir = path.join(work, 'data');
const running: RunningHub[] = [];

function run(): Promise<RunningHub> {
  if (!emulator) throw new Error('no emulator');
  // An emulated start takes seconds here, more on a busy CI machine: a generous limit, no timing asserted.
  return startHub(emulator.command, [...emulator.prefixArgs, binary], dataDir, 180_000).then((hub) => (running.push(hub), hub));
}

describe.runIf(emulator || REQUIRED)('arm64 binary under qemu-user-static', () => {
  beforeAll(async () => {
    if (!emulator) throw new Error(`ARM64_CHECKS_REQUIRED=1 but ${missing}`);
    const clientDir = path.join(work, 'client');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><title>POS</title><p>${MARKER}</p>\n`);
    const started = Date.now();
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'installer', 'build-binary.ts'), '--arch', 'arm64', '--client-dir', clientDir, '--out', binary], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    console.log(`arm64 binary built in ${((Date.now() - started) / 1000).toFixed(1)} s, ${(statSync(binary).size / 1024 / 1024).toFixed(1)} MB`);
  });

  afterAll(async () => {
    for (const hub of running) await hub.stop('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('is an arm64 executable carrying a blob made without this machine’s compiled code', () => {
    expect(elfArch(binary)).toBe('arm64');
    const seaConfig = JSON.parse(readFileSync(path.join(work, 'out', 'sea-config.json'), 'utf8')) as { useCodeCache?: boolean; useSnapshot?: boolean };
    // x64 machine code in the blob would be rejected by the arm64 Node (STACK.md "arm64, tried here end to end").
    expect(seaConfig.useCodeCache).toBe(false);
    expect(seaConfig.useSnapshot).toBe(false);
  });

  it('answers health, serves the page, takes a command, keeps it across a restart and a kill -9, and stops cleanly', async () => {
    const hub = await run();
    expect(await (await fetch(`${hub.base}/`)).text()).toContain(MARKER);
    const cookie = await claim(hub, 'Pi Test');
    const before = await health(hub.base);

    const name = `Pi ${MARKER.slice(-8)}`;
    const reply = await sendCommand(hub.base, cookie, 'restaurant.rename', { name });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.ok).toBe(true);
    expect(reply.body.seq).toBeGreaterThan(before.seq);
    // Bad input is refused the same way on arm64: a clear code, nothing stored.
    const refused = await sendCommand(hub.base, cookie, 'restaurant.rename', { name: '' });
    expect(refused.body.ok).toBe(false);
    expect(refused.body.code).toMatch(/^[A-Z][A-Z_]+$/);
    expect((await health(hub.base)).seq).toBe(reply.body.seq);

    // qemu passes SIGTERM to the hub, which writes its final snapshot and exits 0.
    expect(await hub.stop('SIGTERM'), hub.output()).toBe(0);

    const again = await run();
    const reopened = await health(again.base);
    expect(reopened.seq).toBe(reply.body.seq);
    expect(reopened.storeId).toBe(before.storeId);
    expect(again.output()).not.toContain('Claim code');
    const state = await fetch(`${again.base}/api/state`, { headers: { cookie } });
    expect(state.status).toBe(200);
    expect(await state.text()).toContain(name);

    // Worker threads start from the bundled text inside the binary: the certificate check and past days' report figures.
    const p12 = makeTestPkcs12('clave');
    const put = (password: string) =>
      fetch(`${again.base}/api/einvoice/certificate`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ p12Base64: Buffer.from(p12.p12).toString('base64'), password }) });
    const upload = await put('clave');
    expect(upload.status, await upload.clone().text()).toBe(200);
    expect(((await (await put('otra')).json()) as { code: string }).code).toBe('CERT_BAD_PASSWORD');
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const report = await fetch(`${again.base}/api/reports/orders?from=${day(30)}&to=${day(2)}`, { headers: { cookie } });
    expect(report.status, await report.clone().text()).toBe(200);

    // A power cut (kill -9 of the emulator and the hub in it) right after an acknowledged command: the command is kept.
    const renamed = await sendCommand(again.base, cookie, 'restaurant.rename', { name: `${name} 2` });
    expect(renamed.body.ok, JSON.stringify(renamed.body)).toBe(true);
    expect(await again.stop('SIGKILL')).toBeNull();

    const afterCut = await run();
    expect((await health(afterCut.base)).seq).toBe(renamed.body.seq);
    expect(await (await fetch(`${afterCut.base}/api/state`, { headers: { cookie } })).text()).toContain(`${name} 2`);
    expect(await afterCut.stop('SIGTERM'), afterCut.output()).toBe(0);
  });
});
