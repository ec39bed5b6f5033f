import path from 'node:path';
import type { Takeout } from '#protocol';
import { DayLog } from './day-log.ts';

/** One takeout as it ended and the log seq that filed it (the seq makes filing it again harmless). */
export type FiledTakeout = { seq: number; takeout: Takeout };

/**
 * Take-away and delivery orders that ended (closed, cancelled, refused), one file per Lima
 * day they ended (`takeouts/YYYY-MM-DD.jsonl`, by `closedAt`). The live state keeps only open
 * ones (hub/domain/takeout/README.md); GET /api/takeouts?day= reads a day back.
 */
export class TakeoutDays extends DayLog<FiledTakeout> {
  constructor(dataDir: string, utcOffsetMinutes: number) {
    super(path.join(dataDir, 'takeouts'), utcOffsetMinutes, (e) => e.takeout.closedAt ?? e.takeout.createdAt);
  }
}
