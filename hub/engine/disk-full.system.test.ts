import { execFileSync } from 'node:child_process';
import { promises as fs, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Command, CommandReply } from '#protocol';
import { Engine } from './engine.ts';
import { dumpTable } from './job-table-testing.ts';
import { ACTOR, cmd, dineCommands, manualClock, seedMenu, submitOk, walSegments } from './test-fixtures.ts';

/**
 * The store runs out of space, or turns read-only under a running hub (an SD
 * card failing). Real file systems, no mocks: a 200 KiB tmpfs, and ext4 on a
 * loop device forced read-only with `remount,abort`. These need root.
 */

function run(cmd_: string, args: string[]): void {
  execFileSync(cmd_, args, { stdio: 'pipe' });
}

/**
 * Whether this process may do what `setup` does (mount something on `mnt`),
 * tried once in a throwaway directory: null when it may, else why not.
 */
function probe(setup: (dir: string, mnt: string) => void): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-mount-probe-'));
  const mnt = path.join(dir, 'mnt');
  try {
    mkdirSync(mnt);
    setup(dir, mnt);
    return null;
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err).trim().split('\n')[0] ?? 'unknown error';
  } finally {
    try {
      run('umount', ['-l', mnt]);
    } catch {
      // not mounted
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

const tmpfsRefusal = probe((_dir, mnt) => run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt]));
const ext4Refusal = tmpfsRefusal
  ? tmpfsRefusal
  : probe((dir, mnt) => {
      const img = path.join(dir, 'img');
      writeFileSync(img, '');
      truncateSync(img, 4 * 1024 * 1024);
      run('mkfs.ext4', ['-q', '-F', img]);
      run('mount', ['-o', 'loop', img, mnt]);
    });
const SKIP_TMPFS = tmpfsRefusal ? ` [skipped: cannot mount tmpfs (needs root): ${tmpfsRefusal}]` : '';
const SKIP_EXT4 = ext4Refusal ? ` [skipped: cannot mount ext4 on a loop device (needs root, a loop device, mkfs.ext4): ${ext4Refusal}]` : '';

const clock = manualClock();

/** A product edit whose log record is about 1.3 KB while the live state stays small. */
function bulky(i: number): Command {
  const name = (s: string) => `${s} ${i} `.padEnd(140, s === '菜' ? '菜' : 'x');
  return cmd(
    'product.save',
    { id: 'p-101', code: '101', names: { es: name('Ceviche'), en: name('Ceviche'), zh: name('菜') }, categoryId: 'cat-entradas', priceCents: 3200 + i, soldOut: false, listed: true, sort: 0 },
    clock.iso(),
  );
}

async function expectAllAcknowledgedIn(engine: Engine, acked: { command: Command; reply: CommandReply }[]): Promise<void> {
  for (const { command, reply } of acked) expect(await engine.submit(command, ACTOR)).toEqual({ ...reply, duplicate: true });
}

describe.skipIf(Boolean(tmpfsRefusal))(`disk full (tmpfs of 200 KiB)${SKIP_TMPFS}`, () => {
  let mnt = '';

  beforeAll(async () => {
    mnt = await fs.mkdtemp(path.join(os.tmpdir(), 'pos-full-'));
    run('mount', ['-t', 'tmpfs', '-o', 'size=200k', 'tmpfs', mnt]);
  });

  afterAll(async () => {
    run('umount', ['-l', mnt]);
    await fs.rm(mnt, { recursive: true, force: true });
  });

  it('refuses with STORAGE_UNAVAILABLE, keeps state and every ack, and recovers once space is freed', async () => {
    const dir = path.join(mnt, 'data');
    const ballast = path.join(mnt, 'ballast');
    await fs.writeFile(ballast, Buffer.alloc(48 * 1024, 1));
    const logs: string[] = [];
    const engine = await Engine.open({ dir, clock: clock.now, log: (m) => logs.push(m), snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    const acked: { command: Command; reply: CommandReply }[] = [];
    const { commands } = dineCommands('t-s1', clock.iso());
    for (const c of commands) acked.push({ command: c, reply: await submitOk(engine, c) });

    // Fill the disk with acknowledged commands until one is refused.
    const segment = path.join(dir, 'wal', (await walSegments(dir)).at(-1)!);
    let failed: Command | null = null;
    let reply: CommandReply | null = null;
    let sizeBefore = 0;
    let stateBefore = engine.state;
    let seqBefore = engine.seq;
    for (let i = 0; i < 1000 && !failed; i++) {
      const c = bulky(i);
      stateBefore = engine.state;
      seqBefore = engine.seq;
      sizeBefore = (await fs.stat(segment)).size;
      reply = await engine.submit(c, ACTOR);
      if (reply.ok) acked.push({ command: c, reply });
      else failed = c;
    }
    expect(failed, 'the disk never filled up').not.toBeNull();
    expect(acked.length).toBeGreaterThan(50);
    expect(reply).toEqual({ ok: false, code: 'STORAGE_UNAVAILABLE' });
    expect(engine.writable).toBe(false);
    expect(engine.state).toBe(stateBefore);
    expect(engine.seq).toBe(seqBefore);
    expect(logs.some((m) => m.includes('write failed (ENOSPC)'))).toBe(true);
    // No half record was left behind for the next append to follow.
    expect((await fs.stat(segment)).size).toBe(sizeBefore);

    // Still full: a whole batch is refused together, and reads keep working.
    const batch = [bulky(5000), bulky(5001), bulky(5002)];
    expect(await Promise.all(batch.map((c) => engine.submit(c, ACTOR)))).toEqual(batch.map(() => ({ ok: false, code: 'STORAGE_UNAVAILABLE' })));
    expect(engine.seq).toBe(seqBefore);
    expect(engine.state.tables['t-s1']?.status).toBe(3);
    expect(engine.changesSince(seqBefore - 1)).toHaveLength(1);

    // What a power cut now would leave: every acknowledged command, nothing else.
    const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'pos-full-copy-'));
    try {
      await fs.cp(dir, path.join(copy, 'data'), { recursive: true });
      const recovered = await Engine.open({ dir: path.join(copy, 'data'), clock: clock.now, log: () => {} });
      expect(recovered.seq).toBe(seqBefore);
      expect(recovered.state).toEqual(engine.state);
      await expectAllAcknowledgedIn(recovered, acked);
      await recovered.close();
    } finally {
      await fs.rm(copy, { recursive: true, force: true });
    }

    // Space is freed: the refused command, resent, now goes through (once).
    await fs.rm(ballast);
    const retry = await engine.submit(failed!, ACTOR);
    expect(retry).toEqual({ ok: true, seq: seqBefore + 1, result: {} });
    expect(engine.writable).toBe(true);
    acked.push({ command: failed!, reply: retry });
    const live = engine.state;
    await engine.close();

    const reopened = await Engine.open({ dir, clock: clock.now, log: () => {} });
    expect(reopened.seq).toBe(seqBefore + 1);
    expect(reopened.state).toEqual(live);
    await expectAllAcknowledgedIn(reopened, acked);
    await reopened.close();
    // The tmpfs is shared by the tests below: give its space back (the activity day files take some too).
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('snapshots falling due on a full disk fail without losing any acknowledged command', async () => {
    const dir = path.join(mnt, 'snap-data');
    const logs: string[] = [];
    const engine = await Engine.open({ dir, clock: clock.now, log: (m) => logs.push(m), snapshotEvery: 15 });
    await seedMenu(engine, clock);
    // The seed fell due for a snapshot, written in the background: let the store come to rest before measuring space.
    await engine.snapshot();
    // Leave room for the log but not for two copies of the snapshot.
    const { bavail, bsize } = await fs.statfs(mnt);
    const ballast = path.join(mnt, 'snap-ballast');
    await fs.writeFile(ballast, Buffer.alloc(Math.max(0, bavail * bsize - 40 * 1024), 1));

    const acked: { command: Command; reply: CommandReply }[] = [];
    let failed: Command | null = null;
    for (let i = 0; i < 400 && !failed; i++) {
      const c = bulky(10_000 + i);
      const reply = await engine.submit(c, ACTOR);
      if (reply.ok) acked.push({ command: c, reply });
      else failed = c;
    }
    // The snapshot is written beside the log and may still be failing when the log does.
    await vi.waitFor(() => expect(logs.some((m) => m.includes('snapshot failed, log kept'))).toBe(true));
    expect(failed, 'the log itself never hit the full disk').not.toBeNull();
    const seq = engine.seq;

    await fs.rm(ballast);
    expect(await engine.submit(failed!, ACTOR)).toMatchObject({ ok: true, seq: seq + 1 });
    const live = engine.state;
    await engine.close();
    expect((await fs.readdir(dir)).filter((n) => n.includes('.tmp-'))).toEqual([]);
    const reopened = await Engine.open({ dir, clock: clock.now, log: () => {} });
    expect(reopened.state).toEqual(live);
    expect(reopened.seq).toBe(seq + 1);
    await expectAllAcknowledgedIn(reopened, acked);
    await reopened.close();
    // The tmpfs is shared by the tests below: give its space back (the activity day files take some too).
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('a refused write rolls the job table back exactly (jobs, lanes, counters, pages, prune order)', async () => {
    const dir = path.join(mnt, 'jobs-data');
    const ballast = path.join(mnt, 'jobs-ballast');
    await fs.writeFile(ballast, Buffer.alloc(48 * 1024, 1));
    const engine = await Engine.open({ dir, clock: clock.now, log: () => {}, snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    const PRUNE_AT = '2030-01-01T00:00:00.000Z';
    let refusedBatch: Command[] | null = null;
    for (let i = 0; i < 1000 && !refusedBatch; i++) {
      // One batch (submitted in the same turn): a job made, the lane's head started, a bulky record.
      const head = engine.jobs.laneHead('test.echo');
      const batch = [cmd('job.test', { text: `lote ${i}` }, clock.iso()), ...(head ? [cmd('job.start', { jobId: head.id }, clock.iso())] : []), bulky(20_000 + i)];
      const before = dumpTable(engine.jobs, PRUNE_AT);
      const seq = engine.seq;
      const replies = await Promise.all(batch.map((c) => engine.submit(c, ACTOR)));
      if (replies.every((r) => !r.ok)) {
        expect(replies.map((r) => (r.ok ? 'ok' : r.code))).toEqual(batch.map(() => 'STORAGE_UNAVAILABLE'));
        expect(engine.seq).toBe(seq);
        expect(dumpTable(engine.jobs, PRUNE_AT)).toEqual(before);
        refusedBatch = batch;
      }
    }
    expect(refusedBatch, 'the disk never filled up').not.toBeNull();
    expect(refusedBatch!.map((c) => c.type)).toEqual(['job.test', 'job.start', 'product.save']);
    expect(engine.jobs.size).toBeGreaterThan(10);
    // Space again: the same commands go through, and the table read back equals the live one.
    await fs.rm(ballast);
    for (const c of refusedBatch!) expect(await engine.submit(c, ACTOR)).toMatchObject({ ok: true });
    const live = dumpTable(engine.jobs, PRUNE_AT);
    await engine.close();
    const reopened = await Engine.open({ dir, clock: clock.now, log: () => {} });
    expect(dumpTable(reopened.jobs, PRUNE_AT)).toEqual(live);
    await reopened.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('a hub cannot open its store on a read-only mount, and changes nothing there', async () => {
    const dir = path.join(mnt, 'ro-data');
    const engine = await Engine.open({ dir, clock: clock.now, log: () => {} });
    await seedMenu(engine, clock);
    const seq = engine.seq;
    await engine.close(); // no open file may hold the mount writable
    const before = await fs.readdir(dir, { recursive: true });
    run('mount', ['-o', 'remount,ro', mnt]);
    try {
      await expect(Engine.open({ dir, clock: clock.now, log: () => {} })).rejects.toMatchObject({ code: 'EROFS' });
      expect(await fs.readdir(dir, { recursive: true })).toEqual(before);
    } finally {
      run('mount', ['-o', 'remount,rw', mnt]);
    }
    const reopened = await Engine.open({ dir, clock: clock.now, log: () => {} });
    expect(reopened.seq).toBe(seq);
    await reopened.close();
  });
});

/**
 * `mount -o remount,ro` is refused (EBUSY) while any file on the mount is
 * open for writing, as the log always is. What a running hub meets is the
 * kernel forcing the file system read-only after an error: `remount,abort`
 * on ext4 with errors=remount-ro does exactly that.
 */
describe.skipIf(Boolean(SKIP_EXT4))(`store turns read-only under a running hub (ext4 on loop, remount,abort)${SKIP_EXT4}`, () => {
  let work = '';
  let img = '';
  let mnt = '';

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'pos-ro-'));
    img = path.join(work, 'sd.img');
    mnt = path.join(work, 'mnt');
    await fs.mkdir(mnt);
    await fs.writeFile(img, '');
    await fs.truncate(img, 16 * 1024 * 1024);
    run('mkfs.ext4', ['-q', '-F', img]);
    run('mount', ['-o', 'loop,errors=remount-ro', img, mnt]);
  });

  afterAll(async () => {
    try {
      run('umount', ['-l', mnt]);
    } catch {
      // already unmounted by the test
    }
    await fs.rm(work, { recursive: true, force: true });
  });

  it('refuses every submit while state still reads; every ack survives a remount', async () => {
    const dir = path.join(mnt, 'data');
    const engine = await Engine.open({ dir, clock: clock.now, log: () => {}, snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    const acked: { command: Command; reply: CommandReply }[] = [];
    const { commands, orderId } = dineCommands('t-s2', clock.iso());
    for (const c of commands) acked.push({ command: c, reply: await submitOk(engine, c) });
    const before = engine.state;
    const seq = engine.seq;

    run('mount', ['-o', 'remount,abort', mnt]);
    const refused = [
      cmd('order.prebill', { orderId }, clock.iso()),
      dineCommands('t-s3', clock.iso()).commands[0]!,
      cmd('product.setSoldOut', { productId: 'p-101', soldOut: true }, clock.iso()),
    ];
    for (const c of refused) expect(await engine.submit(c, ACTOR)).toEqual({ ok: false, code: 'STORAGE_UNAVAILABLE' });
    expect(engine.writable).toBe(false);
    expect(engine.seq).toBe(seq);
    expect(engine.state).toBe(before);
    expect(engine.state.orders[orderId]?.lines).toHaveLength(2);
    expect(engine.changesSince(seq - 3)?.map((c) => c.commandId)).toEqual(commands.map((c) => c.id));
    await engine.close(); // no final snapshot on a store that refused writes

    run('umount', [mnt]);
    run('mount', ['-o', 'loop', img, mnt]);
    const reopened = await Engine.open({ dir, clock: clock.now, log: () => {} });
    expect(reopened.seq).toBe(seq);
    expect(reopened.state).toEqual(before);
    await expectAllAcknowledgedIn(reopened, acked);
    // The refused pre-bill was never applied; sent again now, it is.
    expect(await reopened.submit(refused[0]!, ACTOR)).toEqual({ ok: true, seq: seq + 1, result: {} });
    await reopened.close();
  });
});
