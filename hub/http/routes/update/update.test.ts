import { promises as fs } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_VERSION } from '#hub/server.ts';
import { updateLayout } from '#hub/update/layout.ts';
import { getJson, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { cookieFor } from '#hub/testing/auth-helpers.ts';
import type { UpdateStatusReply } from './update.ts';

/**
 * The owner's update routes over the real Koa app of a running hub: the gate,
 * each refusal leaving nothing staged, then an upload that is checked (the
 * file is run with --version), backed up by hub/backup and staged.
 */
let t: TestHub;
let waiter: string;
const layout = () => updateLayout(t.dataDir);
const release = (version: string) => `#!/bin/sh\necho 'pos-hub ${version} (build test)'\n`;

async function upload(body: string | Buffer, opts: { cookie?: string; type?: string } = {}) {
  const res = await fetch(new URL('/api/update/upload', t.url), {
    method: 'POST',
    headers: { 'content-type': opts.type ?? 'application/octet-stream', cookie: opts.cookie ?? cookieFor(t.url) ?? '' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; code?: string; version?: string; backup?: string } };
}

/** Nothing was staged: no request, no incoming release, no upload left behind. */
async function nothingStaged(): Promise<void> {
  await expect(fs.access(layout().request)).rejects.toThrow();
  const names = await fs.readdir(layout().updates).catch(() => [] as string[]);
  expect(names.filter((n) => n !== 'incoming')).toEqual([]);
  expect(await fs.readdir(layout().incoming).catch(() => [])).toEqual([]);
}

let usbRoot: string;
let savedRoots: string | undefined;
beforeAll(async () => {
  // A USB stick "mounted" in a temp folder (hub/exports/usb-watch.ts: POS_EXPORT_USB_ROOTS, any sub-folder is a stick).
  usbRoot = await fs.mkdtemp(path.join(tmpdir(), 'pos-update-usb-'));
  savedRoots = process.env.POS_EXPORT_USB_ROOTS;
  process.env.POS_EXPORT_USB_ROOTS = usbRoot;
  t = await startTestHub();
  waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
});
afterAll(async () => {
  await t?.close();
  if (savedRoots === undefined) delete process.env.POS_EXPORT_USB_ROOTS;
  else process.env.POS_EXPORT_USB_ROOTS = savedRoots;
  await fs.rm(usbRoot, { recursive: true, force: true });
});

describe('update routes', () => {
  it('tells the owner what runs, with nothing pending and no result yet', async () => {
    const r = await getJson<UpdateStatusReply>(t.url, '/api/update');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, release: HUB_VERSION, build: 'source', pending: null, last: null, usb: [] });
  });

  it('refuses a waiter both ways', async () => {
    expect((await getJson(t.url, '/api/update', { cookie: waiter })).status).toBe(403);
    expect(await upload(release('9.9.9'), { cookie: waiter })).toMatchObject({ status: 403, body: { ok: false, code: 'FORBIDDEN' } });
    await nothingStaged();
  });

  const refusals: [string, () => Promise<{ status: number; body: { code?: string } }>, number, string][] = [
    ['a JSON body', () => upload('{"file":"x"}', { type: 'application/json' }), 400, 'INCORRECT_INPUT'],
    ['an empty file', () => upload(''), 400, 'UPDATE_NOT_A_HUB'],
    ['a photo', () => upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])), 400, 'UPDATE_NOT_A_HUB'],
    ['a program that prints something else', () => upload('#!/bin/sh\necho v24.21.0\n'), 400, 'UPDATE_NOT_A_HUB'],
    ['a hub naming a walking release', () => upload(release('../../../etc')), 400, 'UPDATE_NOT_A_HUB'],
    ['the release that runs', () => upload(release(HUB_VERSION)), 409, 'UPDATE_NOT_NEWER'],
    ['an older release', () => upload(release('0.0.1')), 409, 'UPDATE_NOT_NEWER'],
    ['a newer one before a backup passphrase exists', () => upload(release('9.9.9')), 409, 'UPDATE_NEEDS_BACKUP_PASSPHRASE'],
  ];
  it.each(refusals)('refuses %s and stages nothing', async (_what, send, status, code) => {
    expect(await send()).toMatchObject({ status, body: { ok: false, code } });
    await nothingStaged();
  });

  it('refuses a declared size past the limit before reading it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(new URL('/api/update/upload', t.url), { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': String(900 * 1024 * 1024), cookie: cookieFor(t.url) ?? '' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('x');
    });
    expect(status).toBe(413);
    await nothingStaged();
  });

  it('stages a newer hub after a backup, and refuses a second one while it waits', async () => {
    const set = await fetch(new URL('/api/backups/passphrase', t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: cookieFor(t.url) ?? '' }, body: JSON.stringify({ passphrase: 'una clave larga de prueba' }) });
    expect(set.status).toBe(200);

    const r = await upload(release('9.9.9'));
    expect(r).toMatchObject({ status: 200, body: { ok: true, version: '9.9.9' } });
    expect(r.body.backup).toMatch(/^pos-backup-.*-update\.posbak$/);
    expect(await fs.readdir(path.join(t.dataDir, 'backups'))).toContain(r.body.backup);
    const staged = path.join(layout().incoming, '9.9.9', 'pos-hub');
    expect((await fs.stat(staged)).mode & 0o777).toBe(0o755);
    expect(JSON.parse(await fs.readFile(layout().request, 'utf8'))).toMatchObject({ version: '9.9.9', from: HUB_VERSION, source: 'upload', backup: r.body.backup });

    const status = await getJson<UpdateStatusReply>(t.url, '/api/update');
    expect(status.body.pending).toMatchObject({ version: '9.9.9', backup: r.body.backup });
    expect(await upload(release('9.9.10'))).toMatchObject({ status: 409, body: { code: 'UPDATE_ALREADY_PENDING' } });
  });

  it('shows the updater result, and ignores one that is not of its shape', async () => {
    await fs.rm(layout().request);
    const result = { ok: false, code: 'UPDATE_ROLLED_BACK', version: '9.9.9', running: HUB_VERSION, from: HUB_VERSION, backup: 'b', startedAt: 'x', finishedAt: '2026-11-29T02:00:00.000Z', detail: 'did not start' };
    await fs.writeFile(layout().lastResult, JSON.stringify(result));
    expect((await getJson<UpdateStatusReply>(t.url, '/api/update')).body).toMatchObject({ pending: null, last: { ok: false, code: 'UPDATE_ROLLED_BACK', version: '9.9.9', running: HUB_VERSION } });
    await fs.writeFile(layout().lastResult, JSON.stringify({ ...result, code: '__proto__' }));
    expect((await getJson<UpdateStatusReply>(t.url, '/api/update')).body.last).toBeNull();
  });

  it('lists hub programs on a USB stick in the box and installs one named back, never a link or a path', async () => {
    const stick = path.join(usbRoot, 'KINGSTON');
    await fs.mkdir(stick, { recursive: true });
    await fs.writeFile(path.join(stick, 'pos-hub-9.9.20'), release('9.9.20'), { mode: 0o644 });
    await fs.writeFile(path.join(stick, 'photo.jpg'), 'x');
    await fs.writeFile(path.join(t.dataDir, 'secret-outside'), release('9.9.30'));
    await fs.symlink(path.join(t.dataDir, 'secret-outside'), path.join(stick, 'pos-hub-link'));
    await fs.rm(layout().lastResult, { force: true });
    // What the updater would have taken away with the earlier request.
    await fs.rm(layout().incoming, { recursive: true, force: true });

    const listed = await getJson<UpdateStatusReply>(t.url, '/api/update');
    expect(listed.body.usb).toEqual([{ stick: 'KINGSTON', name: 'pos-hub-9.9.20', size: release('9.9.20').length }]);

    const install = (body: unknown, cookie = cookieFor(t.url) ?? '') =>
      fetch(new URL('/api/update/usb', t.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { ok: boolean; code?: string; version?: string } }));
    for (const body of [
      { stick: 'KINGSTON', name: 'pos-hub-link' },
      { stick: 'KINGSTON', name: '../../secret-outside' },
      { stick: '..', name: 'pos-hub-9.9.20' },
      { stick: '__proto__', name: 'constructor' },
    ]) {
      expect(await install(body)).toMatchObject({ status: 404, body: { ok: false, code: 'NOT_FOUND' } });
    }
    expect((await install({ stick: 'KINGSTON' })).status).toBe(400);
    expect((await install({ stick: 'KINGSTON', name: 'pos-hub-9.9.20' }, waiter)).status).toBe(403);
    await nothingStaged();

    expect(await install({ stick: 'KINGSTON', name: 'pos-hub-9.9.20' })).toMatchObject({ status: 200, body: { ok: true, version: '9.9.20' } });
    expect(JSON.parse(await fs.readFile(layout().request, 'utf8'))).toMatchObject({ version: '9.9.20', source: 'usb' });
    // The stick keeps its file: the copy is the hub's.
    expect(await fs.readFile(path.join(stick, 'pos-hub-9.9.20'), 'utf8')).toBe(release('9.9.20'));
  });
});
