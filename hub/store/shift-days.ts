import path from 'node:path';
import type { ClosedShift } from '#protocol';
import { DayLog } from './day-log.ts';

/** One closed shift and the log seq that recorded its close (the seq makes filing it again harmless). */
export type FiledShift = { seq: number; shift: ClosedShift };

/**
 * Closed shifts, one file per day they closed (`shifts/YYYY-MM-DD.jsonl`).
 * The live state keeps only the open shift (hub/domain/shift/README.md); the
 * shift page reads a day's closed shifts back (GET /api/shifts).
 */
export class ShiftDays extends DayLog<FiledShift> {
  constructor(dataDir: string, utcOffsetMinutes: number) {
    super(path.join(dataDir, 'shifts'), utcOffsetMinutes, (e) => e.shift.closedAt);
  }
}
