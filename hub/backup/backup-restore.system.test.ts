import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { freePort, spawnHub, type ChildHub } from '#hub/testing/child-hub.ts';
import { command, DEMO_OWNER, getState, signedIn, sleep, useCookie } from '#hub/testing/test-hub.ts';
import { BOLETA, call, FACTURA, sell, send } from './testing/selling.ts';
import type { BackupsReply } from '#hub/http/routes/backups/backups.ts';

/**
 * Backup and restore through real processes (issue 23): a hub sells, the
 * owner sets a passphrase and taps "back up now" (the job), the hub stops;
 * `pos-hub --restore` puts the file into a fresh folder (a wrong passphrase,
 * a cut and a damaged copy refused first, the folder left empty); the hub
 * started there has the same state and the owner's PIN, and selling goes on
 * with every document series gap-free.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASS = 'ceviche y pisco 2026';
const run = promisify(execFile);

async function restore(file: string, dataDir: string, passphrase: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['hub/main.ts', '--restore', file, '--data', dataDir], { cwd: REPO_ROOT, env: { ...process.env, NODE_OPTIONS: '', POS_BACKUP_PASSPHRASE: passphrase } });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('backup and restore onto a fresh box', () => {
  let root = '';
  let hub: ChildHub | null = null;

  afterAll(async () => {
    await hub?.kill9();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('restores the same state, PIN and numbering, and selling goes on gap-free', async () => {
    root = await fs.mkdtemp(path.join(tmpdir(), 'pos-backup-restore-'));
    const first = path.join(root, 'box-1');
    const port = await freePort();
    hub = await spawnHub({ dataDir: first, port });
    const url = hub.url;
    const owner = await signedIn(url, DEMO_OWNER.code, DEMO_OWNER.pin, 'backup-owner');
    useCookie(url, owner);
    await send(url, owner, command('fiscal.saveSettings', SAMPLE_FISCAL));

    // No passphrase yet: the job fails with its reason, and no file is written.
    expect((await call<BackupsReply>(url, '/api/backups', owner)).body).toMatchObject({ ok: true, hasPassphrase: false, backups: [] });
    expect((await call<{ code: string }>(url, '/api/backups/passphrase', owner, { passphrase: 'short' }, 'PUT')).body.code).toBe('BACKUP_PASSPHRASE_WEAK');
    expect((await call<{ ok: boolean }>(url, '/api/backups/passphrase', owner, { passphrase: PASS }, 'PUT')).body.ok).toBe(true);

    const before: string[] = [];
    for (const document of [BOLETA, FACTURA, BOLETA]) before.push(await sell(url, owner, (await getState(url)).state, document));
    expect(before).toEqual([`${SAMPLE_FISCAL.series.boleta}-1`, `${SAMPLE_FISCAL.series.factura}-1`, `${SAMPLE_FISCAL.series.boleta}-2`]);

    await send(url, owner, command('backup.run', { reason: 'onDemand' }));
    let listed: BackupsReply | null = null;
    for (let i = 0; i < 300 && !listed?.backups.some((b) => b.whole); i++) {
      await sleep(100);
      listed = (await call<BackupsReply>(url, '/api/backups', owner)).body;
    }
    const made = listed?.backups.find((b) => b.whole);
    expect(made, JSON.stringify(listed)).toBeTruthy();
    expect(made).toMatchObject({ reason: 'onDemand', problem: null });
    const atBackup = (await getState(url)).state;
    // A clean stop (the box switched off with the power button).
    hub.proc.kill('SIGTERM');
    await hub.exited;
    hub = null;
    const file = path.join(first, 'backups', made!.name);

    const fresh = path.join(root, 'box-2');
    // Refused first, each with its code and nothing written: wrong passphrase, a cut copy, a damaged copy.
    const wrong = await restore(file, fresh, 'ceviche y pisco 2025');
    expect([wrong.code, wrong.out]).toEqual([1, expect.stringContaining('BACKUP_WRONG_PASSPHRASE')]);
    const bytes = await fs.readFile(file);
    const cut = path.join(root, 'cut.posbak');
    await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cutReply = await restore(cut, fresh, PASS);
    expect([cutReply.code, cutReply.out]).toEqual([1, expect.stringContaining('BACKUP_TRUNCATED')]);
    const damaged = path.join(root, 'damaged.posbak');
    const flipped = Buffer.from(bytes);
    const at = Math.floor(bytes.length / 3);
    flipped[at] = flipped[at]! ^ 0x01;
    await fs.writeFile(damaged, flipped);
    const damagedReply = await restore(damaged, fresh, PASS);
    expect([damagedReply.code, damagedReply.out]).toEqual([1, expect.stringContaining('BACKUP_CORRUPTED')]);
    await expect(fs.stat(fresh)).rejects.toThrow();

    const ok = await restore(file, fresh, PASS);
    expect([ok.code, ok.out]).toEqual([0, expect.stringContaining('every one checked')]);
    // Not over data: a second restore into the now full folder is refused.
    expect((await restore(file, fresh, PASS)).code).toBe(1);

    hub = await spawnHub({ dataDir: fresh, port, demo: false });
    const owner2 = await signedIn(hub.url, DEMO_OWNER.code, DEMO_OWNER.pin, 'backup-owner-2');
    useCookie(hub.url, owner2);
    const restored = await getState(hub.url);
    expect(restored.state).toEqual(atBackup);
    expect(restored.seq).toBeGreaterThanOrEqual(made!.seq!);

    const after: string[] = [];
    for (const document of [BOLETA, FACTURA]) after.push(await sell(hub.url, owner2, (await getState(hub.url)).state, document));
    expect(after).toEqual([`${SAMPLE_FISCAL.series.boleta}-3`, `${SAMPLE_FISCAL.series.factura}-2`]);
    // The restored box holds the key: it goes on backing up with the same passphrase.
    expect((await call<BackupsReply>(hub.url, '/api/backups', owner2)).body.hasPassphrase).toBe(true);

    // Issue 23: "the crash bar still 0 lost" on the restored box. The power cut right after the
    // answers (kill -9, no final snapshot): every sale it acknowledged is there at the next start,
    // and the series go on from them.
    const acknowledged = await getState(hub.url);
    hub.proc.kill('SIGKILL');
    await hub.exited;
    hub = await spawnHub({ dataDir: fresh, port, demo: false });
    const owner3 = await signedIn(hub.url, DEMO_OWNER.code, DEMO_OWNER.pin, 'backup-owner-3');
    useCookie(hub.url, owner3);
    const reopened = await getState(hub.url);
    expect(reopened.seq).toBeGreaterThanOrEqual(acknowledged.seq);
    expect(reopened.state.restaurant).toEqual(acknowledged.state.restaurant);
    expect(reopened.state.tables).toEqual(acknowledged.state.tables);
    expect(await sell(hub.url, owner3, reopened.state, BOLETA)).toBe(`${SAMPLE_FISCAL.series.boleta}-4`);
  }, 180_000);
});
