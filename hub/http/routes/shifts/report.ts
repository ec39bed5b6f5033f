import type { Engine } from '#hub/engine/engine.ts';
import { aggregateBills } from '#hub/domain/reports/index.ts';
import { registerOf, shiftDayOf, shiftReportOf } from '#hub/domain/shift/report.ts';
import { businessDayOf, closingHourOf } from '#domain';
import type { BillCorrection, ClosedShift, LedgerEntry, Shift, ShiftReport } from '#protocol';
import { memberById, memberShortName } from '#protocol';
import { rechargeRowsOf } from '#hub/domain/shift/recharge-rows.ts';
import { readLedgerDay } from '#hub/engine/ledger-read.ts';
import { reportContext } from '#hub/reports/report-context.ts';
import { shiftsOfDay } from './shifts.ts';

/**
 * A shift's report from what the hub keeps (hub/domain/shift/report.ts does
 * the arithmetic): the bills paid between its open and its close (the
 * archive's day files and memory), the voids and refunds recorded then (live
 * state, per corrected bill), and the on-account debts written off then (the
 * `accounts/` day files and memory). A shift is a few hours: two or three
 * day files at most.
 */

export type ShiftRef = { id: string; day: string } | 'current';

const inSpan = (iso: string, from: number, to: number) => {
  const at = Date.parse(iso);
  return at >= from && at < to;
};

function correctionsBetween(engine: Engine, from: number, to: number): BillCorrection[] {
  return Object.values(engine.state.billCorrections).flatMap((c) => c.corrections.filter((x) => inSpan(x.at, from, to)));
}

/** Debts written off in [from, to): the day files of each Lima day the span touches, then memory (each debt once). */
async function writeOffsBetween(engine: Engine, from: number, to: number): Promise<{ count: number; cents: number }> {
  const days = new Set<string>([shiftDayOf(new Date(to - 1).toISOString())]);
  for (let t = from; t < to; t += 86_400_000) days.add(shiftDayOf(new Date(t).toISOString()));
  const recent = engine.recentFiledDebts();
  const firstInMemory = recent[0]?.seq ?? Infinity;
  const byBill = new Map<string, number>();
  for (const day of days) for (const e of await engine.accountDays.readDay(day)) if (e.seq < firstInMemory && e.debt.state === 'writtenOff' && inSpan(e.debt.closedAt, from, to)) byBill.set(e.debt.billId, e.debt.owedCents - e.debt.paidCents);
  for (const e of recent) if (e.debt.state === 'writtenOff' && inSpan(e.debt.closedAt, from, to)) byBill.set(e.debt.billId, e.debt.owedCents - e.debt.paidCents);
  let cents = 0;
  for (const v of byBill.values()) cents += v;
  return { count: byBill.size, cents };
}

/**
 * The balance moves of every ledger day file the span touches (a shift is a few hours: one or two
 * business days). The days by today's closing hour and by the calendar (closing hour 0): an entry's
 * file is the business day of the closing hour it was recorded under, which may since have changed.
 */
async function ledgerBetween(engine: Engine, from: number, to: number): Promise<LedgerEntry[]> {
  const closingHour = closingHourOf(engine.state.settings);
  const days = new Set<string>();
  for (const hour of [closingHour, 0]) {
    for (let t = from; t < to; t += 86_400_000) days.add(businessDayOf(new Date(t).toISOString(), hour));
    days.add(businessDayOf(new Date(to - 1).toISOString(), hour));
  }
  const out: LedgerEntry[] = [];
  for (const day of [...days].sort()) out.push(...(await readLedgerDay(engine, day)));
  return out;
}

/** The shift asked for: the open one (`current`), or a closed one from the day it closed; null when there is none. */
async function shiftOf(engine: Engine, ref: ShiftRef): Promise<Shift | ClosedShift | null> {
  if (ref === 'current') return engine.state.openShift;
  return (await shiftsOfDay(engine, ref.day)).find((s) => s.id === ref.id) ?? null;
}

/** The report of a shift; `now` ends the span of the open one. */
export async function loadShiftReport(engine: Engine, ref: ShiftRef, now: Date): Promise<ShiftReport | null> {
  const shift = await shiftOf(engine, ref);
  if (!shift) return null;
  const from = Date.parse(shift.openedAt);
  // The close's own instant: a bill paid in the same millisecond was settled before the close was decided.
  const to = 'closedAt' in shift ? Date.parse(shift.closedAt) + 1 : Math.max(now.getTime(), from) + 1;
  const state = engine.state;
  const bills = await engine.closedBillsBetween(new Date(from).toISOString(), new Date(to).toISOString());
  const corrections = correctionsBetween(engine, from, to);
  const figures = aggregateBills(bills, corrections, reportContext(state, closingHourOf(state.settings)));
  const nameOf = (id: string | null) => (id !== null && Object.hasOwn(state.staff, id) ? state.staff[id]!.name : '');
  const report = shiftReportOf({
    shift,
    figures,
    bills,
    corrections,
    register: registerOf(state.settings),
    restaurant: state.restaurant.name,
    nameOf,
    writeOffs: await writeOffsBetween(engine, from, to),
  });
  const memberName = (id: string) => {
    const m = memberById(state, id);
    return m && m.erasedAt === null ? memberShortName(m) : '';
  };
  report.rechargeDetails = rechargeRowsOf(await ledgerBetween(engine, from, to), shift.id, { memberName, staffName: nameOf });
  return report;
}
