import path from 'node:path';
import type { Refund } from '#protocol';
import { DayLog } from './day-log.ts';

/** One refund as it ended and the log seq that filed it (the seq makes filing it again harmless). */
export type FiledRefund = { seq: number; refund: Refund };

/**
 * Refunds that ended (rejected or finished), one file per Lima day they ended
 * (`refunds/YYYY-MM-DD.jsonl`). The live state keeps only open ones
 * (hub/domain/refunds/README.md); GET /api/refunds?day= reads a day back.
 */
export class RefundDays extends DayLog<FiledRefund> {
  constructor(dataDir: string, utcOffsetMinutes: number) {
    super(path.join(dataDir, 'refunds'), utcOffsetMinutes, (e) => e.refund.finishedAt ?? e.refund.decidedAt ?? e.refund.appliedAt);
  }
}
