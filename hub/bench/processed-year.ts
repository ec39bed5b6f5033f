import { randomUUID } from 'node:crypto';
import type { ProcessedEntry } from '#hub/store/snapshot.ts';
import { writeProcessedFile } from '#hub/store/processed-files.ts';
import { DEFAULT_YEAR } from './year-data.ts';

/**
 * A year of answered command ids, put where the hub keeps them: the files
 * of hub/store/processed-files.ts beside a closed store's snapshot (one per
 * day, as a year of snapshots would have left them), which recovery loads
 * into the engine's ProcessedIds (hub/engine/processed-ids.ts) at open.
 *
 * The rate is the year data set's (year-data.ts: a week of 34,000 commands,
 * about 4,860 a day), so a year is about 1.77 million ids. The hub forgets
 * ids after its retention window (7 days), so a store that is to hold the
 * whole year must be opened with `retentionDays` of at least 366: the
 * flat-cost row does, to carry the year in memory, the hard case.
 */

export const YEAR_IDS_PER_DAY = Math.round(DEFAULT_YEAR.liveCommands / 7);

/**
 * Writes `days` days of `perDay` ids each, the newest day ending at `now`,
 * into `dataDir`'s processed/ folder. Their seqs lie in [1, throughSeq] (the
 * snapshot's seq: recovery reads no file past it). Returns how many were written.
 */
export async function writeYearOfIds(dataDir: string, opts: { days: number; perDay: number; throughSeq: number; now: Date }): Promise<number> {
  const dayMs = 86_400_000;
  const start = opts.now.getTime() - opts.days * dayMs;
  let n = 0;
  for (let d = 0; d < opts.days; d++) {
    const entries: ProcessedEntry[] = [];
    for (let i = 0; i < opts.perDay; i++) {
      const at = new Date(start + d * dayMs + Math.floor(((i + 0.5) / opts.perDay) * dayMs)).toISOString();
      entries.push({ id: randomUUID(), seq: 1 + (n % opts.throughSeq), at, result: {} });
      n++;
    }
    await writeProcessedFile(dataDir, entries);
  }
  return n;
}
