import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLine } from './line-codec.ts';
import { logSink, useTempDirs } from './test-fixtures.ts';
import { Wal, WalCorruptError } from './wal.ts';
import { dataEndOf, ROOM_AFTER_WRITES, ROOM_CHUNK } from './wal-segment.ts';

/**
 * The room a running log writes ahead of its data (zeros, so that a record
 * overwrites blocks the file already has; see wal-segment.ts), and what a
 * power cut can leave in it. Each test builds the file a crash would leave
 * and opens it as the hub would at start.
 */

type Rec = { seq: number; body: string };
const rec = (seq: number, body = `record ${seq} · 记录`): Rec => ({ seq, body });
const recs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => rec(from + i));
const lines = (from: number, to: number) => recs(from, to).map((r) => encodeLine(r)).join('');
const SEG1 = '0000000000000001.log';
const ZEROS = Buffer.alloc(ROOM_CHUNK);

const dirs = useTempDirs('pos-wal-room-');

async function openWal(dir: string, afterSeq = 0, log = logSink().log) {
  return Wal.open<Rec>(dir, afterSeq, log);
}

/** Appends records `from`..`to` one write each (room comes after ROOM_AFTER_WRITES writes). */
async function appendEach(wal: Wal<Rec>, from: number, to: number): Promise<void> {
  for (const r of recs(from, to)) await wal.append([r]);
}

/** Polls (by count, not time) until the open segment has room written ahead of its data. */
async function roomWritten(file: string, dataBytes: number, fromStart = false): Promise<number> {
  for (let i = 0; i < 1000; i++) {
    const size = (await fs.stat(file)).size;
    if (size >= dataBytes + ROOM_CHUNK || (fromStart && size >= ROOM_CHUNK && size > dataBytes)) return size;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('no room was written');
}

describe('Wal: room written ahead of the data', () => {
  it('a running log keeps zeros after its records; appends overwrite them; closing cuts them off', async () => {
    const dir = await dirs.make();
    const file = path.join(dir, SEG1);
    const { wal } = await openWal(dir);
    await appendEach(wal, 1, ROOM_AFTER_WRITES);
    const size = await roomWritten(file, Buffer.byteLength(lines(1, ROOM_AFTER_WRITES)));
    const last = ROOM_AFTER_WRITES + 3;
    await wal.append(recs(ROOM_AFTER_WRITES + 1, last));
    // The file did not grow: the records went into room already written.
    expect((await fs.stat(file)).size).toBe(size);
    const bytes = await fs.readFile(file);
    expect(bytes.subarray(0, dataEndOf(bytes)).toString('utf8')).toBe(lines(1, last));
    await wal.close();
    expect(await fs.readFile(file, 'utf8')).toBe(lines(1, last));
  });

  it('a power cut with room left (zeros after the last record) recovers every record, cuts nothing, says nothing, and appends after them', async () => {
    const dir = await dirs.make();
    await fs.writeFile(path.join(dir, SEG1), Buffer.concat([Buffer.from(lines(1, 4)), ZEROS]));
    const sink = logSink();
    const { wal, records, truncatedBytes } = await openWal(dir, 0, sink.log);
    expect(records).toEqual(recs(1, 4));
    expect(truncatedBytes).toBe(0);
    expect(sink.lines).toEqual([]);
    await wal.append([rec(5)]);
    await wal.close();
    const again = await openWal(dir);
    expect(again.records).toEqual(recs(1, 5));
    await again.wal.close();
  });

  it.each([1, 9, 30, 'all but the newline'] as const)('a record torn in the middle of the room (%s bytes of it, zeros after) is cut and reported', async (keep) => {
    const dir = await dirs.make();
    const next = encodeLine(rec(5));
    const torn = keep === 'all but the newline' ? next.slice(0, -1) : next.slice(0, keep);
    await fs.writeFile(path.join(dir, SEG1), Buffer.concat([Buffer.from(lines(1, 4)), Buffer.from(torn), ZEROS]));
    const sink = logSink();
    const { wal, records, truncatedBytes } = await openWal(dir, 0, sink.log);
    expect(records).toEqual(recs(1, 4));
    expect(truncatedBytes).toBe(Buffer.byteLength(torn));
    expect(sink.lines.join('\n')).toContain(`torn tail of ${truncatedBytes} bytes`);
    await wal.append([rec(5, 'again')]);
    await wal.close();
    const again = await openWal(dir);
    expect(again.records).toEqual([...recs(1, 4), rec(5, 'again')]);
    expect(again.truncatedBytes).toBe(0);
    await again.wal.close();
  });

  it('a record whose first sector reached the disk and whose second did not (zeros inside it) is cut', async () => {
    const dir = await dirs.make();
    const next = Buffer.from(encodeLine(rec(5, 'x'.repeat(600))));
    next.fill(0, 100, 400);
    await fs.writeFile(path.join(dir, SEG1), Buffer.concat([Buffer.from(lines(1, 4)), next, ZEROS]));
    const { wal, records, truncatedBytes } = await openWal(dir);
    expect(records).toEqual(recs(1, 4));
    expect(truncatedBytes).toBe(next.length);
    await wal.close();
  });

  it('zeros and then a whole record is damage, not room: the hub refuses to start and the file is left as it is', async () => {
    const dir = await dirs.make();
    const file = path.join(dir, SEG1);
    const bytes = Buffer.concat([Buffer.from(lines(1, 2)), Buffer.alloc(4096), Buffer.from(lines(3, 3)), ZEROS]);
    await fs.writeFile(file, bytes);
    await expect(openWal(dir)).rejects.toThrow(WalCorruptError);
    expect(await fs.readFile(file)).toEqual(bytes);
  });

  it('an older segment with room left (a crash before its room was cut) is read past its zeros', async () => {
    const dir = await dirs.make();
    await fs.writeFile(path.join(dir, SEG1), Buffer.concat([Buffer.from(lines(1, 3)), ZEROS]));
    await fs.writeFile(path.join(dir, '0000000000000004.log'), Buffer.concat([Buffer.from(lines(4, 5)), ZEROS]));
    const { wal, records } = await openWal(dir);
    expect(records).toEqual(recs(1, 5));
    await wal.close();
  });

  it('a rotation cuts the old segment\'s room off; the new segment gets its own', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    const n = ROOM_AFTER_WRITES;
    const seg2 = `${String(n + 1).padStart(16, '0')}.log`;
    await appendEach(wal, 1, n);
    await roomWritten(path.join(dir, SEG1), Buffer.byteLength(lines(1, n)));
    await wal.rotate(n + 1);
    await appendEach(wal, n + 1, 2 * n);
    // Its own room: written after its data, or (the next segment made ahead, wal-spare.test.ts) there from its start.
    await roomWritten(path.join(dir, seg2), Buffer.byteLength(lines(n + 1, 2 * n)), true);
    await wal.close();
    expect(await fs.readFile(path.join(dir, SEG1), 'utf8')).toBe(lines(1, n));
    expect(await fs.readFile(path.join(dir, seg2), 'utf8')).toBe(lines(n + 1, 2 * n));
    const again = await openWal(dir);
    expect(again.records).toEqual(recs(1, 2 * n));
    await again.wal.close();
  });

  it('dataEndOf: the end of the last byte that is not zero', () => {
    expect(dataEndOf(Buffer.alloc(0))).toBe(0);
    expect(dataEndOf(Buffer.alloc(100))).toBe(0);
    expect(dataEndOf(Buffer.from('ab\n'))).toBe(3);
    for (let zeros = 0; zeros < 20; zeros++) {
      expect(dataEndOf(Buffer.concat([Buffer.from('x\u0001yz\n'), Buffer.alloc(zeros)]))).toBe(5);
    }
  });
});
