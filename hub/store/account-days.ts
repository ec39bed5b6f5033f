import path from 'node:path';
import type { FiledDebt } from '#protocol';
import { DayLog } from './day-log.ts';

export type { FiledDebt };

/**
 * Closed on-account debts (paid off or written off), one file per Lima day
 * they closed (`accounts/YYYY-MM-DD.jsonl`). The live state keeps only open
 * debts (hub/domain/account/README.md); GET /api/accounts reads these back.
 */
export class AccountDays extends DayLog<FiledDebt> {
  constructor(dataDir: string, utcOffsetMinutes: number) {
    super(path.join(dataDir, 'accounts'), utcOffsetMinutes, (e) => e.debt.closedAt);
  }
}
