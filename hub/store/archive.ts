import type { Bill } from '#protocol';
import { DayLog } from './day-log.ts';

export { dayKey } from './day-log.ts';

/** One archived bill and the log seq that closed it (the seq makes re-archiving harmless). */
export type ArchivedBill = { seq: number; bill: Bill };

/**
 * Closed bills, one file per day (`archive/YYYY-MM-DD.jsonl`) by the time
 * they were paid. They leave the live state so that memory and snapshots stay
 * flat however long the hub runs; reports and the accountant's export read
 * them from here.
 */
export class Archive extends DayLog<ArchivedBill> {
  constructor(dir: string, utcOffsetMinutes: number) {
    super(dir, utcOffsetMinutes, (e) => e.bill.paidAt);
  }
}
