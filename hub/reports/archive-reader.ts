import { promises as fs } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Bill } from '#protocol';
import { businessDayRange } from '#hub/domain/business-day.ts';
import type { ArchivedBill } from '#hub/store/archive.ts';
import { decodeLineBytes } from '#hub/store/line-bytes.ts';

/**
 * The closed bills of consecutive business days, one day at a time, read so
 * that the hub never stalls: each calendar day file (about 2 MB for 600
 * bills) is read as bytes and decoded a few lines at a time with a yield to
 * the event loop every couple of milliseconds, each file once for the run
 * (a business day spans two calendar files), and no more than two files'
 * bills are alive at once, so the garbage collector has little to move.
 * The same bills as `engine.closedBillsBetween`: the archive's files, except
 * what the engine still holds in memory (memory wins from its first seq, as
 * a snapshot may be writing the files), then those.
 */

export type BillSource = {
  archive: { readonly dir: string; dayAt(iso: string): string };
  recentClosedBills(): readonly ArchivedBill[];
  /**
   * The first seq the engine still holds in memory, when `recentClosedBills`
   * is only part of what it holds (the worker thread gets the bills of its
   * days only); else the first of those.
   */
  firstInMemorySeq?: number;
};

/** Longest stretch of decoding between two yields. */
const SLICE_MS = 3;

export type ReadStats = { files: number; bytes: number };

export async function forEachBusinessDay(
  source: BillSource,
  days: readonly string[],
  closingHour: number,
  onDay: (day: string, bills: Bill[]) => Promise<void>,
  stats: ReadStats,
): Promise<void> {
  const recent = source.recentClosedBills();
  const firstInMemory = source.firstInMemorySeq ?? recent[0]?.seq ?? Infinity;
  const files = new Map<string, Promise<ArchivedBill[]>>();
  for (const day of days) {
    const { from, to } = businessDayRange(day, closingHour);
    const start = Date.parse(from);
    const end = Date.parse(to);
    const needed = [...new Set([source.archive.dayAt(from), source.archive.dayAt(new Date(end - 1).toISOString())])].sort();
    // Files before this day's first are done with.
    for (const name of files.keys()) if (name < needed[0]!) files.delete(name);
    const bills: Bill[] = [];
    const inRange = (b: Bill) => {
      const paid = Date.parse(b.paidAt);
      return paid >= start && paid < end;
    };
    for (const name of needed) {
      let entries = files.get(name);
      if (!entries) {
        entries = readFile(path.join(source.archive.dir, `${name}.jsonl`), firstInMemory, stats);
        files.set(name, entries);
      }
      for (const e of await entries) if (inRange(e.bill)) bills.push(e.bill);
    }
    for (const e of recent) if (inRange(e.bill)) bills.push(e.bill);
    await onDay(day, bills);
  }
}

/** One day file's whole records older than `beforeSeq`, decoded in slices. */
async function readFile(file: string, beforeSeq: number, stats: ReadStats): Promise<ArchivedBill[]> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  stats.files++;
  stats.bytes += bytes.length;
  const out: ArchivedBill[] = [];
  let sliceStart = performance.now();
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    // A last piece with no newline was being written when the power went: not a record.
    if (nl === -1) break;
    // Checked on its bytes (line-bytes.ts): the JSON is turned into a string once (a sixth of a cold year's time). A damaged line is no record.
    const value = decodeLineBytes(bytes, start, nl) as ArchivedBill | null;
    if (value && value.seq < beforeSeq) out.push(value);
    start = nl + 1;
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return out;
}

