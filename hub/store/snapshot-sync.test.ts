import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyState } from '#domain';
import { encodeLine } from './line-codec.ts';
import { readSnapshot, writeSnapshot } from './snapshot.ts';
import { useTempDirs } from './test-fixtures.ts';

/**
 * A large snapshot goes to the disk a piece at a time (an fdatasync per
 * megabyte as it is written, SYNC_EVERY_BYTES in snapshot.ts), so the log's
 * fdatasyncs do not queue behind one flush of the whole file at its end; the
 * file is still exactly `encodeLine` of its value, read back whole.
 */
const dirs = useTempDirs('pos-snap-sync-');

afterEach(() => vi.restoreAllMocks());

/** FileHandle's prototype, from a handle opened and closed at once (node:fs does not export the class). */
async function fileHandlePrototype(dir: string): Promise<{ datasync(): Promise<void>; sync(): Promise<void> }> {
  const handle = await fs.open(path.join(dir, 'probe'), 'w');
  await handle.close();
  return Object.getPrototypeOf(handle) as { datasync(): Promise<void>; sync(): Promise<void> };
}

describe('writing a large snapshot', () => {
  it('syncs as it goes (at most one datasync a megabyte), and reads back equal', async () => {
    const dir = await dirs.make();
    const proto = await fileHandlePrototype(dir);
    const datasync = vi.spyOn(proto, 'datasync');
    const state = emptyState();
    state.restaurant.name = 'Ñandú · 秘鲁';
    // ~5 MB of many small entries, written in slices as a real state's records are.
    const processed = Array.from({ length: 40_000 }, (_, i) => ({ id: `pedido-${i}-ñ-秘鲁`.padEnd(60, '·'), seq: i + 1, at: '2025-03-14T19:29:00.000Z', result: { orderNo: i } }));
    const snapshot = { storeId: 'store-1', seq: 9, archivedThroughSeq: 9, writtenAt: '2025-03-14T19:30:00.000Z', state, processed };
    const size = await writeSnapshot(dir, snapshot);
    expect(size).toBeGreaterThan(4 * 1024 * 1024);
    // Synced along the way, at most once a megabyte (how much each slice gathers depends on the machine's speed).
    expect(datasync.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(datasync.mock.calls.length).toBeLessThanOrEqual(Math.ceil(size / (1024 * 1024)));
    const back = await readSnapshot(dir);
    expect(back?.processed).toEqual(processed);
    const bytes = await fs.readFile(path.join(dir, 'snapshot.json'));
    expect(bytes.length).toBe(size);
    expect(bytes.toString('utf8') === encodeLine({ format: back!.format, ...snapshot })).toBe(true);
  });

  it('a small one is synced once, at its end', async () => {
    const dir = await dirs.make();
    const proto = await fileHandlePrototype(dir);
    const datasync = vi.spyOn(proto, 'datasync');
    await writeSnapshot(dir, { storeId: 'store-1', seq: 1, archivedThroughSeq: 1, writtenAt: '2025-03-14T19:30:00.000Z', state: emptyState(), processed: [] });
    expect(datasync).not.toHaveBeenCalled();
  });
});
