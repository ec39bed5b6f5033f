import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataFiles } from '#hub/backup/collect.ts';
import { encodeLine } from '#hub/store/line-codec.ts';
import { changesAfter, keepStore, logEndSeq, putBackStore } from './keep-store.ts';
import { updateLayout, type UpdateLayout } from './layout.ts';

/**
 * The store kept before a new release opens it and put back when it fails:
 * a newer release's every way of changing the files (replace by rename,
 * remove, append, write in place, add files and folders) is undone, byte for
 * byte, and an interrupted put back run again gives the same.
 */
let dir: string;
let data: string;
let layout: UpdateLayout;
const rec = (seq: number) => encodeLine({ seq, format: 9, events: [] });

async function write(rel: string, text: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(path.join(data, rel)), { recursive: true });
  await fs.writeFile(path.join(data, rel), text);
}

/** Every file of the store's scope with its bytes. */
async function contents(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of await dataFiles(data)) out[rel] = await fs.readFile(path.join(data, rel), 'utf8');
  return out;
}

/** What a newer release does to the files when it opens, migrates and runs a little. */
async function actLikeANewerRelease(): Promise<void> {
  await fs.writeFile(path.join(data, 'snapshot.json.tmp-1'), 'format 10 snapshot');
  await fs.rename(path.join(data, 'snapshot.json.tmp-1'), path.join(data, 'snapshot.json'));
  await fs.rm(path.join(data, 'wal', '0000000000000001.log'));
  await fs.appendFile(path.join(data, 'wal', '0000000000000004.log'), Buffer.concat([Buffer.from(rec(6)), Buffer.alloc(4096)]));
  await fs.appendFile(path.join(data, 'archive', '2026-11-28.jsonl'), '{"newer":true}\n');
  const table = await fs.open(path.join(data, 'jobs', 'table-0.jsonl'), 'r+');
  await table.write('XXXX', 0);
  await table.close();
  await write('wal/0000000000000007.log', rec(7));
  await write('processed/7.jsonl', 'new ids');
  await write('newer-folder/thing.json', '{}');
  await fs.rm(path.join(data, 'store.json'));
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'pos-keep-'));
  data = path.join(dir, 'data');
  layout = updateLayout(data, path.join(dir, 'root'));
  await write('snapshot.json', 'format 9 snapshot');
  await write('store.json', '{"storeId":"s1"}');
  await write('wal/0000000000000001.log', rec(1) + rec(2) + rec(3));
  await write('wal/0000000000000004.log', rec(4) + rec(5));
  await write('archive/2026-11-28.jsonl', '{"seq":2}\n');
  await write('jobs/table-0.jsonl', 'jobs as they were\n');
  await write('processed/1.jsonl', 'ids');
  await write('__proto__/constructor.json', 'odd names are files like any other');
  await write('hub.lock', '{"pid":1}');
  await write('updates/request.json', 'not the store');
  await write('backups/pos-backup-x.posbak', 'not the store');
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('keep and put back the store', () => {
  it('keeps the log seq, links what is replaced or appended, copies what is written in place', async () => {
    const kept = await keepStore(data, layout.kept);
    expect(kept.seq).toBe(5);
    const how = Object.fromEntries(kept.files.map((f) => [f.path, f.how]));
    expect(how).toMatchObject({ 'wal/0000000000000004.log': 'copy', 'jobs/table-0.jsonl': 'copy', 'wal/0000000000000001.log': 'link', 'archive/2026-11-28.jsonl': 'link', 'snapshot.json': 'link' });
    expect(Object.keys(how)).not.toContain('hub.lock');
    expect(Object.keys(how).some((p) => p.startsWith('updates/') || p.startsWith('backups/'))).toBe(false);
    const linked = await fs.stat(path.join(layout.kept, 'snapshot.json'));
    expect(linked.ino).toBe((await fs.stat(path.join(data, 'snapshot.json'))).ino);
    expect((await fs.stat(path.join(layout.kept, 'wal', '0000000000000004.log'))).ino).not.toBe((await fs.stat(path.join(data, 'wal', '0000000000000004.log'))).ino);
  });

  it('puts back every file byte for byte after a newer release rewrote the store; what it added goes aside', async () => {
    const before = await contents();
    const kept = await keepStore(data, layout.kept);
    await actLikeANewerRelease();
    expect(await logEndSeq(data)).toBe(7);
    await putBackStore(data, layout.kept, kept, layout.rolledBack);
    expect(await contents()).toEqual(before);
    expect(await logEndSeq(data)).toBe(5);
    // The failed release's store is kept aside whole for a look; what is not the store was never touched.
    expect(await fs.readFile(path.join(layout.rolledBack, 'newer-folder', 'thing.json'), 'utf8')).toBe('{}');
    expect(await fs.readFile(path.join(layout.rolledBack, 'wal', '0000000000000007.log'), 'utf8')).toBe(rec(7));
    expect(await fs.readFile(path.join(data, 'hub.lock'), 'utf8')).toBe('{"pid":1}');
    expect(await fs.readFile(path.join(data, 'updates', 'request.json'), 'utf8')).toBe('not the store');
  });

  it('gives the same store when a put back is interrupted and run again, any number of times', async () => {
    const before = await contents();
    const kept = await keepStore(data, layout.kept);
    await actLikeANewerRelease();
    await putBackStore(data, layout.kept, kept, layout.rolledBack);
    // Killed after half of the files were linked back: some missing, the rest in place.
    await fs.rm(path.join(data, 'archive'), { recursive: true });
    await fs.rm(path.join(data, 'snapshot.json'));
    await putBackStore(data, layout.kept, kept, layout.rolledBack);
    await putBackStore(data, layout.kept, kept, layout.rolledBack);
    expect(await contents()).toEqual(before);
  });

  it('never follows a link planted in the data folder (root works in the hub user\'s folder)', async () => {
    const secret = path.join(dir, 'root-only');
    await fs.writeFile(secret, 'secret');
    await fs.symlink(secret, path.join(data, 'wal', '0000000000000009.log'));
    await fs.symlink(secret, path.join(data, 'jobs', 'table-9.jsonl'));
    const kept = await keepStore(data, layout.kept);
    expect(kept.files.map((f) => f.path)).not.toContain('jobs/table-9.jsonl');
    expect(kept.files.map((f) => f.path)).not.toContain('wal/0000000000000009.log');
    expect(await fs.readdir(path.join(layout.kept, 'jobs'))).toEqual(['table-0.jsonl']);
    expect(await fs.readFile(secret, 'utf8')).toBe('secret');
  });

  it('never keeps or puts back through an updates/ folder that is a link (root would write or remove elsewhere)', async () => {
    const elsewhere = path.join(dir, 'elsewhere');
    await fs.mkdir(path.join(elsewhere, 'rolled-back', 'precious'), { recursive: true });
    await fs.rm(path.join(data, 'updates'), { recursive: true });
    await fs.symlink(elsewhere, path.join(data, 'updates'));
    await expect(keepStore(data, layout.kept)).rejects.toThrow(/not a plain folder/);
    await expect(putBackStore(data, layout.kept, { seq: 0, files: [] }, layout.rolledBack)).rejects.toThrow(/not a plain folder/);
    expect(await fs.readdir(elsewhere)).toEqual(['rolled-back']);
    expect(await fs.readdir(path.join(elsewhere, 'rolled-back'))).toEqual(['precious']);
  });

  it.each([
    ['nothing past the kept seq', [], []],
    ["only the hub's own print bookkeeping (a ticket printed, a retry)", [{ seq: 6, type: 'job.finish', deviceId: 'hub' }, { seq: 7, type: 'job.start', deviceId: 'hub' }], []],
    ['a sale a device sent', [{ seq: 6, type: 'job.finish', deviceId: 'hub' }, { seq: 7, type: 'order.settle', deviceId: 'till-1' }], [7]],
    ['a job command a person sent (a reprint)', [{ seq: 6, type: 'job.retry', deviceId: 'till-1' }], [6]],
    ['a record of another shape', [{ seq: 6 }], [6]],
  ] as const)('tells what the log holds past the kept seq: %s', async (_what, records, acknowledged) => {
    await write('wal/0000000000000006.log', records.map((r) => encodeLine(r)).join(''));
    expect(await changesAfter(data, 5)).toEqual({ end: records.length ? 5 + records.length : 5, acknowledged });
  });

  it('counts records a new release folded into its snapshot (segments gone, unreadable) as acknowledged', async () => {
    await fs.rm(path.join(data, 'wal'), { recursive: true });
    await write('wal/0000000000000009.log', encodeLine({ seq: 9, type: 'job.finish', deviceId: 'hub' }));
    expect(await changesAfter(data, 5)).toEqual({ end: 9, acknowledged: [6, 7, 8] });
  });

  it('reads the log end from the newest segment: an empty one after a snapshot, zeros of room after the data', async () => {
    await write('wal/0000000000000004.log', Buffer.concat([Buffer.from(rec(4) + rec(5)), Buffer.alloc(8192)]));
    expect(await logEndSeq(data)).toBe(5);
    await write('wal/0000000000000006.log', '');
    expect(await logEndSeq(data)).toBe(5);
    await fs.rm(path.join(data, 'wal'), { recursive: true });
    expect(await logEndSeq(data)).toBe(0);
  });
});
