import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fsyncDir, makePrivateDir, PRIVATE_FILE_MODE } from './durable-fs.ts';
import { scanLines } from './line-codec.ts';
import { encodeInSlices, slicer } from './encode-slices.ts';
/** How much of a day file's end is read first to find its last record (more only when a line is longer). */
const TAIL_BYTES = 64 * 1024;

/**
 * The calendar day a moment belongs to in the restaurant's time zone. Peru
 * keeps UTC-5 all year, so a fixed offset is exact there and needs no tz data.
 */
export function dayKey(iso: string, utcOffsetMinutes: number): string {
  return new Date(Date.parse(iso) + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * Records that leave the log into one file per day (`DIR/YYYY-MM-DD.jsonl`),
 * each carrying the log seq it came from: appending the same records again
 * (after a crash between the day file and the snapshot) adds nothing. Closed
 * bills (Archive) and the staff activity view both keep their history here.
 */
export class DayLog<T extends { seq: number }> {
  readonly dir: string;
  readonly utcOffsetMinutes: number;
  private readonly timeOf: (entry: T) => string;
  /**
   * Last seq and size of each day file as this process left it: while the size
   * is unchanged the file need not be read again to find where it ends.
   */
  private readonly tails = new Map<string, { seq: number; size: number }>();
  /**
   * Day of a time's minute (`YYYY-MM-DDTHH:MM` of a UTC ISO string): a
   * snapshot files thousands of entries from a few minutes, and working the
   * day out of a date each time held the event loop for milliseconds.
   */
  private readonly dayOfMinute = new Map<string, string>();

  constructor(dir: string, utcOffsetMinutes: number, timeOf: (entry: T) => string) {
    this.dir = dir;
    this.utcOffsetMinutes = utcOffsetMinutes;
    this.timeOf = timeOf;
  }

  /** The day file an entry belongs in. */
  dayOf(entry: T): string {
    return this.dayAt(this.timeOf(entry));
  }

  /** The restaurant's calendar day of a moment. */
  dayAt(iso: string): string {
    // Only the hub's own clock's form (UTC, milliseconds) is looked up by its minute: the offset is whole minutes.
    if (iso.length !== 24 || iso[23] !== 'Z') return dayKey(iso, this.utcOffsetMinutes);
    const minute = iso.slice(0, 16);
    let day = this.dayOfMinute.get(minute);
    if (day === undefined) {
      if (this.dayOfMinute.size >= 10_000) this.dayOfMinute.clear();
      day = dayKey(iso, this.utcOffsetMinutes);
      this.dayOfMinute.set(minute, day);
    }
    return day;
  }

  /**
   * Appends entries durably, skipping any a file already holds (a crash may
   * have written them). Runs beside the hub's write loop at snapshot time:
   * sorting by day and encoding go in slices of about 2 ms with the event
   * loop running between them, and a file's end is found by reading its tail.
   */
  async append(entries: readonly T[]): Promise<void> {
    if (entries.length === 0) return;
    await makePrivateDir(this.dir);
    const slice = slicer();
    const byDay = new Map<string, T[]>();
    for (const e of entries) {
      const key = this.dayOf(e);
      const list = byDay.get(key);
      if (list) list.push(e);
      else byDay.set(key, [e]);
      await slice();
    }
    for (const [day, list] of byDay) {
      const file = path.join(this.dir, `${day}.jsonl`);
      const lastSeq = await this.lastSeq(file);
      const fresh = list[0]!.seq > lastSeq ? list : list.filter((e) => e.seq > lastSeq);
      if (fresh.length === 0) continue;
      // Until the write is known whole, the file must be read (and repaired) again.
      this.tails.delete(file);
      const chunks = await encodeInSlices(fresh);
      const handle = await fs.open(file, 'a', PRIVATE_FILE_MODE);
      try {
        for (const chunk of chunks) await writeAll(handle, chunk);
        await handle.sync();
        this.tails.set(file, { seq: fresh.at(-1)!.seq, size: (await handle.stat()).size });
      } finally {
        await handle.close();
      }
    }
    await fsyncDir(this.dir);
  }

  /** Days that have a file, oldest first. */
  async days(): Promise<string[]> {
    try {
      return (await fs.readdir(this.dir)).filter((n) => /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(n)).map((n) => n.slice(0, 10)).sort();
    } catch {
      return [];
    }
  }

  async readDay(day: string): Promise<T[]> {
    try {
      const bytes = await fs.readFile(path.join(this.dir, `${day}.jsonl`));
      return scanLines(bytes).flatMap((l) => (l.value ? [l.value as T] : []));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  /** Where a day file ends: from memory when the file is as this process left it. */
  private async lastSeq(file: string): Promise<number> {
    const tail = this.tails.get(file);
    if (tail) {
      const size = await fs.stat(file).then((st) => st.size, () => -1);
      if (size === tail.size) return tail.seq;
    }
    return this.lastSeqAndRepair(file);
  }

  /**
   * The last whole record's seq; a torn last line from a crash is cut off
   * first. Only the file's end is read (64 KB, more only while no whole
   * record is found there): today's file holds thousands of entries, and
   * decoding them all held the event loop for tens of milliseconds.
   */
  private async lastSeqAndRepair(file: string): Promise<number> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r+');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    try {
      let size = (await handle.stat()).size;
      let repaired = false;
      for (let want = TAIL_BYTES; size > 0; want *= 4) {
        const from = Math.max(0, size - want);
        const bytes = Buffer.alloc(size - from);
        await readAll(handle, bytes, from);
        // Read from the middle of the file, the first piece is the end of a line: the whole ones start after it.
        const first = from === 0 ? 0 : bytes.indexOf(0x0a) + 1;
        if (from > 0 && first === 0) continue;
        const lines = scanLines(bytes.subarray(first));
        // Only the last line can be torn by a crash; a damaged line further up
        // must not cost the whole records after it (readDay skips it).
        const last = lines.at(-1);
        if (!repaired && last && last.value === null) {
          size = from + first + last.start;
          await handle.truncate(size);
          lines.pop();
        }
        repaired = true;
        const found = lines.findLast((l) => l.value !== null)?.value as T | undefined;
        if (found) return found.seq;
        if (from === 0) return 0;
      }
      return 0;
    } finally {
      await handle.close();
    }
  }
}

async function writeAll(handle: fs.FileHandle, bytes: Buffer): Promise<void> {
  let off = 0;
  while (off < bytes.length) off += (await handle.write(bytes, off, bytes.length - off)).bytesWritten;
}

async function readAll(handle: fs.FileHandle, into: Buffer, position: number): Promise<void> {
  let off = 0;
  while (off < into.length) {
    const { bytesRead } = await handle.read(into, off, into.length - off, position + off);
    if (bytesRead === 0) break;
    off += bytesRead;
  }
}
