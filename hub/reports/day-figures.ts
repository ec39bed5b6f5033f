import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { BillCorrection, MembersFigures, SalesFigures, State } from '#protocol';
import { businessDayRange } from '#hub/domain/business-day.ts';
import { aggregateBills, memberDayFigures, type ReportContext } from '#hub/domain/reports/index.ts';
import type { ArchivedBill } from '#hub/store/archive.ts';
import { dayKey } from '#hub/store/day-log.ts';
import { forEachBusinessDay, type ReadStats } from './archive-reader.ts';

/**
 * Everything needed to compute the figures of some finished (or today's)
 * business days from the archive, as plain data: the worker thread
 * (decode-worker.ts) gets exactly this, and the main-thread path runs the
 * same function on it (computeDays), so both give the same figures.
 */
export type DayFiguresJob = {
  archiveDir: string;
  utcOffsetMinutes: number;
  /** Consecutive business days, oldest first. */
  days: string[];
  closingHour: number;
  /** The first seq the engine still holds in memory: archive lines from it on are read from `recent` instead. */
  firstInMemorySeq: number;
  /** The engine's bills not yet in the day files, paid within these days. */
  recent: ArchivedBill[];
  /** Voids and refunds by the business day they were made, these days only. */
  corrections: Map<string, BillCorrection[]>;
  /** Each product's category as the menu stands (report-context.ts says why). */
  categories: Map<string, { id: string; name: string }>;
};

/** The job for `days` of this engine's archive and state (on the main thread: small, keyed work only). */
export function dayFiguresJob(
  source: { archive: { readonly dir: string; readonly utcOffsetMinutes: number }; recentClosedBills(): readonly ArchivedBill[]; state: State },
  days: readonly string[],
  closingHour: number,
  corrections: ReadonlyMap<string, BillCorrection[]>,
): DayFiguresJob {
  const recent = source.recentClosedBills();
  const from = Date.parse(businessDayRange(days[0]!, closingHour).from);
  const to = Date.parse(businessDayRange(days.at(-1)!, closingHour).to);
  const inDays = recent.filter((b) => {
    const paid = Date.parse(b.bill.paidAt);
    return paid >= from && paid < to;
  });
  const mine = new Map<string, BillCorrection[]>();
  for (const day of days) {
    const list = corrections.get(day);
    if (list) mine.set(day, list);
  }
  return {
    archiveDir: source.archive.dir,
    utcOffsetMinutes: source.archive.utcOffsetMinutes,
    days: [...days],
    closingHour,
    firstInMemorySeq: recent[0]?.seq ?? Infinity,
    recent: inDays,
    corrections: mine,
    categories: categoriesOf(source.state),
  };
}

/** Each product's category id and Spanish name (the menu, a few thousand entries at most). */
function categoriesOf(state: State): Map<string, { id: string; name: string }> {
  const out = new Map<string, { id: string; name: string }>();
  for (const [productId, product] of Object.entries(state.products)) {
    const category = Object.hasOwn(state.categories, product.categoryId) ? state.categories[product.categoryId] : undefined;
    out.set(productId, { id: product.categoryId, name: category?.names.es ?? '' });
  }
  return out;
}

/** A day's members figures before the ledger's part is added (outstandingDay '' marks it unfinished). */
const NO_MEMBER_MOVES: MembersFigures = {
  rechargeCount: 0, rechargesByMethod: {}, bonusCents: 0, spentCents: 0, refundedCents: 0, adjustCents: 0,
  outstandingCents: 0, outstandingDay: '', couponsIssued: 0, couponsRedeemed: 0, couponDiscountCents: 0, couponsExpired: 0,
};

/** The figures of each of the job's days, oldest first, handed to `onDay` as each is done. */
export async function computeDays(job: DayFiguresJob, onDay: (day: string, figures: SalesFigures) => void, stats: ReadStats): Promise<void> {
  const unknown = { id: '', name: '' };
  const ctx: ReportContext = {
    closingHour: job.closingHour,
    categoryOf: (productId) => (productId === null ? unknown : (job.categories.get(productId) ?? unknown)),
  };
  const source = {
    archive: { dir: job.archiveDir, dayAt: (iso: string) => dayKey(iso, job.utcOffsetMinutes) },
    recentClosedBills: () => job.recent,
    firstInMemorySeq: job.firstInMemorySeq,
  };
  await forEachBusinessDay(
    source,
    job.days,
    job.closingHour,
    async (day, bills) => {
      // One day's aggregation (~2 ms for 600 bills) in a turn of its own.
      await yieldToLoop();
      const figures = aggregateBills(bills, job.corrections.get(day) ?? [], ctx);
      // The coupons the day's bills redeemed, read here where the bills are; the ledger's part
      // (balance moves and the outstanding) is added on the main thread (member-figures.ts).
      const coupons = memberDayFigures(0, [], bills);
      figures.members = { ...NO_MEMBER_MOVES, couponsRedeemed: coupons.couponsRedeemed, couponDiscountCents: coupons.couponDiscountCents };
      onDay(day, figures);
    },
    stats,
  );
}
