import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../installer/binary-process.ts';
import { BOLETA, sell, send } from '#hub/backup/testing/selling.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { command, DEMO_OWNER, getState, signedIn, useCookie } from '#hub/testing/test-hub.ts';
import { healthyAs } from './cli.ts';
import { releaseBinary, updateLayout, type UpdateLayout } from './layout.ts';
import { stageUpdate, uploadTempFile } from './stage.ts';
import { FakeService, migratingRelease, sourceRelease, writeExecutable } from './testing/service.ts';
import { STORE_FORMAT_VERSION } from '#protocol';
import { readSnapshot } from '#hub/store/snapshot.ts';

/**
 * The root updater killed with -9 in the middle of a failed update (a release
 * that migrates the store to a newer format and never answers health), at
 * each step that changes something: while keeping the store, while the new
 * release is given its time, while putting the store back, after it was put
 * back. The updater started again (as pos-hub-update.path does while the
 * journal exists) finishes the job: the old release runs on its own store,
 * nothing it had lost, and selling goes on with the boleta series gap-free (a
 * demo hub with the sample fiscal settings). The updater is a real process
 * (testing/updater-child.ts); systemctl is the test's FakeService behind a
 * small control server.
 */
type Health = { ok: boolean; version: string; seq: number; storeId: string };
const health = async (base: string) => (await (await fetch(`${base}/api/health`)).json()) as Health;
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing', 'updater-child.ts');

let dir: string;
let layout: UpdateLayout;
let service: FakeService;
let control: Server;
let controlUrl: string;
/** The stand-in for systemctl: one stop or restart at a time, as systemd queues jobs; `idle` once all are done. */
let idle: Promise<void> = Promise.resolve();
let cookie: string;
/** Boletas sold so far: each rollback must leave the series where it was. */
let sold = 1;
const boleta = async () => sell(service.base, cookie, (await getState(service.base)).state, BOLETA);

async function waitHealthyAs(release: string): Promise<void> {
  for (let i = 0; ; i++) {
    if (await healthyAs(service.base, release).catch(() => false)) return;
    if (i > 1200) throw new Error(`never healthy as ${release}:\n${service.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs the updater; with `killAt`, kills it with -9 as soon as it prints that line. Its output. */
function runUpdater(killAt?: string): Promise<string> {
  const child = spawn(process.execPath, [CHILD, '--data', layout.data, '--root', path.join(dir, 'root'), '--port', String(service.port), '--control', controlUrl, '--give-up', '2000'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  let out = '';
  const seen = (d: Buffer) => {
    out += d.toString();
    if (killAt && out.includes(killAt)) child.kill('SIGKILL');
  };
  child.stdout.on('data', seen);
  child.stderr.on('data', seen);
  return new Promise((resolve) => child.once('close', () => resolve(out)));
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'pos-update-kill-'));
  layout = updateLayout(path.join(dir, 'data'), path.join(dir, 'root'));
  await writeExecutable(releaseBinary(layout, '0.2.0'), sourceRelease('0.2.0'));
  await fs.symlink(path.join('releases', '0.2.0'), layout.current);
  service = new FakeService(layout.current, layout.data, await freePort(), ['--demo']);
  control = createServer((req, res) => {
    const what = req.url === '/stop' ? () => service.stop() : req.url === '/restart' ? () => service.restart() : null;
    if (!what) return void res.writeHead(404).end();
    const step = idle.then(what);
    idle = step.catch(() => {});
    step.then(
      () => res.writeHead(200).end(),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((r) => control.listen(0, '127.0.0.1', r));
  controlUrl = `http://127.0.0.1:${(control.address() as { port: number }).port}`;
  service.start();
  await waitHealthyAs('0.2.0');
  cookie = await signedIn(service.base, DEMO_OWNER.code, DEMO_OWNER.pin, 'update-kill-owner');
  useCookie(service.base, cookie);
  await send(service.base, cookie, command('fiscal.saveSettings', SAMPLE_FISCAL));
  expect(await boleta()).toBe(`${SAMPLE_FISCAL.series.boleta}-1`);
});

afterAll(async () => {
  await service?.stop();
  await new Promise((r) => control?.close(r));
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('the updater killed with -9 in the middle of a failed update', () => {
  it.each(['keeping its store', 'phase started', 'waiting for 0.3.0 to answer health', 'phase restoring', 'phase restored'])('killed at "%s", started again: the old release runs on its own store, nothing lost, the boleta series goes on gap-free', async (killAt) => {
    const before = await health(service.base);
    expect(before.version).toBe('0.2.0');
    const file = await uploadTempFile(layout);
    await fs.writeFile(file, migratingRelease('0.3.0', 'hang'));
    const staged = await stageUpdate({ layout, file, running: '0.2.0', source: 'usb', backup: async () => ({ name: 'pos-backup-kill.posbak' }), clock: () => new Date() });
    expect(staged.ok).toBe(true);

    const first = await runUpdater(killAt);
    expect(first).toContain(killAt);
    expect(first).not.toContain('result ');
    await idle;
    // The journal is what makes pos-hub-update.path start the updater again.
    await expect(fs.access(layout.journal)).resolves.toBeUndefined();

    const second = await runUpdater();
    expect(second).toContain('finishing the update to 0.3.0');
    expect(second).toContain('result UPDATE_ROLLED_BACK');
    await idle;

    expect(await fs.readlink(layout.current)).toBe(path.join('releases', '0.2.0'));
    expect(await fs.readdir(layout.releases)).toEqual(['0.2.0']);
    // Nothing the old release had is lost. (Not `equal`: a demo hub's kitchen tickets go to printers that
    // are not there, and their retries are recorded as the hub runs; update.system.test.ts checks seq equal.)
    const after = await health(service.base);
    expect(after).toMatchObject({ ok: true, version: '0.2.0', storeId: before.storeId });
    expect(after.seq).toBeGreaterThanOrEqual(before.seq);
    expect((await readSnapshot(layout.data))?.format).toBe(STORE_FORMAT_VERSION);
    // Selling goes on, and the boleta series with it: the next number, none lost or given twice.
    const [series, number] = (await boleta()).split('-');
    expect(series).toBe(SAMPLE_FISCAL.series.boleta);
    expect(Number(number)).toBe(++sold);
    expect((await health(service.base)).seq).toBeGreaterThan(before.seq);
    await expect(fs.access(layout.journal)).rejects.toThrow();
    await expect(fs.access(layout.kept)).rejects.toThrow();
  });
});
