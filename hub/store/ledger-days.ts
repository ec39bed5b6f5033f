import path from 'node:path';
import type { LedgerEntry } from '#protocol';
import { DayLog } from './day-log.ts';

/**
 * The balance moves one log record made (one line per record, so a torn last line from a
 * crash loses a whole record and the next snapshot files it again: the seq makes that harmless).
 */
export type FiledLedger = { seq: number; entries: LedgerEntry[] };

/**
 * Members' ledger entries (recharge, spend, refund, adjust), one file per BUSINESS day
 * (`members-ledger/YYYY-MM-DD.jsonl`, the entry's `day`: a recharge at 1 a.m. before the
 * closing hour is the evening's day, as the shift and the reports count it). The member
 * record keeps the balance and the last 20 entries (hub/domain/members/README.md); history
 * is read back from here (hub/engine/ledger-read.ts).
 */
export class LedgerDays extends DayLog<FiledLedger> {
  constructor(dataDir: string, utcOffsetMinutes: number) {
    super(path.join(dataDir, 'members-ledger'), utcOffsetMinutes, (e) => e.entries[0]?.at ?? '');
  }

  /** The entries' business day (every entry of a record was decided at one moment). */
  override dayOf(e: FiledLedger): string {
    return e.entries[0]?.day ?? super.dayOf(e);
  }
}
