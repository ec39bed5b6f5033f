import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyUpdate, currentRelease } from './apply.ts';
import { releaseBinary, stagedBinary, updateLayout, type UpdateLayout } from './layout.ts';
import type { UpdateRequest } from './request.ts';
import { lockDataDir } from '#hub/store/data-lock.ts';
import { encodeLine } from '#hub/store/line-codec.ts';

/**
 * The updater's refusals and its bookkeeping, with the service stood in for
 * (`running` is what a restart makes answer healthy). Every refusal leaves
 * the links as they were, no request behind, and a result for the owner.
 */
let dir: string;
let layout: UpdateLayout;
let running: string | null;
let restarts: number;
let stops: number;
/** What a release does when the service starts it (writes to the store, in some tests). */
let onStart: (release: string | null) => Promise<void>;
const execFileAsync = promisify(execFile);
const clock = () => new Date('2026-11-29T01:40:00Z');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

async function install(version: string, link: 'current' | 'previous'): Promise<void> {
  await fs.mkdir(path.dirname(releaseBinary(layout, version)), { recursive: true });
  await fs.writeFile(releaseBinary(layout, version), `binary ${version}`);
  await fs.symlink(path.join('releases', version), layout[link]);
}

async function request(version: string, body: string, patch: Partial<UpdateRequest> = {}): Promise<void> {
  await fs.mkdir(path.dirname(stagedBinary(layout, version)), { recursive: true });
  await fs.writeFile(stagedBinary(layout, version), body);
  const req: UpdateRequest = { version, from: '1.0.0', sha256: sha(body), size: Buffer.byteLength(body), backup: 'b.posbak', requestedAt: clock().toISOString(), source: 'usb', ...patch };
  await fs.writeFile(layout.request, JSON.stringify(req));
}

/** A service whose new release becomes healthy only when `healthy` says so. */
const run = (healthy: (release: string) => boolean) =>
  applyUpdate({
    layout,
    clock,
    giveUpMs: 0,
    backGiveUpMs: 0,
    sleep: async () => {},
    stop: async () => {
      stops++;
      running = null;
    },
    restart: async () => {
      restarts++;
      running = await currentRelease(layout);
      await onStart(running);
    },
    healthyAs: async (release) => running === release && healthy(release),
  });

const links = async () => ({ current: await fs.readlink(layout.current).catch(() => null), previous: await fs.readlink(layout.previous).catch(() => null) });

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'pos-update-apply-'));
  layout = updateLayout(path.join(dir, 'data'), path.join(dir, 'root'));
  await fs.mkdir(layout.updates, { recursive: true });
  running = '1.0.0';
  restarts = 0;
  stops = 0;
  onStart = async () => {};
  await install('1.0.0', 'current');
  await install('0.9.0', 'previous');
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('applyUpdate', () => {
  it('does nothing without a request (the path unit woke for nothing)', async () => {
    expect(await run(() => true)).toBeNull();
    expect(restarts).toBe(0);
    await expect(fs.access(layout.lastResult)).rejects.toThrow();
  });

  it('installs, keeps the old release as previous and drops the one before', async () => {
    await request('1.1.0', 'binary 1.1.0');
    expect(await run(() => true)).toMatchObject({ ok: true, code: 'UPDATE_INSTALLED', running: '1.1.0', backup: 'b.posbak' });
    expect(await links()).toEqual({ current: 'releases/1.1.0', previous: 'releases/1.0.0' });
    expect((await fs.readdir(layout.releases)).sort()).toEqual(['1.0.0', '1.1.0']);
    expect(await fs.readFile(releaseBinary(layout, '1.1.0'), 'utf8')).toBe('binary 1.1.0');
    await expect(fs.access(layout.journal)).rejects.toThrow();
    await expect(fs.access(layout.kept)).rejects.toThrow();
  });

  const refusals: [string, () => Promise<void>, string][] = [
    ['a request that is not JSON', () => fs.writeFile(layout.request, '{oops'), 'UPDATE_BAD_REQUEST'],
    ['a version that walks out of releases/', () => request('1.1.0', 'x', { version: '../../../etc' }), 'UPDATE_BAD_REQUEST'],
    ['a __proto__ version', () => request('1.1.0', 'x', { version: '__proto__' }), 'UPDATE_BAD_REQUEST'],
    ['a request that is a link to another file', async () => {
      await request('1.1.0', 'x');
      await fs.rename(layout.request, path.join(dir, 'elsewhere.json'));
      await fs.symlink(path.join(dir, 'elsewhere.json'), layout.request);
    }, 'UPDATE_BAD_REQUEST'],
    ['a request that is a FIFO (a read would hang)', () => execFileAsync('mkfifo', [layout.request]).then(() => undefined), 'UPDATE_BAD_REQUEST'],
    ['a checksum that is not hex', () => request('1.1.0', 'x', { sha256: 'z'.repeat(64) }), 'UPDATE_BAD_REQUEST'],
    ['a binary changed after the hub checked it', () => request('1.1.0', 'x', { sha256: sha('y') }), 'UPDATE_CHECKSUM_MISMATCH'],
    ['a binary of another size', () => request('1.1.0', 'x', { size: 2 }), 'UPDATE_CHECKSUM_MISMATCH'],
    ['a staged binary that is gone', async () => {
      await request('1.1.0', 'x');
      await fs.rm(stagedBinary(layout, '1.1.0'));
    }, 'UPDATE_CHECKSUM_MISMATCH'],
  ];
  it.each(refusals)('refuses %s: nothing swapped, no restart, no request left, a result to read', async (_what, make, code) => {
    await make();
    expect(await run(() => true)).toMatchObject({ ok: false, code, running: '1.0.0' });
    expect(restarts).toBe(0);
    expect(await links()).toEqual({ current: 'releases/1.0.0', previous: 'releases/0.9.0' });
    expect((await fs.readdir(layout.releases)).sort()).toEqual(['0.9.0', '1.0.0']);
    await expect(fs.access(layout.request)).rejects.toThrow();
    expect(JSON.parse(await fs.readFile(layout.lastResult, 'utf8'))).toMatchObject({ ok: false, code });
  });

  it('goes back when the new release never answers: links as before, the failed release removed, the old one restarted', async () => {
    await request('1.1.0', 'binary 1.1.0');
    expect(await run((r) => r !== '1.1.0')).toMatchObject({ ok: false, code: 'UPDATE_ROLLED_BACK', version: '1.1.0', running: '1.0.0' });
    expect(restarts).toBe(2);
    expect(await links()).toEqual({ current: 'releases/1.0.0', previous: 'releases/0.9.0' });
    expect((await fs.readdir(layout.releases)).sort()).toEqual(['0.9.0', '1.0.0']);
    expect(running).toBe('1.0.0');
    expect(stops).toBe(2);
    // Nothing of the update is left under way: no journal, no kept store, no updater link.
    await expect(fs.access(layout.journal)).rejects.toThrow();
    await expect(fs.access(layout.kept)).rejects.toThrow();
    await expect(fs.lstat(layout.updater)).rejects.toThrow();
  });

  it('leaves a release that recorded changes before failing where it is: acknowledged changes are never thrown away', async () => {
    const segment = path.join(layout.data, 'wal', '0000000000000001.log');
    await fs.mkdir(path.dirname(segment), { recursive: true });
    await fs.writeFile(segment, encodeLine({ seq: 1 }));
    // The new release answers a device (seq 2) and then fails its health check.
    let answered = false;
    onStart = async (release) => {
      if (release === '1.1.0' && !answered) await fs.appendFile(segment, encodeLine({ seq: 2 }));
      answered ||= release === '1.1.0';
    };
    await request('1.1.0', 'binary 1.1.0');
    const result = await run((r) => r !== '1.1.0');
    expect(result).toMatchObject({ ok: false, code: 'UPDATE_ROLLBACK_FAILED', running: '1.1.0' });
    expect(result!.detail).toContain('seq 2 to 2');
    expect(await links()).toEqual({ current: 'releases/1.1.0', previous: 'releases/1.0.0' });
    expect(await fs.readFile(segment, 'utf8')).toBe(encodeLine({ seq: 1 }) + encodeLine({ seq: 2 }));
    expect(running).toBe('1.1.0');
    await expect(fs.access(layout.journal)).rejects.toThrow();
  });

  it("rolls back a release whose only records are its own print bookkeeping (a ticket printed again beats a box left down)", async () => {
    const segment = path.join(layout.data, 'wal', '0000000000000001.log');
    await fs.mkdir(path.dirname(segment), { recursive: true });
    await fs.writeFile(segment, encodeLine({ seq: 1, type: 'order.settle', deviceId: 'till' }));
    let printed = false;
    onStart = async (release) => {
      if (release === '1.1.0' && !printed) await fs.appendFile(segment, encodeLine({ seq: 2, type: 'job.finish', deviceId: 'hub' }));
      printed ||= release === '1.1.0';
    };
    await request('1.1.0', 'binary 1.1.0');
    expect(await run((r) => r !== '1.1.0')).toMatchObject({ ok: false, code: 'UPDATE_ROLLED_BACK', running: '1.0.0' });
    expect(await fs.readFile(segment, 'utf8')).toBe(encodeLine({ seq: 1, type: 'order.settle', deviceId: 'till' }));
    expect(await links()).toEqual({ current: 'releases/1.0.0', previous: 'releases/0.9.0' });
  });

  it('touches nothing while a hub still holds the data folder after the stop', async () => {
    const lock = lockDataDir(layout.data);
    try {
      await request('1.1.0', 'binary 1.1.0');
      expect(await run(() => true)).toMatchObject({ ok: false, code: 'UPDATE_INSTALL_FAILED', running: '1.0.0' });
      expect(await links()).toEqual({ current: 'releases/1.0.0', previous: 'releases/0.9.0' });
      expect((await fs.readdir(layout.releases)).sort()).toEqual(['0.9.0', '1.0.0']);
      expect(running).toBe('1.0.0');
    } finally {
      lock.release();
    }
  });

  it('says so plainly when the old release does not come back either (the backup is named)', async () => {
    await request('1.1.0', 'binary 1.1.0');
    const result = await run(() => false);
    expect(result).toMatchObject({ ok: false, code: 'UPDATE_ROLLBACK_FAILED', running: '1.0.0' });
    expect(result!.detail).toContain('b.posbak');
    expect(await links()).toEqual({ current: 'releases/1.0.0', previous: 'releases/0.9.0' });
  });

  it('never reads a staged binary through a link, nor writes its result through one (root in the hub user\'s folder)', async () => {
    // A root-only file the hub user knows the content of: the link would have root copy it into /opt as 0755.
    const secret = path.join(dir, 'root-only');
    await fs.writeFile(secret, 'secret bytes');
    await request('1.1.0', 'secret bytes');
    await fs.rm(stagedBinary(layout, '1.1.0'));
    await fs.symlink(secret, stagedBinary(layout, '1.1.0'));
    const outside = path.join(dir, 'outside.txt');
    await fs.writeFile(outside, 'untouched');
    await fs.symlink(outside, layout.lastResult);

    expect(await run(() => true)).toMatchObject({ ok: false, code: 'UPDATE_CHECKSUM_MISMATCH' });
    expect(restarts).toBe(0);
    await expect(fs.access(releaseBinary(layout, '1.1.0'))).rejects.toThrow();
    expect(await fs.readFile(outside, 'utf8')).toBe('untouched');
    expect((await fs.lstat(layout.lastResult)).isFile()).toBe(true);
    expect(await fs.readFile(secret, 'utf8')).toBe('secret bytes');
  });

  it('takes a request once even when two updaters start together', async () => {
    await request('1.1.0', 'binary 1.1.0');
    const results = await Promise.all([run(() => true), run(() => true)]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(await links()).toEqual({ current: 'releases/1.1.0', previous: 'releases/1.0.0' });
  });
});
