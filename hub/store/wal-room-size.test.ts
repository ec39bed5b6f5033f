import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLine } from './line-codec.ts';
import { useTempDirs } from './test-fixtures.ts';
import { dataEndOf, ROOM_AFTER_WRITES, ROOM_CHUNK, ROOM_MAX_WRITE, WalSegment } from './wal-segment.ts';

/**
 * Room (zeros ahead of the data, wal-segment.ts) is for small writes, where a
 * size change would cost each one a journal commit; a group commit of many
 * devices' records gets none (issue 20). Decided after each write, so the
 * checks below read the segment right after its write resolves: no timing.
 */
const dirs = useTempDirs('pos-wal-room-size-');
const NAME = '0000000000000001.log';

/** One write of `n` records of about `bytes` each. */
const batch = (from: number, n: number, bytes: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => encodeLine({ seq: from + i, body: 'x'.repeat(bytes) })).join(''));

async function segmentWith(writes: Buffer[]): Promise<{ seg: WalSegment; file: string; data: Buffer }> {
  const dir = await dirs.make();
  const seg = await WalSegment.open(dir, NAME, 1, 0, true);
  for (const w of writes) await seg.write(w, true);
  return { seg, file: path.join(dir, NAME), data: Buffer.concat(writes) };
}

describe('WalSegment: room only after small writes', () => {
  it.each([
    ['a lone device\'s records (one ~700 B record a write)', 1, 700, true],
    ['a few devices\' batch (8 x ~1.8 KB, under the bound)', 8, 1_800, true],
    ['a group commit of 64 devices (64 x ~1.8 KB)', 64, 1_800, false],
    ['one record larger than the bound', 1, ROOM_MAX_WRITE + 1, false],
  ] as const)('%s: room written ahead -> %s', async (_name, n, bytes, room) => {
    const writes = Array.from({ length: ROOM_AFTER_WRITES }, (_, i) => batch(1 + i * n, n, bytes));
    expect(writes[0]!.length <= ROOM_MAX_WRITE).toBe(room);
    const { seg, file, data } = await segmentWith(writes);
    expect(seg.writingRoom).toBe(room);
    await seg.close();
    // Either way the file holds exactly the records once closed (room is cut off).
    expect((await fs.readFile(file)).equals(data)).toBe(true);
  });

  it('a small write after big ones makes room again; the big ones are read back whole before it', async () => {
    const big = Array.from({ length: ROOM_AFTER_WRITES }, (_, i) => batch(1 + i * 64, 64, 1_800));
    const { seg, file, data } = await segmentWith(big);
    expect(seg.writingRoom).toBe(false);
    const small = batch(1 + ROOM_AFTER_WRITES * 64, 1, 700);
    await seg.write(small, true);
    expect(seg.writingRoom).toBe(true);
    // Polled by count, as wal-room.test.ts does, until the zeros are there.
    for (let i = 0; i < 1000 && (await fs.stat(file)).size < data.length + small.length + ROOM_CHUNK / 2; i++) await new Promise((r) => setTimeout(r, 5));
    const bytes = await fs.readFile(file);
    expect(bytes.length).toBeGreaterThanOrEqual(data.length + small.length + ROOM_CHUNK / 2);
    expect(bytes.subarray(0, dataEndOf(bytes)).equals(Buffer.concat([data, small]))).toBe(true);
    await seg.close();
  });
});
