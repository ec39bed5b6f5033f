import type { Bill, BillCorrection, ClosedShift, MethodRow, PayMethod, RiderCashRow, SalesFigures, SalesRow, Shift, ShiftReport, ShiftTotals, ShiftTransaction, UnitRow } from '#protocol';
import { PAY_METHODS, SERVICE_KINDS } from '#protocol';
import { channelOf, riderOf, serviceOf, takeoutCodeOf } from '../reports/channel.ts';
import { keptByMethod } from '../kept-by-method.ts';
import { chargedQty, lineTotalCents } from '../money.ts';
import { dishKeyOf } from '../reports/aggregate.ts';
import { fiscalNumbersOf } from '../payment/split-parts.ts';
import { emptyFigures } from '../reports/figures.ts';
import { RESTAURANT_UTC_OFFSET_MINUTES } from '../reservations/calendar.ts';
import { cashMoved, depositsTakenCents, expectedByMethod, rechargesTakenCents } from './totals.ts';

/**
 * A shift's report (SPEC.md section 3, README.md here "The report"): the
 * shift's own figures plus the sales figures of the bills paid while it was
 * open (`aggregateBills`, the arithmetic every report shares). Hub-only:
 * the registry never reaches this file (the shift page loads the report from
 * GET /api/shifts/:id/report), so report code stays out of the first load.
 */

export type ShiftReportInput = {
  shift: Shift | ClosedShift;
  /** `aggregateBills` over `bills` and `corrections`. */
  figures: SalesFigures;
  /** The bills paid between the open and the close (or now), and the voids and refunds recorded then. */
  bills: readonly Bill[];
  corrections: readonly BillCorrection[];
  register: string;
  restaurant: string;
  nameOf(staffId: string | null): string;
  /** On-account debts written off during the shift. */
  writeOffs: { count: number; cents: number };
};

const isClosed = (s: Shift | ClosedShift): s is ClosedShift => 'closedAt' in s;

/** Integer average, rounded half up; 0 for nothing. */
function average(cents: number, n: number): number {
  return n > 0 ? Math.round(cents / n) : 0;
}

/**
 * Dine-in, take-away and delivery, from each stored bill's `takeout` (../reports/channel.ts):
 * a lunch box no longer makes a table's bill take-away (issue 21: a table may pack leftovers).
 */
function channelsOf(bills: readonly Bill[]): SalesRow[] {
  const rows = SERVICE_KINDS.map((key): SalesRow => ({ key, name: key, bills: 0, cents: 0, people: 0 }));
  for (const b of bills) {
    if (b.deleted === 2) continue;
    const row = rows[SERVICE_KINDS.indexOf(serviceOf(b))]!;
    row.bills += 1;
    row.cents += b.totalCents;
    row.people += b.people;
  }
  return rows;
}

/**
 * Each rider of the shift, by name: their cash (hub/domain/riders/README.md) and the delivered
 * bills that name them (`bill.takeout.riderId`, paid ones too, which bring no cash).
 */
function riderCashOf(shift: Shift | ClosedShift, bills: readonly Bill[], nameOf: (staffId: string | null) => string): RiderCashRow[] {
  const rows = new Map<string, RiderCashRow>();
  const rowOf = (riderId: string) => {
    let row = rows.get(riderId);
    if (!row) rows.set(riderId, (row = { riderId, name: nameOf(riderId), collectedCents: 0, handedInCents: 0, handIns: 0, heldCents: 0, deliveries: 0 }));
    return row;
  };
  for (const [riderId, cash] of Object.entries(shift.totals.riderCash ?? {})) Object.assign(rowOf(riderId), cash);
  for (const b of bills) {
    const riderId = riderOf(b);
    if (b.deleted === 2 || serviceOf(b) !== 'delivery' || !riderId) continue;
    const row = rowOf(riderId);
    row.deliveries = (row.deliveries ?? 0) + 1;
  }
  return [...rows.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.riderId < b.riderId ? -1 : 1));
}

/** The paid bills, newest first, with what voids and refunds gave back of each during the shift. */
function transactionsOf(bills: readonly Bill[], corrections: readonly BillCorrection[]): ShiftTransaction[] {
  const refunded = new Map<string, number>();
  for (const c of corrections) refunded.set(c.billId, (refunded.get(c.billId) ?? 0) + c.amountCents);
  return bills
    .map((b) => ({
      billId: b.id,
      billNo: b.billNo,
      orderNo: b.orderNo,
      tableName: b.tableName,
      people: b.people,
      paidAt: b.paidAt,
      totalCents: b.deleted === 2 ? 0 : b.totalCents,
      payMethod: b.payMethod,
      // A split whose parts have their own documents lists the parts' numbers (payment/split-parts.ts).
      document: fiscalNumbersOf(b).map((f) => `${f.series}-${f.number}`).join(', ') || b.document.kind,
      onAccount: b.isAccount === 1,
      withdrawn: b.deleted === 2,
      refundedCents: refunded.get(b.id) ?? 0,
      channel: channelOf(b),
      takeoutCode: takeoutCodeOf(b),
    }))
    .sort((a, b) => (a.paidAt < b.paidAt ? 1 : a.paidAt > b.paidAt ? -1 : b.billNo - a.billNo));
}

/**
 * Portions sold per dish and size (or a custom dish's unit), as the figures
 * count a dish's portions: charged ones, at what they brought after the line
 * discount (the order discount is not spread over dishes).
 */
function unitsOf(bills: readonly Bill[]): UnitRow[] {
  const rows = new Map<string, UnitRow>();
  for (const b of bills) {
    if (b.deleted === 2) continue;
    for (const line of b.lines) {
      const qty = chargedQty(line);
      if (qty === 0) continue;
      const unit = line.specNames?.es ?? line.unit;
      const key = `${dishKeyOf(line)}|${line.specId ?? line.unit}`;
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { key, name: line.names.es, unit, qty: 0, cents: 0 }));
      row.qty += qty;
      row.cents += lineTotalCents(line);
    }
  }
  return [...rows.values()].sort((a, b) => b.qty - a.qty || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The report of a shift, open (figures so far) or closed. */
export function shiftReportOf(input: ShiftReportInput): ShiftReport {
  const { shift, figures: f } = input;
  const closed = isClosed(shift) ? shift : null;
  const moved = cashMoved(shift);
  const discountCents = f.lineDiscountCents + f.orderDiscountCents;
  const expectedCash = closed?.counts.find((c) => c.method === 'cash')?.expectedCents ?? expectedByMethod(shift).cash ?? 0;
  return {
    shiftId: shift.id,
    open: !closed,
    register: input.register,
    restaurant: input.restaurant,
    cashier: input.nameOf(shift.openedBy),
    closedBy: closed ? input.nameOf(closed.closedBy) : '',
    openedAt: shift.openedAt,
    closedAt: closed?.closedAt ?? null,
    floatCents: shift.floatCents,
    cashInCents: moved.inCents,
    cashOutCents: moved.outCents,
    counts: closed?.counts ?? [],
    expectedCashCents: expectedCash,
    note: closed?.note ?? '',
    orderCents: f.salesCents + discountCents + f.giftCents,
    salesCents: f.salesCents,
    actualCents: f.receivedCents - f.changeCents,
    salesCount: f.bills,
    discountCents,
    offerCents: discountCents + f.giftCents,
    refundCount: f.refundCount,
    refundCents: f.refundCents,
    onAccountCount: f.onAccountCount,
    onAccountCents: f.onAccountCents,
    writeOffCount: input.writeOffs.count,
    writeOffCents: input.writeOffs.cents,
    // Deposits TAKEN during the shift, from the shift's own record of them (issue 18 item 6), not those credited to its bills.
    depositCents: depositsTakenCents(shift.totals),
    // Recharges TAKEN during the shift, from the shift's own record of them (issue 22): money, not sales.
    memberRechargeCount: shift.totals.rechargeCount ?? 0,
    memberRechargeCents: rechargesTakenCents(shift.totals),
    rechargesByMethod: PAY_METHODS.filter((m) => Object.hasOwn(shift.totals.rechargesByMethod ?? {}, m)).map((method) => ({ method, cents: shift.totals.rechargesByMethod?.[method] ?? 0 })),
    channels: channelsOf(input.bills),
    riderCash: riderCashOf(shift, input.bills, input.nameOf),
    byMethod: f.byMethod,
    refundsByMethod: f.refundsByMethod,
    giftQty: f.giftQty,
    giftCents: f.giftCents,
    returnQty: f.returnQty,
    returnCents: f.returnCents,
    withdrawnCount: f.withdrawnCount,
    withdrawnCents: f.withdrawnCents,
    people: f.people,
    averageBillCents: average(f.salesCents, f.bills),
    averagePersonCents: average(f.salesCents, f.people),
    figures: f,
    transactions: transactionsOf(input.bills, input.corrections),
    units: unitsOf(input.bills),
  };
}

/**
 * The figures the open shift's running totals already hold (totals.ts), as
 * `SalesFigures` without the breakdowns that need the bills themselves. The Z
 * report made in the close's own log record starts from these; the print
 * runner completes it from the archive when it prints (README.md "Z report").
 */
export function figuresFromTotals(t: ShiftTotals): SalesFigures {
  const f = emptyFigures();
  const methods = (by: Partial<Record<PayMethod, number>>): MethodRow[] =>
    PAY_METHODS.filter((m) => Object.hasOwn(by, m)).map((m) => ({ method: m, count: 0, cents: by[m] ?? 0, usdCents: m === 'usd' ? t.usdCents : 0 }));
  f.bills = t.salesCount;
  f.salesCents = t.salesCents;
  f.receivedCents = Object.values(t.receivedByMethod).reduce((sum, c) => sum + (c ?? 0), 0);
  f.changeCents = t.changeCents;
  // What each drawer or terminal kept, as the order report counts it (../kept-by-method.ts).
  f.byMethod = methods(keptByMethod(t.receivedByMethod, t.changeCents));
  // The totals keep line and order discounts as one figure.
  f.lineDiscountCents = t.discountCents;
  f.giftCents = t.giftCents;
  f.tipCents = t.tipCents;
  f.refundsByMethod = methods(t.refundsByMethod).map((r) => ({ ...r, usdCents: 0 }));
  f.refundCount = t.refundCount;
  f.refundCents = f.refundsByMethod.reduce((sum, r) => sum + r.cents, 0);
  return f;
}

/**
 * The register's name on the report. The hub is one register (README.md):
 * the box, named by the first host name the owner gave it, else "1".
 */
export function registerOf(settings: { hostNames?: readonly string[] | undefined }): string {
  return settings.hostNames?.[0] ?? '1';
}

/** The Lima calendar day a shift closed: its `shifts/` day file (hub/store/shift-days.ts). */
export function shiftDayOf(closedAt: string): string {
  return new Date(Date.parse(closedAt) + RESTAURANT_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}
