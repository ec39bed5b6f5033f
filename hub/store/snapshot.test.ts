import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORE_FORMAT_VERSION } from '#protocol';
import { emptyState } from '#domain';
import { isStorageError, writeFileAtomic } from './durable-fs.ts';
import { encodeLine } from './line-codec.ts';
import { readSnapshot, SnapshotCorruptError, writeSnapshot, type SnapshotFile } from './snapshot.ts';
import { useTempDirs } from './test-fixtures.ts';

const dirs = useTempDirs('pos-snap-');

function snapshotAt(seq: number): Omit<SnapshotFile, 'format'> {
  const state = emptyState();
  state.restaurant.name = `Cevichería ${seq} · 秘鲁`;
  state.counters = { orderNo: seq, billNo: seq - 1 };
  return {
    storeId: 'store-1',
    seq,
    archivedThroughSeq: seq,
    writtenAt: '2025-03-14T19:30:00.000Z',
    state,
    processed: [{ id: '3b241101-e2bb-4255-8caf-4136c566a962', seq, at: '2025-03-14T19:29:00.000Z', result: { orderNo: seq } }],
  };
}

describe('snapshot', () => {
  it('there is none in a fresh directory', async () => {
    expect(await readSnapshot(await dirs.make())).toBeNull();
  });

  it('reads back exactly what was written, with the format version', async () => {
    const dir = await dirs.make();
    await writeSnapshot(dir, snapshotAt(7));
    expect(await readSnapshot(dir)).toEqual({ format: STORE_FORMAT_VERSION, ...snapshotAt(7) });
  });

  it('a new snapshot replaces the old one whole and leaves no temp file behind', async () => {
    const dir = await dirs.make();
    await writeSnapshot(dir, snapshotAt(7));
    await writeSnapshot(dir, snapshotAt(9));
    expect((await readSnapshot(dir))?.seq).toBe(9);
    expect(await fs.readdir(dir)).toEqual(['snapshot.json']);
  });

  it('a state written again from kept texts (unchanged buckets as bytes) is byte for byte the line of its value', async () => {
    const dir = await dirs.make();
    const members = Object.fromEntries(
      Array.from({ length: 64 }, (_, b) => [b.toString(16).padStart(2, '0'), Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`m-${b}-${i}`, { name: `Señora ${i} · 客户`, cents: i }]))]),
    );
    // Attack: a member id `__proto__` is an own entry of its bucket, kept and written as any other.
    Object.defineProperty(members['01'], '__proto__', { value: { name: 'Proto', cents: 5 }, enumerable: true, writable: true, configurable: true });
    const withMembers = (seq: number, extra: Record<string, unknown>) => {
      const s = snapshotAt(seq);
      return { ...s, state: { ...s.state, members: { ...members, ...extra } } as unknown as SnapshotFile['state'] };
    };
    const first = withMembers(7, {});
    await writeSnapshot(dir, first);
    // The second holds the same bucket objects (kept) beside a changed one (written afresh).
    const changed = { '00': { ...members['00'], 'm-new': { name: 'Nuevo 新', cents: 1 } } };
    const second = withMembers(8, changed);
    await writeSnapshot(dir, second, 0);
    const bytes = await fs.readFile(path.join(dir, 'snapshot.json'));
    expect(bytes.toString('utf8')).toBe(encodeLine({ format: STORE_FORMAT_VERSION, ...second }));
    expect(bytes.toString('utf8')).toContain('"__proto__":{"name":"Proto","cents":5}');
    expect(await readSnapshot(dir)).toEqual({ format: STORE_FORMAT_VERSION, ...second });
  });

  it.each<[string, (bytes: Buffer) => Buffer]>([
    ['a flipped byte', (b) => Buffer.concat([b.subarray(0, 40), Buffer.from([b[40]! ^ 0x04]), b.subarray(41)])],
    ['cut in half', (b) => b.subarray(0, Math.floor(b.length / 2))],
    ['emptied', () => Buffer.alloc(0)],
    ['replaced by plain JSON without checksum', (b) => b.subarray(9)],
  ])('a snapshot %s throws SnapshotCorruptError instead of starting on bad data', async (_label, damage) => {
    const dir = await dirs.make();
    await writeSnapshot(dir, snapshotAt(7));
    const file = path.join(dir, 'snapshot.json');
    await fs.writeFile(file, damage(await fs.readFile(file)));
    await expect(readSnapshot(dir)).rejects.toThrow(SnapshotCorruptError);
  });

  it('a whole line that is not a snapshot (no seq) is corrupt too', async () => {
    const dir = await dirs.make();
    await fs.writeFile(path.join(dir, 'snapshot.json'), encodeLine({ hello: 'world' }));
    await expect(readSnapshot(dir)).rejects.toThrow(SnapshotCorruptError);
  });

  it('a snapshot from a newer hub is refused with a message saying so', async () => {
    const dir = await dirs.make();
    await fs.writeFile(path.join(dir, 'snapshot.json'), encodeLine({ ...snapshotAt(3), format: STORE_FORMAT_VERSION + 1 }));
    await expect(readSnapshot(dir)).rejects.toThrow(/newer hub/);
  });
});

describe('durable-fs', () => {
  it('writeFileAtomic creates and replaces a file, leaving only the file', async () => {
    const dir = await dirs.make();
    const file = path.join(dir, 'settings.json');
    await writeFileAtomic(file, 'uno');
    await writeFileAtomic(file, Buffer.from('dos'));
    expect(await fs.readFile(file, 'utf8')).toBe('dos');
    expect(await fs.readdir(dir)).toEqual(['settings.json']);
  });

  it('writeFileAtomic into a missing directory fails and creates nothing', async () => {
    const dir = await dirs.make();
    await expect(writeFileAtomic(path.join(dir, 'nope', 'x.json'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it.each([
    ['ENOSPC', true],
    ['EROFS', true],
    ['EIO', true],
    ['EDQUOT', true],
    ['EACCES', true],
    ['EPERM', true],
    ['ENOENT', false],
    ['EBADF', false],
  ])('isStorageError(%s) is %s', (code, expected) => {
    expect(isStorageError(Object.assign(new Error(code), { code }))).toBe(expected);
  });

  it('isStorageError is false for things that are not errors', () => {
    expect(isStorageError(undefined)).toBe(false);
    expect(isStorageError(new Error('log is closed'))).toBe(false);
  });
});
