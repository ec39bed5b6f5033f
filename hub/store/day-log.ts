import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fsyncDir, makePrivateDir, PRIVATE_FILE_MODE } from './durable-fs.ts';
import { encodeLine, scanLines } from './line-codec.ts';

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
  private readonly utcOffsetMinutes: number;
  private readonly timeOf: (entry: T) => string;
  /**
   * Last seq and size of each day file as this process left it: while the size
   * is unchanged the file need not be read again to find where it ends.
   */
  private readonly tails = new Map<string, { seq: number; size: number }>();

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
    return dayKey(iso, this.utcOffsetMinutes);
  }

  /** Appends entries durably, skipping any a file already holds (a crash may have written them). */
  async append(entries: readonly T[]): Promise<void> {
    if (entries.length === 0) return;
    await makePrivateDir(this.dir);
    const byDay = new Map<string, T[]>();
    for (const e of entries) {
      const key = this.dayOf(e);
      const list = byDay.get(key);
      if (list) list.push(e);
      else byDay.set(key, [e]);
    }
    for (const [day, list] of byDay) {
      const file = path.join(this.dir, `${day}.jsonl`);
      const lastSeq = await this.lastSeq(file);
      const fresh = list.filter((e) => e.seq > lastSeq);
      if (fresh.length === 0) continue;
      // Until the write is known whole, the file must be read (and repaired) again.
      this.tails.delete(file);
      const text = await encodeInSlices(fresh);
      const handle = await fs.open(file, 'a', PRIVATE_FILE_MODE);
      try {
        await handle.write(text);
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

  /** The last whole record's seq; a torn last line from a crash is cut off first. */
  private async lastSeqAndRepair(file: string): Promise<number> {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    const lines = scanLines(bytes);
    // Only the last line can be torn by a crash; a damaged line further up
    // must not cost the whole records after it (readDay skips it).
    const last = lines.at(-1);
    if (last && last.value === null) {
      await fs.truncate(file, last.start);
      lines.pop();
    }
    return (lines.findLast((l) => l.value !== null)?.value as T | undefined)?.seq ?? 0;
  }
}

/**
 * The lines of many entries (a snapshot's worth of activity is thousands),
 * encoded in slices of about 2 ms with the event loop running between them:
 * this runs beside the hub's write loop and must not hold its acknowledgements.
 */
async function encodeInSlices(entries: readonly unknown[]): Promise<string> {
  const lines: string[] = [];
  let sliceStart = performance.now();
  for (const e of entries) {
    lines.push(encodeLine(e));
    if (performance.now() - sliceStart >= 2) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return lines.join('');
}
