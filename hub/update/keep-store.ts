import { constants, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { dataFiles } from '#hub/backup/collect.ts';
import { fsyncDir } from '#hub/store/durable-fs.ts';
import { scanLines } from '#hub/store/line-codec.ts';
import type { KeptStore } from './journal.ts';

/**
 * What the root updater keeps of the store before a new release first opens
 * it, and puts back if that release fails (hub/update/README.md "Rollback
 * after a migration").
 *
 * A newer release that opens an older store changes it only in these ways
 * (hub/store/README.md, "What a newer release may do to the files"):
 * - it replaces whole files by rename (snapshot.json, store.json, auth.json,
 *   secrets, reports' caches) or removes them (log segments a snapshot
 *   covers, an old job table): a hard link keeps the old inode;
 * - it appends to files (the day files: archive/, activity/, stock/, ...),
 *   never writing over bytes they hold (a torn last line is cut, which the
 *   old release would cut too): a hard link plus the size, cut back to it;
 * - it writes in place into the newest log segment (room written ahead,
 *   the torn tail cut) and the job table (lines written at an offset, the
 *   file cut back): these are copied.
 * So the kept set costs a copy of the log since the last snapshot and the
 * job table, not of a year of day files. Its scope is the backup's
 * (hub/backup/collect.ts: everything but hub.lock, backups/, updates/,
 * temp files), made under updates/ (same file system: links work).
 *
 * Root works in the hub user's folder while the hub is stopped (the service
 * stopped kills its whole cgroup; the data lock is taken): files are opened
 * without following links, only plain files are kept, copies and folders
 * root makes are given to the folder's owner.
 */
export async function keepStore(dataDir: string, keptDir: string): Promise<KeptStore> {
  await realFolder(path.dirname(keptDir));
  const partial = `${keptDir}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  await fs.rm(keptDir, { recursive: true, force: true });
  const owner = await fs.stat(dataDir);
  const dirs = new Dirs(owner);
  await dirs.make(partial);
  const files = await dataFiles(dataDir);
  const newestSegment = files.filter((f) => SEGMENT.test(f)).sort().at(-1);
  const kept: KeptStore['files'] = [];
  for (const rel of files) {
    const from = path.join(dataDir, rel);
    const to = path.join(partial, rel);
    await dirs.make(path.dirname(to));
    const how = rel === newestSegment || rel.startsWith('jobs/') ? 'copy' : 'link';
    const size = how === 'copy' ? await copyPlainFile(from, to) : await linkPlainFile(from, to);
    if (size !== null) kept.push({ path: rel, how, size });
  }
  await dirs.syncAll();
  // The commit point: a kept set exists whole under its name, or not at all.
  await fs.rename(partial, keptDir);
  await fsyncDir(path.dirname(keptDir));
  return { seq: await logEndSeq(dataDir), files: kept };
}

/**
 * Puts the kept store back in place of whatever the failed release left:
 * first everything of the store's scope goes aside whole (into `asideDir`,
 * for a look later; never mixed with the old store), then each kept file is
 * linked into its place (linked, not moved: the kept set stays whole, so an
 * updater killed here runs this again from the start), appended files cut
 * back to their kept size, every folder fsynced.
 */
export async function putBackStore(dataDir: string, keptDir: string, kept: KeptStore, asideDir: string, log: (line: string) => void = () => {}): Promise<void> {
  await realFolder(path.dirname(keptDir));
  await realFolder(path.dirname(asideDir));
  const owner = await fs.stat(dataDir);
  const dirs = new Dirs(owner);
  await dirs.make(asideDir);
  const tops = new Set((await dataFiles(dataDir)).map((f) => f.split('/')[0]!));
  for (const top of tops) await fs.rename(path.join(dataDir, top), await freeName(path.join(asideDir, top)));
  dirs.touched(dataDir);
  for (const file of kept.files) {
    const from = path.join(keptDir, file.path);
    const to = path.join(dataDir, file.path);
    await dirs.make(path.dirname(to));
    await fs.rm(to, { force: true });
    await fs.link(from, to);
    if (file.how === 'link') await cutBack(to, file.size, file.path, log);
  }
  await dirs.syncAll();
}

/**
 * The seq of the last record the log holds: the last whole record of the
 * newest segment that has one; an empty newest segment named N (a snapshot
 * at N - 1 rotated to it) means N - 1. Only the newest segments are read.
 */
export async function logEndSeq(dataDir: string): Promise<number> {
  const wal = path.join(dataDir, 'wal');
  const names = (await fs.readdir(wal).catch(() => [] as string[])).filter((n) => /^\d{16}\.log$/.test(n)).sort();
  for (let i = names.length - 1; i >= 0; i--) {
    const bytes = await readPlainFile(path.join(wal, names[i]!));
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    const last = scanLines(bytes.subarray(0, end)).findLast((l) => typeof (l.value as { seq?: unknown } | null)?.seq === 'number');
    if (last) return (last.value as { seq: number }).seq;
    if (i === names.length - 1) return Math.max(0, Number(names[i]!.slice(0, 16)) - 1);
  }
  return 0;
}

/**
 * What the log holds past `seq` (the seq kept): its end, and the records that
 * are more than the hub's own print and job bookkeeping (a command of a
 * device or a person: a sale, a payment, a numbered document). Records folded
 * into a snapshot the new release wrote (their segments removed) cannot be
 * read: they count as such records.
 */
export async function changesAfter(dataDir: string, seq: number): Promise<{ end: number; acknowledged: number[] }> {
  const end = await logEndSeq(dataDir);
  if (end <= seq) return { end, acknowledged: [] };
  const wal = path.join(dataDir, 'wal');
  const names = (await fs.readdir(wal).catch(() => [] as string[])).filter((n) => /^\d{16}\.log$/.test(n)).sort();
  const seen = new Set<number>();
  const acknowledged: number[] = [];
  for (const name of names) {
    if (Number(name.slice(0, 16)) > end) continue;
    const bytes = await readPlainFile(path.join(wal, name));
    let last = bytes.length;
    while (last > 0 && bytes[last - 1] === 0) last--;
    for (const line of scanLines(bytes.subarray(0, last))) {
      const rec = line.value as { seq?: unknown; type?: unknown; deviceId?: unknown } | null;
      if (typeof rec?.seq !== 'number' || rec.seq <= seq) continue;
      seen.add(rec.seq);
      if (!isHubBookkeeping(rec)) acknowledged.push(rec.seq);
    }
  }
  for (let s = seq + 1; s <= end; s++) if (!seen.has(s)) acknowledged.push(s);
  return { end, acknowledged: acknowledged.sort((a, b) => a - b) };
}

/**
 * The hub's own job records (`job.*` from the device `hub`): a print started
 * or done, a retry. Thrown away by a rollback, the old release prints that
 * ticket again: a duplicate slip, never a lost sale.
 */
function isHubBookkeeping(rec: { type?: unknown; deviceId?: unknown }): boolean {
  return typeof rec.type === 'string' && rec.type.startsWith('job.') && rec.deviceId === 'hub';
}

const SEGMENT = /^wal\/\d{16}\.log$/;

/** Folders root makes in the hub user's tree: 0700, the owner's, each fsynced once at the end. */
class Dirs {
  private readonly made = new Set<string>();
  private readonly owner: { uid: number; gid: number };
  constructor(owner: { uid: number; gid: number }) {
    this.owner = owner;
  }
  async make(dir: string): Promise<void> {
    if (this.made.has(dir)) return;
    const parent = path.dirname(dir);
    if (parent !== dir && !(await isDir(parent))) await this.make(parent);
    try {
      await fs.mkdir(dir, { mode: 0o700 });
      if (isRoot()) await fs.lchown(dir, this.owner.uid, this.owner.gid);
      this.made.add(parent);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (!(await fs.lstat(dir)).isDirectory()) throw new Error(`${dir} is not a folder`, { cause: err });
    }
    this.made.add(dir);
  }
  touched(dir: string): void {
    this.made.add(dir);
  }
  async syncAll(): Promise<void> {
    for (const dir of this.made) await fsyncDir(dir);
  }
}

const isRoot = () => process.getuid?.() === 0;

/**
 * The folder root makes, links into and removes in (`updates/`) must be a real
 * folder: the hub's user could have put a link there to have root remove or
 * write `kept`, `rolled-back` elsewhere. (The hub is stopped meanwhile: no race.)
 */
export async function realFolder(dir: string): Promise<void> {
  const stat = await fs.lstat(dir).catch(() => null);
  if (!stat) return void (await fs.mkdir(dir, { recursive: true, mode: 0o750 }));
  if (!stat.isDirectory()) throw new Error(`${dir} is not a plain folder (a link?): nothing kept or put back through it`);
}

async function isDir(dir: string): Promise<boolean> {
  return fs.lstat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** Removes a folder root made under `updates/`, only while `updates/` is a real folder (never through a link). */
export async function removeUnder(dir: string): Promise<void> {
  const parent = await fs.lstat(path.dirname(dir)).catch(() => null);
  if (parent?.isDirectory()) await fs.rm(dir, { recursive: true, force: true });
}

/** A name under the aside folder not taken yet (an interrupted put back runs again and moves things aside twice). */
async function freeName(wanted: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? wanted : `${wanted}.${n}`;
    if (!(await fs.lstat(name).catch(() => null))) return name;
  }
}

async function openPlain(file: string, flags: number): Promise<FileHandle | null> {
  const handle = await fs.open(file, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (handle && !(await handle.stat()).isFile()) {
    await handle.close();
    return null;
  }
  return handle;
}

async function readPlainFile(file: string): Promise<Buffer> {
  const handle = await openPlain(file, constants.O_RDONLY);
  if (!handle) return Buffer.alloc(0);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** A hard link to a plain file (never a link followed); its size, or null when it is not a plain file. */
async function linkPlainFile(from: string, to: string): Promise<number | null> {
  const stat = await fs.lstat(from);
  if (!stat.isFile()) return null;
  await fs.link(from, to);
  return stat.size;
}

/** A copy with the source's mode and owner, fsynced; its size, or null when the source is not a plain file. */
async function copyPlainFile(from: string, to: string): Promise<number | null> {
  const source = await openPlain(from, constants.O_RDONLY);
  if (!source) return null;
  try {
    const stat = await source.stat();
    const out = await fs.open(to, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, stat.mode & 0o777);
    try {
      if (isRoot()) await out.chown(stat.uid, stat.gid);
      const buffer = Buffer.alloc(1 << 20);
      let size = 0;
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, buffer.length, size);
        if (bytesRead === 0) break;
        await out.write(buffer, 0, bytesRead, size);
        size += bytesRead;
      }
      await out.sync();
      return size;
    } finally {
      await out.close();
    }
  } finally {
    await source.close();
  }
}

/** An appended file back to its kept size. Shorter means the failed release cut a torn last line the old one would cut as well: said, left. */
async function cutBack(file: string, size: number, rel: string, log: (line: string) => void): Promise<void> {
  const handle = await openPlain(file, constants.O_WRONLY);
  if (!handle) throw new Error(`${rel} is not a plain file after putting it back`);
  try {
    const now = (await handle.stat()).size;
    if (now > size) {
      await handle.truncate(size);
      await handle.sync();
    } else if (now < size) {
      log(`update-apply: ${rel} is ${size - now} bytes shorter than when kept (a torn last line cut); left as it is`);
    }
  } finally {
    await handle.close();
  }
}
