import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Bill } from '../protocol/index.ts';
import { fsyncDir } from './durable-fs.ts';
import { encodeLine, scanLines } from './line-codec.ts';

/** One archived bill and the log seq that closed it (the seq makes re-archiving harmless). */
export type ArchivedBill = { seq: number; bill: Bill };

/**
 * The calendar day a moment belongs to in the restaurant's time zone. Peru
 * keeps UTC-5 all year, so a fixed offset is exact there and needs no tz data.
 */
export function dayKey(iso: string, utcOffsetMinutes: number): string {
  return new Date(Date.parse(iso) + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * Closed bills, one file per day (`archive/YYYY-MM-DD.jsonl`). They leave the
 * live state so that memory and snapshots stay flat however long the hub runs;
 * reports and the accountant's export read them from here.
 */
export class Archive {
  readonly dir: string;
  private readonly utcOffsetMinutes: number;

  constructor(dir: string, utcOffsetMinutes: number) {
    this.dir = dir;
    this.utcOffsetMinutes = utcOffsetMinutes;
  }

  /** Appends bills durably, skipping any a file already holds (a crash may have archived them). */
  async append(entries: readonly ArchivedBill[]): Promise<void> {
    if (entries.length === 0) return;
    await fs.mkdir(this.dir, { recursive: true });
    const byDay = new Map<string, ArchivedBill[]>();
    for (const e of entries) {
      const key = dayKey(e.bill.paidAt, this.utcOffsetMinutes);
      byDay.set(key, [...(byDay.get(key) ?? []), e]);
    }
    for (const [day, list] of byDay) {
      const file = path.join(this.dir, `${day}.jsonl`);
      const lastSeq = await this.lastSeqAndRepair(file);
      const fresh = list.filter((e) => e.seq > lastSeq);
      if (fresh.length === 0) continue;
      const handle = await fs.open(file, 'a');
      try {
        await handle.write(fresh.map(encodeLine).join(''));
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    await fsyncDir(this.dir);
  }

  /** Days that have an archive file, oldest first. */
  async days(): Promise<string[]> {
    try {
      return (await fs.readdir(this.dir)).filter((n) => /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(n)).map((n) => n.slice(0, 10)).sort();
    } catch {
      return [];
    }
  }

  async readDay(day: string): Promise<ArchivedBill[]> {
    try {
      const bytes = await fs.readFile(path.join(this.dir, `${day}.jsonl`));
      return scanLines(bytes).flatMap((l) => (l.value ? [l.value as ArchivedBill] : []));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
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
    const bad = lines.findIndex((l) => l.value === null);
    if (bad !== -1) await fs.truncate(file, lines[bad]!.start);
    const whole = bad === -1 ? lines : lines.slice(0, bad);
    return (whole.at(-1)?.value as ArchivedBill | undefined)?.seq ?? 0;
  }
}
