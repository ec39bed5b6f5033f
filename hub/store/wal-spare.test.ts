import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLine } from './line-codec.ts';
import { logSink, useTempDirs } from './test-fixtures.ts';
import { Wal } from './wal.ts';
import { ROOM_CHUNK, SPARE_NAME } from './wal-segment.ts';

/**
 * Issue 20, acks through a snapshot: a log in use makes its next segment ahead (created, room of
 * zeros on disk, name on disk), and a rotation only renames it, without waiting for the rename to
 * reach the disk. After a crash that lost the rename, the spare holding records is named by its
 * first record when the log opens; one without a whole record is dropped.
 */

type Rec = { seq: number; body: string };
const rec = (seq: number, body = `record ${seq} · 记录`): Rec => ({ seq, body });
const recs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => rec(from + i));
const seg = (seq: number) => `${String(seq).padStart(16, '0')}.log`;

const dirs = useTempDirs('pos-wal-spare-');

/** A log in use: eight appends of one record each (what makes a log make its next segment ahead), the spare made. */
async function inUse(dir: string) {
  const opened = await Wal.open<Rec>(dir, 0, logSink().log);
  for (let seq = 1; seq <= 8; seq++) await opened.wal.append([rec(seq)]);
  expect(await opened.wal.spareReady()).toBe(true);
  return opened.wal;
}

describe('Wal: the next segment made ahead', () => {
  it('a log opened only to be read makes none; one in use does, and a rotation takes it with its room already written', async () => {
    const dir = await dirs.make();
    const reader = await Wal.open<Rec>(dir, 0, logSink().log);
    await reader.wal.append(recs(1, 2));
    expect(await reader.wal.spareReady()).toBe(false);
    await reader.wal.close();

    const wal = await Wal.open<Rec>(dir, 2, logSink().log).then((o) => o.wal);
    for (let seq = 3; seq <= 10; seq++) await wal.append([rec(seq)]);
    expect(await wal.spareReady()).toBe(true);
    expect((await fs.stat(path.join(dir, SPARE_NAME))).size).toBe(ROOM_CHUNK);
    await wal.rotate(11);
    // Renamed, not created: the new segment has its room from the start, and no spare until the next is made.
    expect((await fs.stat(path.join(dir, seg(11)))).size).toBe(ROOM_CHUNK);
    await wal.append(recs(11, 12));
    expect(await wal.spareReady()).toBe(true);
    await wal.close();
    // At rest: segments only, room cut off.
    expect((await fs.readdir(dir)).sort()).toEqual([seg(1), seg(11)]);
    const again = await Wal.open<Rec>(dir, 0, logSink().log);
    expect(again.records).toEqual(recs(1, 12));
    await again.wal.close();
  });

  it('a crash that lost the rename: the spare holding records is named by its first record, read in order, and written on', async () => {
    const dir = await dirs.make();
    const wal = await inUse(dir);
    await wal.rotate(9);
    await wal.append(recs(9, 11));
    // The power cut: the directory as it was before the rename reached the disk (the file under its old name;
    // the next spare is only made once the rename is on disk, so there is none).
    await wal.spareReady();
    const copy = await dirs.make();
    for (const name of await fs.readdir(dir)) if (name !== SPARE_NAME) await fs.copyFile(path.join(dir, name), path.join(copy, name === seg(9) ? SPARE_NAME : name));
    await wal.close();
    const sink = logSink();
    const opened = await Wal.open<Rec>(copy, 0, sink.log);
    expect(opened.records).toEqual(recs(1, 11));
    expect((await fs.readdir(copy)).sort()).toEqual([seg(1), seg(9)]);
    expect(sink.lines.join('\n')).toContain(seg(9));
    await opened.wal.append([rec(12)]);
    await opened.wal.close();
    expect((await Wal.open<Rec>(copy, 0, logSink().log)).records).toEqual(recs(1, 12));
  });

  it('a spare without a whole record (zeros, or a first write torn) is dropped on open; no record is lost or invented', async () => {
    for (const content of [Buffer.alloc(ROOM_CHUNK), Buffer.concat([Buffer.from(encodeLine(rec(9)).slice(0, 20)), Buffer.alloc(1000)])]) {
      const dir = await dirs.make();
      const wal = await inUse(dir);
      await wal.close();
      await fs.writeFile(path.join(dir, SPARE_NAME), content);
      const opened = await Wal.open<Rec>(dir, 0, logSink().log);
      expect(opened.records).toEqual(recs(1, 8));
      expect(await fs.readdir(dir)).toEqual([seg(1)]);
      await opened.wal.close();
    }
  });

  it('a spare holding records whose name is taken already is corruption, not a guess', async () => {
    const dir = await dirs.make();
    const wal = await inUse(dir);
    await wal.close();
    await fs.writeFile(path.join(dir, SPARE_NAME), encodeLine(rec(1)));
    await expect(Wal.open<Rec>(dir, 0, logSink().log)).rejects.toThrow(SPARE_NAME);
  });
});
