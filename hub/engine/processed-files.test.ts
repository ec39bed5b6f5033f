import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listProcessedFiles, processedDir, readAllProcessed, writeProcessedFile } from '#hub/store/processed-files.ts';
import { readSnapshot, writeSnapshot } from '#hub/store/snapshot.ts';
import { logSink, useTempDirs } from '#hub/store/test-fixtures.ts';
import { ACTOR, cmd, crashCopy, DAY_MS, manualClock, seedMenu, submitOk, useEngines, type ManualClock } from './test-fixtures.ts';
import { VIRTUAL_PRINTER_ID, type Command } from '#protocol';
import type { Engine } from './engine.ts';

/**
 * Command ids on disk (issue 20 item 4): each snapshot writes only the ids
 * added since the one before, in a file of its own; files whose ids all left
 * the window are deleted; a restart answers a resend of any id in the window
 * with its first answer, whichever snapshot wrote it.
 */
const dirs = useTempDirs('pos-processed-');
const engines = useEngines();

const soldOut = (clock: ManualClock, i: number): Command => cmd('product.setSoldOut', { productId: 'p-101', soldOut: i % 2 === 0 }, clock.iso());

async function reopen(dir: string, clock: ManualClock, log?: (m: string) => void): Promise<Engine> {
  return engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000, ...(log ? { log } : {}) });
}

describe('command ids across snapshots and restarts', () => {
  it('each snapshot writes only the ids added since the last one; a restart answers every one of them as first answered', async () => {
    const clock = manualClock();
    const dir = await dirs.make();
    const engine = await reopen(dir, clock);
    await seedMenu(engine, clock);
    const sent: { command: Command; seq: number }[] = [];
    const perSnapshot: number[] = [];
    for (let round = 0; round < 3; round++) {
      const before = engine.seq;
      for (let i = 0; i < 5; i++) {
        const command = soldOut(clock, i);
        sent.push({ command, seq: (await submitOk(engine, command)).seq });
      }
      await engine.snapshot();
      perSnapshot.push(engine.seq - before);
      clock.advance(DAY_MS);
    }
    const files = await listProcessedFiles(dir);
    // The seeding went into the first file with the first round.
    expect(files.slice(1).map((f) => f.toSeq - f.fromSeq + 1)).toEqual(perSnapshot.slice(1));
    expect(files.at(-1)!.toSeq).toBe(engine.seq);
    // The snapshot itself no longer carries the ids.
    expect((await readSnapshot(dir))!.processed).toBeUndefined();
    const seqAfter = engine.seq;
    await engine.close();
    engines.release(engine);

    const restarted = await reopen(dir, clock);
    for (const { command, seq } of sent) expect(await restarted.submit(command, ACTOR)).toEqual({ ok: true, seq, result: {}, duplicate: true });
    expect(restarted.seq).toBe(seqAfter);
  });

  it('files whose every id left the window are deleted at a snapshot; a resend of those is refused as expired, not applied again', async () => {
    const clock = manualClock();
    const dir = await dirs.make();
    const engine = await reopen(dir, clock);
    await seedMenu(engine, clock);
    const old = soldOut(clock, 0);
    await submitOk(engine, old);
    await engine.snapshot();
    const oldFiles = await listProcessedFiles(dir);
    clock.advance(5 * DAY_MS);
    const recent = soldOut(clock, 1);
    const recentSeq = (await submitOk(engine, recent)).seq;
    await engine.snapshot();
    clock.advance(3 * DAY_MS);
    const latest = soldOut(clock, 2);
    await submitOk(engine, latest);
    await engine.snapshot();
    const names = (await listProcessedFiles(dir)).map((f) => f.name);
    expect(names).not.toContain(oldFiles[0]!.name);
    expect(names).toHaveLength(2);
    await engine.close();
    engines.release(engine);

    const restarted = await reopen(dir, clock);
    expect(await restarted.submit(recent, ACTOR)).toEqual({ ok: true, seq: recentSeq, result: {}, duplicate: true });
    const seq = restarted.seq;
    expect(await restarted.submit(old, ACTOR)).toEqual({ ok: false, code: 'COMMAND_EXPIRED' });
    expect(restarted.seq).toBe(seq);
  });

  it('a file left by a snapshot that never finished is not read before a snapshot covers it, and its ids come back from the log', async () => {
    const clock = manualClock();
    const dir = await dirs.make();
    const engine = await reopen(dir, clock);
    await seedMenu(engine, clock);
    await engine.snapshot();
    const covered = engine.seq;
    const later: { command: Command; seq: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const command = soldOut(clock, i);
      later.push({ command, seq: (await submitOk(engine, command)).seq });
    }
    // A power cut now; a snapshot had written its ids' file, not yet the snapshot (and a temp file half written).
    const copy = await crashCopy(dir, path.join(await dirs.make(), 'data'));
    await writeProcessedFile(copy, [{ id: 'not-from-this-log', seq: covered + 1, at: clock.iso(), result: {} }]);
    await fs.writeFile(path.join(processedDir(copy), '9-9-9.jsonl.tmp-1'), 'half');
    const recovered = await reopen(copy, clock);
    expect(recovered.knows('not-from-this-log')).toBe(false);
    for (const { command, seq } of later) expect(await recovered.submit(command, ACTOR)).toMatchObject({ ok: true, seq, duplicate: true });
    expect((await fs.readdir(processedDir(copy))).some((n) => n.includes('.tmp-'))).toBe(false);
  });

  it('a snapshot of the old shape (ids inside it): its ids are answered after the restart and move to a file at the next snapshot', async () => {
    const clock = manualClock();
    const dir = await dirs.make();
    const engine = await reopen(dir, clock);
    await seedMenu(engine, clock);
    const command = soldOut(clock, 0);
    const { seq } = await submitOk(engine, command);
    await engine.close();
    engines.release(engine);
    // Rewrite it as a hub before issue 20 did: the ids inside snapshot.json, no files.
    const snap = (await readSnapshot(dir))!;
    const ids = await readAllProcessed(dir, snap.seq);
    await fs.rm(processedDir(dir), { recursive: true });
    const { format: _format, ...rest } = snap;
    await writeSnapshot(dir, { ...rest, processed: ids });

    const restarted = await reopen(dir, clock);
    expect(await restarted.submit(command, ACTOR)).toEqual({ ok: true, seq, result: {}, duplicate: true });
    await submitOk(restarted, soldOut(clock, 1));
    await restarted.snapshot();
    expect((await readSnapshot(dir))!.processed).toBeUndefined();
    expect((await readAllProcessed(dir, restarted.seq)).map((e) => e.id)).toEqual(expect.arrayContaining([command.id]));
  });

  it("the hub's own job commands are not remembered, in memory or on disk; a device's are", async () => {
    const clock = manualClock();
    const dir = await dirs.make();
    const engine = await reopen(dir, clock);
    await seedMenu(engine, clock);
    const hubs = cmd('printer.reportStatus', { printerId: VIRTUAL_PRINTER_ID, status: { state: 'retryLater', reason: 'UNREACHABLE' } }, clock.iso());
    const hubReply = await engine.submit(hubs, { staffId: null, deviceId: 'hub' });
    expect(hubReply).toMatchObject({ ok: true });
    const device = soldOut(clock, 0);
    await submitOk(engine, device);
    expect(engine.knows(hubs.id)).toBe(false);
    expect(engine.knows(device.id)).toBe(true);
    await engine.snapshot();
    const onDisk = (await readAllProcessed(dir, engine.seq)).map((e) => e.id);
    expect(onDisk).toContain(device.id);
    expect(onDisk).not.toContain(hubs.id);
  });

  it('a damaged line costs only its own id, and says so', async () => {
    const clock = manualClock();
    const dir = await dirs.make();
    const engine = await reopen(dir, clock);
    await seedMenu(engine, clock);
    const a = soldOut(clock, 0);
    const b = soldOut(clock, 1);
    await submitOk(engine, a);
    const bSeq = (await submitOk(engine, b)).seq;
    await engine.close();
    engines.release(engine);
    const [file] = await listProcessedFiles(dir);
    const full = path.join(processedDir(dir), file!.name);
    const lines = (await fs.readFile(full, 'utf8')).split('\n');
    const aLine = lines.findIndex((l) => l.includes(a.id));
    lines[aLine] = lines[aLine]!.replace('"seq"', '"SEQ"');
    await fs.writeFile(full, lines.join('\n'));
    const sink = logSink();
    const restarted = await reopen(dir, clock, sink.log);
    expect(sink.lines.some((l) => l.includes(`damaged lines in processed/${file!.name}`))).toBe(true);
    expect(restarted.knows(a.id)).toBe(false);
    expect(await restarted.submit(b, ACTOR)).toMatchObject({ ok: true, seq: bSeq, duplicate: true });
  });
});
