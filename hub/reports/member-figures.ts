import type { CouponBatch, LedgerEntry, MembersFigures, SalesFigures } from '#protocol';
import { addDays } from '#domain';
import { couponBatchFigures, memberDayFigures } from '#hub/domain/reports/index.ts';
import { readLedgerDay, type LedgerSource } from '#hub/engine/ledger-read.ts';

/**
 * The members part of a business day's figures (issue 22), on the main thread: the worker
 * that reads the archive gives the coupons the day's bills redeemed; this adds the day's
 * balance moves from its ledger day file (members-ledger/YYYY-MM-DD.jsonl and the tail still
 * in memory), the coupons issued and expired from the stored batches, and the balance
 * outstanding at the day's end.
 *
 * The outstanding is a level carried from day to day: the sum of every ledger entry up to the
 * day's end, as recorded (never today's member records summed, never recomputed with today's
 * settings). Finished ledger days never change (an entry is stamped with the hub's clock on
 * the day it is decided), so their running totals are folded once, oldest first, and kept in
 * memory: after the first report a new day costs one day file. The fold reads every ledger day
 * file once (a few hundred small lines a day), off the command path.
 */

export type MemberFiguresSource = LedgerSource & { state: { couponBatches?: Record<string, CouponBatch> } };

export class MemberFigures {
  /** Finished ledger days folded so far, oldest first, and the outstanding at each one's end. */
  private readonly days: string[] = [];
  private readonly totals: number[] = [];
  /** The last finished day folded through (every ledger day up to it is in `days`). */
  private through = '';
  /** The fold under way (one at a time). */
  private folding: Promise<void> = Promise.resolve();

  private readonly source: MemberFiguresSource;

  constructor(source: MemberFiguresSource) {
    this.source = source;
  }

  /** `figures` with its members part completed for `day` (`today`: the hub's business day now). */
  async complete(figures: SalesFigures, day: string, today: string, closingHour: number): Promise<SalesFigures> {
    const redeemed = { couponsRedeemed: figures.members?.couponsRedeemed ?? 0, couponDiscountCents: figures.members?.couponDiscountCents ?? 0 };
    return { ...figures, members: (await this.day(day, today, closingHour, redeemed)).figures };
  }

  /**
   * A day's member figures and its ledger entries as recorded; `redeemed`: what the day's
   * stored bills say the coupons took off (whoever read the bills: the archive worker, the export).
   */
  async day(day: string, today: string, closingHour: number, redeemed: Pick<MembersFigures, 'couponsRedeemed' | 'couponDiscountCents'>): Promise<{ figures: MembersFigures; entries: LedgerEntry[] }> {
    const opening = await this.outstandingAtEndOf(addDays(day, -1), today);
    const entries = await readLedgerDay(this.source, day);
    const moves = memberDayFigures(opening, entries, []);
    const batches = this.source.state.couponBatches ?? {};
    const figures: MembersFigures = {
      ...moves,
      outstandingDay: day,
      ...couponBatchFigures(Object.values(batches), day, closingHour),
      couponsRedeemed: redeemed.couponsRedeemed,
      couponDiscountCents: redeemed.couponDiscountCents,
    };
    return { figures, entries };
  }

  /** The sum of the balances at the end of a FINISHED day (before `today`), from the ledger. */
  async outstandingAtEndOf(day: string, today: string): Promise<number> {
    // Every finished day at once (a report's days are asked one by one, oldest first: one listing
    // of the folder, not one per day); one fold at a time, so two reports never fold a day twice.
    const last = addDays(today, -1);
    const run = this.folding.then(() => this.foldThrough(last));
    this.folding = run.catch(() => undefined);
    await run;
    // The greatest folded day on or before `day` (days without moves carry the total on).
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid]! <= day) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : this.totals[lo - 1]!;
  }

  /** Folds the ledger days after the last folded one up to `last` (a finished day). */
  private async foldThrough(last: string): Promise<void> {
    // Through the last finished day, not the last day with moves: a quiet stretch lists the folder once.
    const done = this.through;
    if (last <= done) return;
    const known = new Set(await this.source.ledgerDays.days());
    // A day whose moves are all still in memory (not yet filed) has no file yet.
    for (const line of this.source.recentFiledLedger()) known.add(this.source.ledgerDays.dayOf(line));
    const pending = [...known].filter((d) => d > done && d <= last).sort();
    let total = this.totals.at(-1) ?? 0;
    for (const d of pending) {
      total += netOf(await readLedgerDay(this.source, d));
      this.days.push(d);
      this.totals.push(total);
    }
    this.through = last;
  }
}

/** What a day's entries moved the members' balances by, each entry once. */
function netOf(entries: readonly LedgerEntry[]): number {
  const seen = new Set<string>();
  let net = 0;
  for (const e of entries) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    net += e.cents;
  }
  return net;
}
