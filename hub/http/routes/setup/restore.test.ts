import { promises as fs } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey, newKdfParams } from '#hub/backup/crypto.ts';
import { RESTORE_DIR } from '#hub/backup/handover.ts';
import { writeBackup } from '#hub/backup/write.ts';
import { startHub } from '#hub/server.ts';
import type { RestoreReply, RestoreUploadReply, Snapshot } from '#protocol';
import { command, DEMO_OWNER, getJson, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * "Restore from a backup" on an unclaimed hub, over the real Koa app
 * (hub/backup/README.md "Restore from the setup page"): every refusal
 * answers its code and leaves the hub unclaimed with nothing staged; the
 * right claim code and passphrase stage the backup, the hub stops, and the
 * next start on its folder is the backed-up hub.
 */

const PASS = 'ceviche y pisco 2026';
const CAP = 4 * 1024 * 1024;
type Reply<T = unknown> = { status: number; body: T & { code?: string; message?: string } };

let source: TestHub;
let backup: Buffer;
let atBackup: Snapshot;

/** Raw http.request: the test chooses every header (a foreign Host, a declared length). */
function send<T>(base: string, apiPath: string, body: Buffer | string, headers: Record<string, string>, localAddress?: string): Promise<Reply<T>> {
  return new Promise((resolve, reject) => {
    const length = headers['transfer-encoding'] ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request(new URL(apiPath, base), { method: 'POST', headers: { ...length, ...headers }, agent: false, ...(localAddress ? { localAddress } : {}) }, (res) => {
      let got = '';
      res.on('data', (c: Buffer) => (got += c.toString()));
      // A body cut by the hub mid-answer reads as {} (the test then sees no code).
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: (got ? JSON.parse(got) : {}) as Reply<T>['body'] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const upload = (t: TestHub, bytes: Buffer, code = t.hub.claimCode!.code, headers: Record<string, string> = {}) =>
  send<RestoreUploadReply>(t.url, '/api/setup/restore/upload', bytes, { 'content-type': 'application/octet-stream', 'x-claim-code': code, ...headers });
const restore = (t: TestHub, body: Record<string, unknown>) => send<RestoreReply>(t.url, '/api/setup/restore', JSON.stringify({ claimCode: t.hub.claimCode!.code, passphrase: PASS, ...body }), { 'content-type': 'application/json' });

async function restoreFolder(t: TestHub): Promise<string[]> {
  return (await fs.readdir(path.join(t.dataDir, RESTORE_DIR)).catch(() => [] as string[])).sort();
}

/** Unclaimed, seq 0, nothing staged. */
async function expectUntouched(t: TestHub) {
  expect(t.hub.engine.seq).toBe(0);
  expect((await getJson(t.url, '/api/setup')).body).toEqual({ ok: true, claimed: false });
  expect(await restoreFolder(t)).not.toContain('staged');
}

const unclaimed: TestHub[] = [];
async function fresh(over: Parameters<typeof startTestHub>[0] = {}): Promise<TestHub> {
  const t = await startTestHub({ demo: false, restoreMaxBytes: CAP, ...over });
  unclaimed.push(t);
  return t;
}

beforeAll(async () => {
  source = await startTestHub();
  await source.hub.backups.setPassphrase(PASS);
  expect((await postCommand(source.url, command('restaurant.rename', { name: 'Cevichería respaldada' }))).body.ok).toBe(true);
  const made = await source.hub.backups.now('onDemand');
  backup = await fs.readFile(made.file);
  atBackup = (await getJson<Snapshot>(source.url, '/api/state')).body;
}, 60_000);

afterAll(async () => {
  for (const t of unclaimed.splice(0)) await t.close();
  await source.close();
});

describe('restore from a backup on the setup page: refusals change nothing', () => {
  it('a wrong claim code, a missing content type, a declared size past the cap, a foreign Host or Origin', async () => {
    const t = await fresh();
    expect(await upload(t, backup, 'AAAA-AAAA')).toMatchObject({ status: 403, body: { code: 'CLAIM_CODE_INVALID' } });
    expect(await upload(t, backup, t.hub.claimCode!.code, { 'content-type': 'text/plain' })).toMatchObject({ status: 400, body: { code: 'INCORRECT_INPUT' } });
    expect(await upload(t, backup, t.hub.claimCode!.code, { 'content-length': String(CAP + 1) }).catch(() => ({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } }))).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await upload(t, backup, t.hub.claimCode!.code, { host: 'evil.example' })).toMatchObject({ status: 421, body: { code: 'HOST_REFUSED' } });
    expect(await upload(t, backup, t.hub.claimCode!.code, { origin: 'http://evil.example' })).toMatchObject({ status: 403, body: { code: 'ORIGIN_REFUSED' } });
    expect((await restore(t, { upload: '0123456789abcdef', claimCode: 'AAAA-AAAA' })).body.code).toBe('CLAIM_CODE_INVALID');
    expect(await restoreFolder(t)).toEqual([]);
    await expectUntouched(t);
  });

  it('a body that grows past the cap is cut off and removed; a file that is not a backup is refused and not kept', async () => {
    const t = await fresh();
    const big = Buffer.concat([backup, Buffer.alloc(CAP)]);
    const r = await send(t.url, '/api/setup/restore/upload', big, { 'content-type': 'application/octet-stream', 'x-claim-code': t.hub.claimCode!.code, 'transfer-encoding': 'chunked' }).catch(() => null);
    // The hub may answer 413 or close the connection mid-body: either way nothing stays.
    if (r) expect(r.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await upload(t, Buffer.from('PK\u0003\u0004 a zip, not a backup'))).toMatchObject({ status: 400, body: { code: 'BACKUP_NOT_A_BACKUP' } });
    expect(await restoreFolder(t)).toEqual([]);
    await expectUntouched(t);
  });

  it('a wrong passphrase, a cut file and a flipped byte: each its code, the upload kept for another try, nothing staged', async () => {
    const t = await fresh();
    const up = await upload(t, backup);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ ok: true, size: backup.length, backup: { seq: atBackup.seq, reason: 'onDemand' } });
    expect(await restore(t, { upload: up.body.upload, passphrase: 'ceviche y pisco 2025' })).toMatchObject({ status: 403, body: { code: 'BACKUP_WRONG_PASSPHRASE' } });
    expect(await restore(t, { upload: up.body.upload, passphrase: '' })).toMatchObject({ status: 400, body: { code: 'REQUIRED_FIELD', message: 'passphrase' } });
    expect(await restoreFolder(t)).toEqual([`upload-${up.body.upload}.posbak`]);

    const cut = await upload(t, backup.subarray(0, Math.floor(backup.length / 2)));
    expect(cut.status).toBe(200);
    expect(await restore(t, { upload: cut.body.upload })).toMatchObject({ status: 400, body: { code: 'BACKUP_TRUNCATED' } });
    // One upload at a time: the newer one replaced the first.
    expect(await restoreFolder(t)).toEqual([`upload-${cut.body.upload}.posbak`]);

    const flipped = Buffer.from(backup);
    const at = Math.floor(backup.length * 0.6);
    flipped[at] = flipped[at]! ^ 0x01;
    const damaged = await upload(t, flipped);
    expect(await restore(t, { upload: damaged.body.upload })).toMatchObject({ status: 400, body: { code: 'BACKUP_CORRUPTED' } });
    await expectUntouched(t);
  });

  it('a backup written by a newer release is refused at upload (its store would not open here) and not kept', async () => {
    const t = await fresh();
    const kdf = newKdfParams();
    const src = path.join(t.dataDir, '..', `${path.basename(t.dataDir)}-newer`);
    await fs.mkdir(src, { recursive: true });
    await fs.writeFile(path.join(src, 'store.json'), '{}');
    const newer = await writeBackup({ dataDir: src, folder: path.join(src, 'out'), key: { kdf, key: await deriveKey(PASS, kdf) }, reason: 'onDemand', clock: () => new Date(), hubVersion: '99.0.0', storeId: 'newer', seq: 1 });
    const r = await upload(t, await fs.readFile(newer.file));
    await fs.rm(src, { recursive: true, force: true });
    expect(r).toMatchObject({ status: 409, body: { code: 'BACKUP_FROM_NEWER_HUB' } });
    expect(await restoreFolder(t)).toEqual([]);
    await expectUntouched(t);
  });

  it('a data folder that will not take the upload (its restore/ is a file, not a folder): BACKUP_IO_ERROR, nothing changes', async () => {
    const t = await fresh();
    await fs.writeFile(path.join(t.dataDir, RESTORE_DIR), 'in the way');
    expect(await upload(t, backup)).toMatchObject({ status: 503, body: { code: 'BACKUP_IO_ERROR' } });
    expect(await fs.readFile(path.join(t.dataDir, RESTORE_DIR), 'utf8')).toBe('in the way');
    expect(t.hub.engine.seq).toBe(0);
    // Not left busy: the way cleared, the next upload goes through.
    await fs.rm(path.join(t.dataDir, RESTORE_DIR));
    expect((await upload(t, backup)).status).toBe(200);
  });

  it('hostile upload ids (__proto__, ../, another length) and an upload that is not there', async () => {
    const t = await fresh();
    for (const id of ['__proto__', 'constructor', '../../etc/passwd', '0123456789ABCDEF', '0123456789abcde']) {
      expect((await restore(t, { upload: id })).body.code, id).toBe('INCORRECT_INPUT');
    }
    expect((await send(t.url, '/api/setup/restore', '{"__proto__":{"upload":"0123456789abcdef"},"claimCode":"x"}', { 'content-type': 'application/json' })).status).toBe(400);
    expect(await restore(t, { upload: '0123456789abcdef' })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    await expectUntouched(t);
  });

  it('the progress read says nothing runs on an idle unclaimed hub, and is refused once claimed', async () => {
    const t = await fresh();
    expect((await getJson(t.url, '/api/setup/restore')).body).toEqual({ ok: true, checked: null, staged: false });
    expect(await getJson(source.url, '/api/setup/restore')).toMatchObject({ status: 409, body: { code: 'ALREADY_CLAIMED' } });
  });

  it('claim codes guessed through the restore count with claiming: 6 wrong from one address, then that address waits for both', async () => {
    const t = await fresh();
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await send(t.url, '/api/setup/restore/upload', backup.subarray(0, 64), { 'content-type': 'application/octet-stream', 'x-claim-code': `WRONG-${i}AAA` }, '127.0.0.7');
      codes.push(r.body.code!);
    }
    expect(codes).toEqual([...Array<string>(6).fill('CLAIM_CODE_INVALID'), 'TOO_MANY_ATTEMPTS', 'TOO_MANY_ATTEMPTS']);
    // Locked: the right code waits too, by the restore and by the claim.
    const right = t.hub.claimCode!.code;
    expect((await send(t.url, '/api/setup/restore', JSON.stringify({ claimCode: right, upload: '0123456789abcdef', passphrase: PASS }), { 'content-type': 'application/json' }, '127.0.0.7')).body.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await send(t.url, '/api/setup', JSON.stringify({ claimCode: right, restaurantName: 'x', ruc: '', ownerName: 'x', ownerCode: '1', pin: '1234', deviceId: 'd' }), { 'content-type': 'application/json' }, '127.0.0.7')).body.code).toBe('TOO_MANY_ATTEMPTS');
    // A JSON body far past the restore's size is refused before it is read.
    expect((await restore(t, { upload: '0123456789abcdef', passphrase: 'x'.repeat(10_000) })).status).toBe(413);
    expect(await restoreFolder(t)).toEqual([]);
    // Unclaimed still (the guesses themselves are on record, as for claiming: the security alert).
    expect((await getJson(t.url, '/api/setup')).body).toEqual({ ok: true, claimed: false });
  });

  it('a claimed hub refuses both steps', async () => {
    const r = await send(source.url, '/api/setup/restore/upload', backup, { 'content-type': 'application/octet-stream', 'x-claim-code': 'AAAA-AAAA' });
    expect(r).toMatchObject({ status: 409, body: { code: 'ALREADY_CLAIMED' } });
    const j = await send(source.url, '/api/setup/restore', JSON.stringify({ claimCode: 'AAAA-AAAA', upload: '0123456789abcdef', passphrase: PASS }), { 'content-type': 'application/json' });
    expect(j).toMatchObject({ status: 409, body: { code: 'ALREADY_CLAIMED' } });
  });

  it('one restore at a time: a second upload while one streams is BACKUP_RESTORE_BUSY', async () => {
    const t = await fresh();
    // The first upload sends half its body and waits.
    const slow = request(new URL('/api/setup/restore/upload', t.url), { method: 'POST', agent: false, headers: { 'content-type': 'application/octet-stream', 'x-claim-code': t.hub.claimCode!.code, 'content-length': String(backup.length) } });
    const firstReply = new Promise<Reply<RestoreUploadReply>>((resolve, reject) => {
      slow.on('response', (res) => {
        let got = '';
        res.on('data', (c: Buffer) => (got += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(got) as RestoreUploadReply }));
      });
      slow.on('error', reject);
    });
    slow.write(backup.subarray(0, 1024));
    // Until the hub has taken it (its upload file exists), nothing is busy yet.
    for (let i = 0; i < 200 && !(await restoreFolder(t)).some((n) => n.startsWith('.upload-')); i++) await new Promise((r) => setTimeout(r, 10));
    const others = await Promise.all([upload(t, backup), upload(t, backup), restore(t, { upload: '0123456789abcdef' })]);
    expect(others.map((o) => o.body.code)).toEqual(['BACKUP_RESTORE_BUSY', 'BACKUP_RESTORE_BUSY', 'BACKUP_RESTORE_BUSY']);
    slow.end(backup.subarray(1024));
    expect((await firstReply).status).toBe(200);
    expect((await restoreFolder(t)).filter((n) => n.includes('upload'))).toHaveLength(1);
    await expectUntouched(t);
  });
});

describe('restore from a backup on the setup page: the hand-over', () => {
  it('the page closed while the hub checks: the hub still hands over, never stays staged and waiting', async () => {
    let stopped = false;
    const t = await fresh({ onRestoreStaged: () => (stopped = true) });
    const up = await upload(t, backup);
    const body = JSON.stringify({ claimCode: t.hub.claimCode!.code, upload: up.body.upload, passphrase: PASS });
    const req = request(new URL('/api/setup/restore', t.url), { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } });
    req.on('error', () => undefined);
    req.end(body, () => req.destroy());
    // The body arrived whole before the cut, so the check runs (its key alone takes ~0.1 s, long
    // after the socket closed) and the hub stops to hand over.
    for (let i = 0; i < 400 && !stopped; i++) await new Promise((r) => setTimeout(r, 25));
    if (!stopped) {
      // The cut came before the body was read: nothing staged, and the owner's next try hands over.
      expect(await restoreFolder(t)).not.toContain('staged');
      const again = await restore(t, { upload: up.body.upload });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      for (let i = 0; i < 400 && !stopped; i++) await new Promise((r) => setTimeout(r, 25));
    }
    expect(stopped).toBe(true);
    expect(await restoreFolder(t)).toEqual(['staged']);
  });

  it('stages the backup, stops, and the next start on the folder is the backed-up hub (same store, seq, state, owner PIN)', async () => {
    let stopped!: () => void;
    const whenStopped = new Promise<void>((r) => (stopped = r));
    const t = await fresh({ onRestoreStaged: () => stopped() });
    const up = await upload(t, backup);
    const code = t.hub.claimCode!.code;
    const done = await restore(t, { upload: up.body.upload });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ ok: true, restarting: true, storeId: source.hub.engine.storeId, seq: atBackup.seq, createdAt: expect.any(String) });
    await whenStopped;
    // The code was for this start only: the hub's claim is over.
    expect(t.hub.claimCode!.matches(code)).toBe(false);
    expect(await restoreFolder(t)).toEqual(['staged']);

    const again = await startHub({ dataDir: t.dataDir, port: 0, host: '127.0.0.1', demo: false, mdns: false, log: () => {} });
    try {
      expect(again.claimCode).toBeNull();
      expect(again.engine.storeId).toBe(source.hub.engine.storeId);
      // The backed-up seq goes on; the nightly planner may record at once the new box's first
      // backup request (backups are not inside a backup, so its backups/ folder starts empty).
      expect(again.engine.seq).toBeGreaterThanOrEqual(atBackup.seq);
      const cookie = await signedIn(again.url, DEMO_OWNER.code, DEMO_OWNER.pin, 'restored-owner');
      const state = (await getJson<Snapshot>(again.url, '/api/state', { cookie })).body;
      expect(state.state).toEqual(atBackup.state);
      expect(state.state.restaurant.name).toBe('Cevichería respaldada');
      const kept = await restoreFolder(t);
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatch(/^previous-/);
    } finally {
      await again.close();
    }
  }, 60_000);
});
