import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { freePort, spawnHub, type ChildHub } from '#hub/testing/child-hub.ts';
import { command, DEMO_OWNER, getState, signedIn, sleep, useCookie } from '#hub/testing/test-hub.ts';
import type { Health, RestoreReply, RestoreUploadReply, SetupStatus, Snapshot } from '#protocol';
import type { BackupsReply } from '#hub/http/routes/backups/backups.ts';
import { RESTORE_DIR } from './handover.ts';
import { BOLETA, call, FACTURA, sell, send } from './testing/selling.ts';

/**
 * Restore from the setup page, through real processes (issue 23): hub A
 * sells boletas and a factura and backs up; a fresh box B, unclaimed, gets
 * the file over HTTP with its claim code and the passphrase; B stops and
 * opens again by itself in the same process (run by hand: no systemd to
 * restart it), with A's store id, seq, state and owner PIN, and every
 * document series goes on gap-free. A stop and start after that is the
 * restored hub again.
 */
const PASS = 'lomo saltado 2026';
let root = '';
const hubs: ChildHub[] = [];
// The first test's backup and the state it holds, for the kill test.
let backupBytes: Buffer | null = null;
let backedUp: Snapshot | null = null;

afterAll(async () => {
  for (const h of hubs) await h.kill9();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

async function post<T>(url: string, apiPath: string, body: Buffer | string, headers: Record<string, string>): Promise<{ status: number; body: T & { code?: string } }> {
  const res = await fetch(new URL(apiPath, url), { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) });
  return { status: res.status, body: (await res.json()) as T & { code?: string } };
}

/** The claim code a fresh box prints (after its health already answers: wait for the line). */
async function claimCodeOf(hub: ChildHub): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const code = /Claim code: (\S+)/.exec(hub.output())?.[1];
    if (code) return code;
    await sleep(50);
  }
  throw new Error(`no claim code printed:\n${hub.output()}`);
}

async function health(url: string): Promise<Health | null> {
  try {
    const res = await fetch(new URL('/api/health', url), { signal: AbortSignal.timeout(1000) });
    return res.ok ? ((await res.json()) as Health) : null;
  } catch {
    return null;
  }
}

describe('restore from a backup on the setup page of a fresh box', () => {
  it('the box opens again on the backup by itself: same store, seq, state and PIN, series gap-free', async () => {
    root = await fs.mkdtemp(path.join(tmpdir(), 'pos-restore-http-'));
    const a = await spawnHub({ dataDir: path.join(root, 'box-a'), port: await freePort() });
    hubs.push(a);
    const owner = await signedIn(a.url, DEMO_OWNER.code, DEMO_OWNER.pin, 'restore-owner');
    useCookie(a.url, owner);
    await send(a.url, owner, command('fiscal.saveSettings', SAMPLE_FISCAL));
    expect((await call<{ ok: boolean }>(a.url, '/api/backups/passphrase', owner, { passphrase: PASS }, 'PUT')).body.ok).toBe(true);
    const sold: string[] = [];
    for (const document of [BOLETA, BOLETA, FACTURA]) sold.push(await sell(a.url, owner, (await getState(a.url)).state, document));
    expect(sold).toEqual([`${SAMPLE_FISCAL.series.boleta}-1`, `${SAMPLE_FISCAL.series.boleta}-2`, `${SAMPLE_FISCAL.series.factura}-1`]);
    await send(a.url, owner, command('backup.run', { reason: 'onDemand' }));
    let made: BackupsReply['backups'][number] | undefined;
    for (let i = 0; i < 300 && !made; i++) {
      await sleep(100);
      made = (await call<BackupsReply>(a.url, '/api/backups', owner)).body.backups.find((b) => b.whole);
    }
    expect(made).toBeTruthy();
    const atBackup = await getState(a.url);
    a.proc.kill('SIGTERM');
    await a.exited;
    const file = await fs.readFile(path.join(root, 'box-a', 'backups', made!.name));

    // A fresh box: unclaimed, its claim code on its console (and its slip).
    const bDir = path.join(root, 'box-b');
    const b = await spawnHub({ dataDir: bDir, port: await freePort(), demo: false });
    hubs.push(b);
    const claimCode = await claimCodeOf(b);
    const pid = b.proc.pid;

    const up = await post<RestoreUploadReply>(b.url, '/api/setup/restore/upload', file, { 'content-type': 'application/octet-stream', 'x-claim-code': claimCode! });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.backup.seq).toBe(made!.seq);
    const ask = (passphrase: string) => post<RestoreReply>(b.url, '/api/setup/restore', JSON.stringify({ claimCode, upload: up.body.upload, passphrase }), { 'content-type': 'application/json' });
    expect((await ask('lomo saltado 2025')).body.code).toBe('BACKUP_WRONG_PASSPHRASE');
    const done = await ask(PASS);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ restarting: true, storeId: atBackup.storeId });

    // The page's wait: health answers with the backed-up store.
    let restored: Health | null = null;
    for (let i = 0; i < 300 && restored?.storeId !== atBackup.storeId; i++) {
      await sleep(100);
      restored = await health(b.url);
    }
    expect(restored?.storeId).toBe(atBackup.storeId);
    expect(restored!.seq).toBeGreaterThanOrEqual(atBackup.seq);
    // By itself, in the same process: nothing restarted it.
    expect(b.proc.exitCode).toBeNull();
    expect(b.proc.pid).toBe(pid);
    expect(b.output()).toContain('Restoring the backup');
    expect((await (await fetch(new URL('/api/setup', b.url))).json()) as SetupStatus).toEqual({ ok: true, claimed: true });

    const owner2 = await signedIn(b.url, DEMO_OWNER.code, DEMO_OWNER.pin, 'restore-owner-2');
    useCookie(b.url, owner2);
    const after = await getState(b.url);
    expect(after.state).toEqual(atBackup.state);
    const more: string[] = [];
    for (const document of [BOLETA, FACTURA, BOLETA]) more.push(await sell(b.url, owner2, (await getState(b.url)).state, document));
    expect(more).toEqual([`${SAMPLE_FISCAL.series.boleta}-3`, `${SAMPLE_FISCAL.series.factura}-2`, `${SAMPLE_FISCAL.series.boleta}-4`]);
    const seqBeforeStop = (await health(b.url))!.seq;

    // Stopped and started again: the restored hub, the unclaimed one's data kept aside, nothing staged.
    b.proc.kill('SIGTERM');
    await b.exited;
    const again = await spawnHub({ dataDir: bDir, port: await freePort(), demo: false });
    hubs.push(again);
    const h = await health(again.url);
    expect(h?.storeId).toBe(atBackup.storeId);
    // The e-invoice jobs of the new sales go on recording after the read: never less.
    expect(h!.seq).toBeGreaterThanOrEqual(seqBeforeStop);
    const kept = await fs.readdir(path.join(bDir, RESTORE_DIR));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^previous-/);
    backupBytes = file;
    backedUp = atBackup;
  }, 180_000);

  it('killed -9 the moment the restore is answered (mid stop, swap or start): the next start is the restored hub', async () => {
    expect(backupBytes).not.toBeNull();
    for (const delayMs of [0, 30, 120]) {
      const dir = path.join(root, `box-kill-${delayMs}`);
      const c = await spawnHub({ dataDir: dir, port: await freePort(), demo: false });
      hubs.push(c);
      const claimCode = await claimCodeOf(c);
      const up = await post<RestoreUploadReply>(c.url, '/api/setup/restore/upload', backupBytes!, { 'content-type': 'application/octet-stream', 'x-claim-code': claimCode! });
      const done = await post<RestoreReply>(c.url, '/api/setup/restore', JSON.stringify({ claimCode, upload: up.body.upload, passphrase: PASS }), { 'content-type': 'application/json' });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      if (delayMs) await sleep(delayMs);
      await c.kill9();
      const next = await spawnHub({ dataDir: dir, port: await freePort(), demo: false });
      hubs.push(next);
      expect((await health(next.url))?.storeId, `killed after ${delayMs} ms`).toBe(backedUp!.storeId);
      const cookie = await signedIn(next.url, DEMO_OWNER.code, DEMO_OWNER.pin, 'restore-owner-3');
      expect((await getState(next.url, { cookie })).state).toEqual(backedUp!.state);
      await next.kill9();
    }
  }, 180_000);
});
