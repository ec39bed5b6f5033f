/**
 * A release of a newer store format that fails (tests only): it opens the
 * store as a newer hub would (the data lock held, the snapshot rewritten in
 * format STORE_FORMAT_VERSION + 1 by temp file and rename, the log segments
 * it covers removed and a new empty one started, a line of the new shape
 * appended to every day file, the job table rewritten in place), and then
 * either exits 1 (`--fail exit`) or runs on without ever answering health
 * (`--fail hang`). After it, this source refuses the store ("written by a
 * newer hub") unless the updater puts the kept store back.
 *
 *   node newer-release.ts --data DIR --fail exit|hang [hub options, ignored]
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { STORE_FORMAT_VERSION } from '#protocol';
import { lockDataDir } from '#hub/store/data-lock.ts';
import { encodeLine } from '#hub/store/line-codec.ts';
import { readSnapshot, type SnapshotFile } from '#hub/store/snapshot.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, fail: { type: 'string' } }, strict: false, allowPositionals: true });
const data = String(values.data);
const lock = lockDataDir(data);
const format = STORE_FORMAT_VERSION + 1;
// Started again on a store it already migrated (a restart while it fails): nothing to migrate, it fails the same.
const snapshot = await readSnapshot(data).catch((err: Error) => {
  if (/newer hub/.test(err.message)) return null;
  throw err;
});
if (snapshot) await migrate(snapshot);
if (values.fail === 'exit') {
  lock.release();
  process.exit(1);
}
// Never answers health; runs until stopped.
setInterval(() => {}, 60_000);

async function migrate(snapshot: SnapshotFile): Promise<void> {

  const tmp = path.join(data, 'snapshot.json.tmp-newer');
  await fs.writeFile(tmp, encodeLine({ ...snapshot, format, state: { ...snapshot.state, addedByTheNewerFormat: true } }));
  await fs.rename(tmp, path.join(data, 'snapshot.json'));

  const wal = path.join(data, 'wal');
  for (const name of await fs.readdir(wal)) await fs.rm(path.join(wal, name));
  await fs.writeFile(path.join(wal, `${String(snapshot.seq + 1).padStart(16, '0')}.log`), '');

  for (const folder of ['archive', 'activity', 'stock', 'shifts']) {
    for (const name of await fs.readdir(path.join(data, folder)).catch(() => [] as string[])) {
      await fs.appendFile(path.join(data, folder, name), encodeLine({ seq: snapshot.seq, format, newerShape: true }));
    }
}
for (const name of await fs.readdir(path.join(data, 'jobs')).catch(() => [] as string[])) {
  const handle = await fs.open(path.join(data, 'jobs', name), 'r+');
  await handle.write(encodeLine({ format, rewrittenInPlace: true }), 0);
  await handle.close();
}

console.log(`newer release: store migrated to format ${format} at seq ${snapshot.seq}`);
}
