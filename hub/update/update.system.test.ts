import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, freePort, sendCommand, type RunningHub } from '../../installer/binary-process.ts';
import { applyUpdate } from './apply.ts';
import { healthyAs } from './cli.ts';
import { releaseBinary, updateLayout, type UpdateLayout } from './layout.ts';
import { UpdateResultSchema } from './request.ts';
import { stageUpdate, uploadTempFile } from './stage.ts';
import { brokenRelease, FakeService, migratingRelease, previousReleaseSource, sourceRelease, writeExecutable } from './testing/service.ts';
import { STORE_FORMAT_VERSION } from '#protocol';
import { readSnapshot } from '#hub/store/snapshot.ts';

/**
 * Updates through real processes: releases are executables under a scratch
 * /opt (the same source run as 0.1.0, then 0.2.0; a broken 0.3.0), the hub
 * runs as a child restarted the way systemd would, and the updater's logic
 * swaps the links and waits for health. Nothing touches the real /opt.
 */
type Health = { ok: boolean; version: string; seq: number; storeId: string };
const health = async (base: string) => (await (await fetch(`${base}/api/health`)).json()) as Health;

let dir: string;
let layout: UpdateLayout;
let service: FakeService;
let cookie: string;
let previousFormat: number;
/** The store format of the snapshot the hub wrote last (hub/store/snapshot.ts). */
const snapshotFormat = async () => (await readSnapshot(path.dirname(layout.updates)))?.format;

/** Every day file (archive/, activity/, ...) and its text: a failed newer release appended a line of its shape to each. */
async function dayFiles(): Promise<Record<string, string>> {
  const data = path.dirname(layout.updates);
  const out: Record<string, string> = {};
  for (const folder of ['archive', 'activity', 'stock', 'shifts']) {
    for (const name of await fs.readdir(path.join(data, folder)).catch(() => [] as string[])) out[`${folder}/${name}`] = await fs.readFile(path.join(data, folder, name), 'utf8');
  }
  return out;
}

async function waitHealthyAs(release: string): Promise<void> {
  for (let i = 0; ; i++) {
    if (await healthyAs(service.base, release).catch(() => false)) return;
    if (i > 1200) throw new Error(`never healthy as ${release}:\n${service.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stage(binaryText: string) {
  const file = await uploadTempFile(layout);
  await fs.writeFile(file, binaryText);
  const running = (await health(service.base)).version;
  // The backup itself is hub/backup's (its own tests); here the hub's call is stood in for.
  return stageUpdate({ layout, file, running, source: 'upload', backup: async () => ({ name: 'pos-backup-test-update.posbak' }), clock: () => new Date() });
}

const apply = (giveUpMs: number) => applyUpdate({ layout, stop: () => service.stop(), restart: () => service.restart(), healthyAs: (r) => healthyAs(service.base, r), giveUpMs, backGiveUpMs: 120_000, clock: () => new Date() });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'pos-update-'));
  const data = path.join(dir, 'data');
  layout = updateLayout(data, path.join(dir, 'root'));
  // 0.1.0 is the source before the last store format bump (it writes the older format); this source is 0.2.0.
  const previous = previousReleaseSource(await fs.mkdtemp(path.join(dir, 'prev-')));
  if (!previous) console.warn('update test: not a git checkout, the previous release is this source (no migration runs)');
  previousFormat = previous ? STORE_FORMAT_VERSION - 1 : STORE_FORMAT_VERSION;
  await writeExecutable(releaseBinary(layout, '0.1.0'), sourceRelease('0.1.0', previous?.main));
  await fs.symlink(path.join('releases', '0.1.0'), layout.current);
  service = new FakeService(layout.current, data, await freePort());
  service.start();
  await waitHealthyAs('0.1.0');
  cookie = await claim(service as unknown as RunningHub, 'Casa Update');
});

afterAll(async () => {
  await service?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('update through real processes', () => {
  it('installs a newer release over a store the older one wrote: same store, same seq, previous kept, selling goes on', async () => {
    expect((await sendCommand(service.base, cookie, 'restaurant.rename', { name: 'Casa 0.1' })).body.ok).toBe(true);
    // The old release's final snapshot: the store as the previous release leaves it.
    await service.restart();
    await waitHealthyAs('0.1.0');
    expect(await snapshotFormat()).toBe(previousFormat);
    const before = await health(service.base);

    const staged = await stage(sourceRelease('0.2.0'));
    expect(staged).toMatchObject({ ok: true, request: { version: '0.2.0', from: '0.1.0', source: 'upload' } });

    const result = await apply(120_000);
    expect(result).toMatchObject({ ok: true, code: 'UPDATE_INSTALLED', version: '0.2.0', running: '0.2.0', from: '0.1.0' });
    expect(await fs.readlink(layout.current)).toBe(path.join('releases', '0.2.0'));
    expect(await fs.readlink(layout.previous)).toBe(path.join('releases', '0.1.0'));
    expect((await fs.stat(releaseBinary(layout, '0.2.0'))).mode & 0o777).toBe(0o755);

    const after = await health(service.base);
    expect(after).toMatchObject({ ok: true, version: '0.2.0', storeId: before.storeId, seq: before.seq });
    const state = await (await fetch(`${service.base}/api/state`, { headers: { cookie } })).json();
    expect(JSON.stringify(state)).toContain('Casa 0.1');
    const next = await sendCommand(service.base, cookie, 'restaurant.rename', { name: 'Casa 0.2' });
    expect(next.body).toMatchObject({ ok: true, seq: before.seq + 1 });
    // Migrated forward: the new release's snapshot is of this format, and it starts from it again.
    await service.restart();
    await waitHealthyAs('0.2.0');
    expect(await snapshotFormat()).toBe(STORE_FORMAT_VERSION);
    expect(await health(service.base)).toMatchObject({ storeId: before.storeId, seq: before.seq + 1 });

    // The request is gone (the path unit does not start again), the staged copy too; the owner reads the result.
    await expect(fs.access(layout.request)).rejects.toThrow();
    expect(await fs.readdir(layout.incoming)).toEqual([]);
    expect(UpdateResultSchema.parse(JSON.parse(await fs.readFile(layout.lastResult, 'utf8')))).toMatchObject({ ok: true, code: 'UPDATE_INSTALLED' });
  });

  it('takes back a release that never becomes healthy: the old one runs again with its state intact', async () => {
    const before = await health(service.base);
    expect(before.version).toBe('0.2.0');

    expect(await stage(brokenRelease('0.3.0'))).toMatchObject({ ok: true, request: { version: '0.3.0', from: '0.2.0' } });
    const result = await apply(3_000);
    expect(result).toMatchObject({ ok: false, code: 'UPDATE_ROLLED_BACK', version: '0.3.0', running: '0.2.0' });
    expect(await fs.readlink(layout.current)).toBe(path.join('releases', '0.2.0'));
    expect(await fs.readlink(layout.previous)).toBe(path.join('releases', '0.1.0'));
    expect((await fs.readdir(layout.releases)).sort()).toEqual(['0.1.0', '0.2.0']);

    const after = await health(service.base);
    expect(after).toMatchObject({ ok: true, version: '0.2.0', storeId: before.storeId, seq: before.seq });
    expect((await sendCommand(service.base, cookie, 'restaurant.rename', { name: 'Casa after rollback' })).body).toMatchObject({ ok: true, seq: before.seq + 1 });
    expect(JSON.parse(await fs.readFile(layout.lastResult, 'utf8'))).toMatchObject({ ok: false, code: 'UPDATE_ROLLED_BACK', running: '0.2.0' });
  });

  it.each([
    ['0.4.0', 'exit'],
    ['0.5.0', 'hang'],
  ] as const)('puts the store back when %s migrates it to a newer format and then fails (%s): the old release opens its own, same seq, selling goes on', async (version, fail) => {
    const before = await health(service.base);
    expect(before.version).toBe('0.2.0');
    const daysBefore = await dayFiles();
    expect(Object.keys(daysBefore).length).toBeGreaterThan(0);

    expect(await stage(migratingRelease(version, fail))).toMatchObject({ ok: true, request: { version, from: '0.2.0' } });
    const result = await apply(3_000);
    expect(service.output()).toContain(`store migrated to format ${STORE_FORMAT_VERSION + 1}`);
    expect(result).toMatchObject({ ok: false, code: 'UPDATE_ROLLED_BACK', version, running: '0.2.0' });
    expect(await fs.readlink(layout.current)).toBe(path.join('releases', '0.2.0'));
    expect(await fs.readlink(layout.previous)).toBe(path.join('releases', '0.1.0'));
    expect((await fs.readdir(layout.releases)).sort()).toEqual(['0.1.0', '0.2.0']);

    // The old release opened its own format: same store, same seq, day files as they were.
    expect(await health(service.base)).toMatchObject({ ok: true, version: '0.2.0', storeId: before.storeId, seq: before.seq });
    expect(await snapshotFormat()).toBe(STORE_FORMAT_VERSION);
    // Day files as they were (the old hub may have appended since: its own lines after them, never the newer shape).
    const daysAfter = await dayFiles();
    expect(Object.keys(daysAfter)).toEqual(Object.keys(daysBefore));
    for (const [name, text] of Object.entries(daysAfter)) {
      expect(text.startsWith(daysBefore[name]!)).toBe(true);
      expect(text).not.toContain('newerShape');
    }
    const next = await sendCommand(service.base, cookie, `restaurant.rename`, { name: `Casa after ${version}` });
    expect(next.body).toMatchObject({ ok: true, seq: before.seq + 1 });
    const state = await (await fetch(`${service.base}/api/state`, { headers: { cookie } })).json();
    expect(JSON.stringify(state)).toContain(`Casa after ${version}`);

    // The migrated store is aside for a look; nothing of the update is left under way.
    expect(await fs.readFile(path.join(layout.rolledBack, 'snapshot.json'), 'utf8')).toContain(`"format":${STORE_FORMAT_VERSION + 1}`);
    await expect(fs.access(layout.journal)).rejects.toThrow();
    await expect(fs.access(layout.kept)).rejects.toThrow();
    await expect(fs.lstat(layout.updater)).rejects.toThrow();
  });

  it('refuses the same release again, an older one, and a file that is not a hub, before any backup', async () => {
    for (const [text, code] of [
      [sourceRelease('0.2.0'), 'UPDATE_NOT_NEWER'],
      [sourceRelease('0.1.5'), 'UPDATE_NOT_NEWER'],
      ['\x7fELF not really', 'UPDATE_NOT_A_HUB'],
      ['#!/bin/sh\necho "pos-hub ../../etc (build x)"\n', 'UPDATE_NOT_A_HUB'],
    ] as const) {
      expect(await stage(text)).toEqual({ ok: false, code });
      await expect(fs.access(layout.request)).rejects.toThrow();
    }
    expect((await fs.readdir(layout.updates)).filter((n) => n.startsWith('.upload-'))).toEqual([]);
  });
});
