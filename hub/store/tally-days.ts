import path from 'node:path';
import type { FiledTallyEntry } from '#protocol';
import { DayLog } from './day-log.ts';

export type { FiledTallyEntry };

/**
 * The daily bookkeeping's past days, one file per business day
 * (`tally/YYYY-MM-DD.jsonl`). The day is the one the entry was recorded for
 * (by the closing hour then in force), not the calendar day of its time: a
 * purchase at 01:30 stays in the evening's book. The live state keeps only
 * the days not yet filed; GET /api/tally reads a day back.
 */
export class TallyDays extends DayLog<FiledTallyEntry> {
  constructor(dataDir: string) {
    // The offset is unused: dayOf below reads the day the entry carries.
    super(path.join(dataDir, 'tally'), 0, (e) => e.entry.at);
  }

  override dayOf(filed: FiledTallyEntry): string {
    return filed.entry.day;
  }
}
