import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLine } from './line-codec.ts';
import { logSink, useTempDirs } from './test-fixtures.ts';
import { Wal, WalCorruptError, WriteTime } from './wal.ts';
import { dataEndOf } from './wal-segment.ts';

type Rec = { seq: number; body: string };
const rec = (seq: number, body = `record ${seq} · 记录`): Rec => ({ seq, body });
const recs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => rec(from + i));
const SEG1 = '0000000000000001.log';

const dirs = useTempDirs('pos-wal-');

async function openWal(dir: string, afterSeq = 0, log = logSink().log) {
  return Wal.open<Rec>(dir, afterSeq, log);
}

/** A log with records 1..n in its first segment, closed. */
async function walWith(n: number): Promise<string> {
  const dir = await dirs.make();
  const { wal } = await openWal(dir);
  await wal.append(recs(1, n));
  await wal.close();
  return dir;
}

describe('Wal: append and reopen', () => {
  it('a new log is empty and starts segment 1', async () => {
    const dir = await dirs.make();
    const opened = await openWal(dir);
    expect(opened).toMatchObject({ records: [], truncatedBytes: 0, segments: 0 });
    await opened.wal.close();
    expect(await fs.readdir(dir)).toEqual([SEG1]);
  });

  it('reopening returns every appended record in order', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    await wal.append([rec(1)]);
    await wal.append([rec(2), rec(3), rec(4)]);
    await wal.close();
    const again = await openWal(dir);
    expect(again.records).toEqual(recs(1, 4));
    expect(again.segments).toBe(1);
    await again.wal.close();
  });

  it('an append is on disk when it resolves: the file holds exactly the encoded records (then, while open, only zeros)', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    await wal.append(recs(1, 2));
    const expected = encodeLine(rec(1)) + encodeLine(rec(2));
    const bytes = await fs.readFile(path.join(dir, SEG1));
    expect(bytes.subarray(0, Buffer.byteLength(expected)).toString('utf8')).toBe(expected);
    expect(bytes.subarray(Buffer.byteLength(expected)).every((b) => b === 0)).toBe(true);
    await wal.close();
    // Closed, the segment holds its records and nothing else.
    expect(await fs.readFile(path.join(dir, SEG1), 'utf8')).toBe(expected);
  });

  it('records up to afterSeq (covered by a snapshot) are skipped', async () => {
    const dir = await walWith(5);
    const { wal, records } = await openWal(dir, 3);
    expect(records).toEqual(recs(4, 5));
    await wal.close();
  });

  it('appending after reopen continues the same segment', async () => {
    const dir = await walWith(2);
    const { wal } = await openWal(dir);
    await wal.append([rec(3)]);
    await wal.close();
    expect(await fs.readdir(dir)).toEqual([SEG1]);
    const { wal: w2, records } = await openWal(dir);
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3]);
    await w2.close();
  });

  it('refuses to append once closed', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    await wal.close();
    await expect(wal.append([rec(1)])).rejects.toThrow('log is closed');
  });
});

describe('Wal: torn tail', () => {
  it.each([1, 10, 'all but the newline'] as const)('cuts a torn last record (%s bytes of it) and reports it', async (keep) => {
    const dir = await walWith(3);
    const file = path.join(dir, SEG1);
    const good = (await fs.stat(file)).size;
    const next = encodeLine(rec(4));
    const torn = keep === 'all but the newline' ? next.slice(0, -1) : next.slice(0, keep);
    await fs.appendFile(file, torn);

    const sink = logSink();
    const { wal, records, truncatedBytes } = await openWal(dir, 0, sink.log);
    expect(records).toEqual(recs(1, 3));
    expect(truncatedBytes).toBe(Buffer.byteLength(torn));
    expect(sink.lines.join('\n')).toContain(`torn tail of ${truncatedBytes} bytes`);
    // The file ends at the last whole record (then, the log running, only zeros of room).
    expect(dataEndOf(await fs.readFile(file))).toBe(good);

    // The next append follows the last whole record, not the torn bytes.
    await wal.append([rec(4, 'again')]);
    await wal.close();
    const again = await openWal(dir);
    expect(again.records).toEqual([...recs(1, 3), rec(4, 'again')]);
    expect(again.truncatedBytes).toBe(0);
    await again.wal.close();
  });

  it('a damaged last record (flipped byte, newline intact) is cut like a torn one', async () => {
    const dir = await walWith(3);
    const file = path.join(dir, SEG1);
    const bytes = await fs.readFile(file);
    bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0x01;
    await fs.writeFile(file, bytes);
    const { wal, records, truncatedBytes } = await openWal(dir);
    expect(records).toEqual(recs(1, 2));
    expect(truncatedBytes).toBe(Buffer.byteLength(encodeLine(rec(3))));
    await wal.close();
  });
});

describe('Wal: corruption stops the opening', () => {
  it('damage with whole records after it throws WalCorruptError and leaves the file untouched', async () => {
    const dir = await walWith(4);
    const file = path.join(dir, SEG1);
    const bytes = await fs.readFile(file);
    const at = Buffer.byteLength(encodeLine(rec(1))) + 15; // inside record 2
    bytes[at] = bytes[at]! ^ 0x01;
    await fs.writeFile(file, bytes);
    await expect(openWal(dir)).rejects.toThrow(WalCorruptError);
    await expect(openWal(dir)).rejects.toThrow(/damaged at byte \d+, with whole records after it/);
    expect(await fs.readFile(file)).toEqual(bytes);
  });

  it('a torn end of a segment that is not the last one is corruption too', async () => {
    const dir = await walWith(2);
    await fs.appendFile(path.join(dir, SEG1), encodeLine(rec(3)).slice(0, 9));
    await fs.writeFile(path.join(dir, '0000000000000003.log'), encodeLine(rec(3)));
    await expect(openWal(dir)).rejects.toThrow(WalCorruptError);
  });

  it.each<[string, number[]]>([
    ['a gap', [1, 2, 4]],
    ['a repeated seq', [1, 2, 2]],
    ['a seq going back', [1, 3, 2]],
  ])('a sequence with %s throws WalCorruptError', async (_label, seqs) => {
    const dir = await dirs.make();
    await fs.writeFile(path.join(dir, SEG1), seqs.map((s) => encodeLine(rec(s))).join(''));
    await expect(openWal(dir)).rejects.toThrow(/expected seq/);
  });

  it('a line that is valid JSON but not a record (no seq) counts as damage', async () => {
    const dir = await dirs.make();
    await fs.writeFile(path.join(dir, SEG1), encodeLine(rec(1)) + encodeLine({ hello: 'world' }) + encodeLine(rec(2)));
    await expect(openWal(dir)).rejects.toThrow(WalCorruptError);
  });
});

describe('Wal: rotate and dropSegmentsBefore', () => {
  it('rotate starts a segment named by its first seq; reopening reads across segments', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    await wal.append(recs(1, 3));
    await wal.rotate(4);
    await wal.append(recs(4, 5));
    await wal.rotate(6);
    await wal.append([rec(6)]);
    await wal.close();
    expect((await fs.readdir(dir)).sort()).toEqual([SEG1, '0000000000000004.log', '0000000000000006.log']);
    const again = await openWal(dir);
    expect(again.records).toEqual(recs(1, 6));
    expect(again.segments).toBe(3);
    await again.wal.close();
  });

  it('dropSegmentsBefore removes the segments a snapshot covers and nothing else', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    await wal.append(recs(1, 3));
    await wal.rotate(4);
    await wal.append(recs(4, 5));
    await wal.rotate(6);
    await fs.writeFile(path.join(dir, 'notes.txt'), 'not a segment');
    expect(await wal.dropSegmentsBefore(6)).toBe(2);
    expect(await wal.dropSegmentsBefore(6)).toBe(0);
    await wal.append([rec(6)]);
    await wal.close();
    expect((await fs.readdir(dir)).sort()).toEqual(['0000000000000006.log', 'notes.txt']);

    // Records 1..5 are gone: only a snapshot at seq 5 makes the log whole again.
    const fromSnapshot = await openWal(dir, 5);
    expect(fromSnapshot.records).toEqual([rec(6)]);
    await fromSnapshot.wal.close();
    await expect(openWal(dir, 0)).rejects.toThrow('expected seq 1, found 6');
  });

  it('a snapshot of seq 3 drops only what it covers, even after the log moved on to a newer segment', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    await wal.append(recs(1, 3));
    await wal.rotate(4); // the snapshot of seq 3 starts here...
    await wal.append(recs(4, 5));
    await wal.rotate(6); // ...and a later one here, before the first is done
    await wal.append([rec(6)]);
    expect(await wal.dropSegmentsBefore(4)).toBe(1);
    await wal.close();
    expect((await fs.readdir(dir)).sort()).toEqual(['0000000000000004.log', '0000000000000006.log']);
    const again = await openWal(dir, 3);
    expect(again.records).toEqual(recs(4, 6));
    await again.wal.close();
  });

  it('a rotation that cannot make its segment leaves the current one open for appends', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    await wal.append(recs(1, 2));
    // A directory where the new segment would go: opening it as a file fails.
    await fs.mkdir(path.join(dir, '0000000000000003.log'));
    await expect(wal.rotate(3)).rejects.toThrow();
    await wal.append([rec(3)]);
    await wal.close();
    await fs.rmdir(path.join(dir, '0000000000000003.log'));
    const again = await openWal(dir);
    expect(again.records).toEqual(recs(1, 3));
    await again.wal.close();
  });

  it('segments a snapshot already covers are read past (crash between snapshot and drop)', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    await wal.append(recs(1, 3));
    await wal.rotate(4);
    await wal.close();
    const { wal: w2, records } = await openWal(dir, 3);
    expect(records).toEqual([]);
    await w2.append([rec(4)]);
    await w2.close();
    const third = await openWal(dir, 3);
    expect(third.records).toEqual([rec(4)]);
    await third.wal.close();
  });

  it('a torn tail in the newest segment is cut while older segments stay whole', async () => {
    const dir = await dirs.make();
    const { wal } = await openWal(dir);
    await wal.append(recs(1, 2));
    await wal.rotate(3);
    await wal.append(recs(3, 4));
    await wal.close();
    await fs.appendFile(path.join(dir, '0000000000000003.log'), encodeLine(rec(5)).slice(0, 20));
    const again = await openWal(dir);
    expect(again.records).toEqual(recs(1, 4));
    expect(again.truncatedBytes).toBe(20);
    await again.wal.close();
  });
});

describe('WriteTime: in place or through the thread pool', () => {
  /** Feeds the times of writes made in place; returns where the next write goes. */
  const after = (times: readonly number[]): WriteTime => {
    const w = new WriteTime();
    for (const ms of times) w.note(ms);
    return w;
  };
  const fast = 0.12;
  const slow = 4;

  it.each([
    { what: 'nothing timed yet (start in place)', times: [], inPlace: true },
    { what: 'a fast disk', times: Array(9).fill(fast), inPlace: true },
    { what: 'a fast disk with spikes (4 of the last 9 slow)', times: [fast, slow, fast, slow, fast, slow, fast, slow, fast], inPlace: true },
    { what: 'one spike of 30 ms after fast writes', times: [...Array(8).fill(fast), 30], inPlace: true },
    { what: 'a slow disk (an SD card)', times: Array(9).fill(slow), inPlace: false },
    { what: 'a disk that became slow (5 of the last 9)', times: [...Array(9).fill(fast), ...Array(5).fill(slow)], inPlace: false },
    { what: 'a slow disk that became fast (5 of the last 9)', times: [...Array(9).fill(slow), ...Array(5).fill(fast)], inPlace: true },
  ])('$what: in place $inPlace', ({ times, inPlace }) => {
    expect(after(times).inPlace()).toBe(inPlace);
  });

  it('on a slow disk one write in PROBE_EVERY is made in place, so the disk is timed again', () => {
    const w = after(Array(9).fill(slow));
    const choices = Array.from({ length: WriteTime.PROBE_EVERY * 3 }, () => w.inPlace());
    expect(choices.filter(Boolean).length).toBe(3);
    expect(choices[WriteTime.PROBE_EVERY - 1]).toBe(true);
  });

  it('a log on a slow disk goes back in place once probes find it fast again', () => {
    const w = after(Array(9).fill(slow));
    let writes = 0;
    while (!w.inPlace()) writes++;
    // Each probe made in place is timed: the disk is fast now.
    for (let probes = 1; probes < 5; probes++) {
      w.note(fast);
      while (!w.inPlace()) writes++;
    }
    w.note(fast);
    expect(w.inPlace()).toBe(true);
    expect(writes).toBeLessThan(5 * WriteTime.PROBE_EVERY);
  });
});
