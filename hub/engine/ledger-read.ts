import type { LedgerEntry } from '#protocol';
import { ledgerFiledBy } from '#domain';
import type { FiledLedger, LedgerDays } from '#hub/store/ledger-days.ts';
import type { LogRecord } from './log-record.ts';

/** The balance moves one committed record made, as one day-file line; null when it made none. */
export function ledgerOfRecord(record: Pick<LogRecord, 'seq' | 'events'>): FiledLedger | null {
  const entries: LedgerEntry[] = [];
  for (const e of record.events) {
    const entry = ledgerFiledBy(e);
    if (entry) entries.push(entry);
  }
  return entries.length > 0 ? { seq: record.seq, entries } : null;
}

/** What the readers need of the engine: the day files and the tail not yet written to them. */
export type LedgerSource = { ledgerDays: LedgerDays; recentFiledLedger(): readonly FiledLedger[] };

/**
 * Every balance move of one business day, oldest first: the day file, then the tail still in
 * memory (which wins from its first seq: a crash may have written part of it already).
 * For the directory's `GET /api/members/ledger?day=` and the reports.
 */
export async function readLedgerDay(source: LedgerSource, day: string): Promise<LedgerEntry[]> {
  const recent = source.recentFiledLedger();
  const firstInMemory = recent[0]?.seq ?? Infinity;
  const out: LedgerEntry[] = [];
  for (const line of await source.ledgerDays.readDay(day)) if (line.seq < firstInMemory) out.push(...line.entries);
  for (const line of recent) if (source.ledgerDays.dayOf(line) === day) out.push(...line.entries);
  return out;
}

/**
 * One member's balance moves, newest first, a page of them: the tail in memory, then the day
 * files from the newest back, stopping once the page is full (`more` says whether any are
 * older). An on-demand read (the member's details page), never on the command path: its cost
 * grows with the days it has to open to fill the page (a member's first page is usually in
 * the member record's `recent` entries, which the page shows without this).
 */
export async function readMemberLedger(source: LedgerSource, memberId: string, offset: number, limit: number): Promise<{ entries: LedgerEntry[]; more: boolean }> {
  const want = offset + limit + 1;
  const found: LedgerEntry[] = [];
  const recent = source.recentFiledLedger();
  const firstInMemory = recent[0]?.seq ?? Infinity;
  for (let i = recent.length - 1; i >= 0 && found.length < want; i--) {
    const line = recent[i]!;
    for (let j = line.entries.length - 1; j >= 0; j--) if (line.entries[j]!.memberId === memberId) found.push(line.entries[j]!);
  }
  const days = await source.ledgerDays.days();
  for (let d = days.length - 1; d >= 0 && found.length < want; d--) {
    const lines = await source.ledgerDays.readDay(days[d]!);
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!;
      if (line.seq >= firstInMemory) continue;
      for (let j = line.entries.length - 1; j >= 0; j--) if (line.entries[j]!.memberId === memberId) found.push(line.entries[j]!);
    }
  }
  // Day files are by business day, and the tail may straddle days: order by the member's own seq.
  found.sort((a, b) => b.seq - a.seq);
  return { entries: found.slice(offset, offset + limit), more: found.length > offset + limit };
}
