import type { Bill, BillCorrection, CountedMethod, LedgerEntry, PayMethod, RechargeMethod, Shift, ShiftTotals, State } from '#protocol';
import { COUNTED_METHODS } from '#protocol';

/**
 * The open shift's running totals (README.md here): folded in by the
 * appliers of `order.settled` (dine-in) and `bill.corrected` (bills) as
 * they happen, so a close needs no archive scan. With no open shift the
 * state is returned as it was: bills settled between shifts belong to none.
 */

export function emptyTotals(): ShiftTotals {
  return { salesCount: 0, salesCents: 0, receivedByMethod: {}, usdCents: 0, changeCents: 0, discountCents: 0, giftCents: 0, tipCents: 0, refundCount: 0, refundsByMethod: {} };
}

const add = (byMethod: Partial<Record<PayMethod, number>>, method: PayMethod, cents: number): Partial<Record<PayMethod, number>> => ({
  ...byMethod,
  [method]: (byMethod[method] ?? 0) + cents,
});

/** A settled bill's part in the totals. A withdrawn order (delete flag 2) charged nothing and is not a sale. */
export function withBill(t: ShiftTotals, bill: Bill): ShiftTotals {
  if (bill.deleted === 2) return t;
  let receivedByMethod = t.receivedByMethod;
  let usdCents = t.usdCents;
  for (const p of bill.payments) {
    receivedByMethod = add(receivedByMethod, p.method, p.amountCents);
    if (p.method === 'usd') usdCents += p.usdCents;
  }
  // A deposit larger than the bill (issue 18 item 6): the excess went back out of the drawer, or was kept.
  const excess = bill.depositExcess;
  const after = !excess ? t : excess.action === 'returned' ? withDepositReturn(t, excess.method, excess.cents) : withDepositKept(t, excess.cents);
  return {
    ...after,
    salesCount: t.salesCount + 1,
    salesCents: t.salesCents + bill.totalCents,
    receivedByMethod,
    usdCents,
    changeCents: t.changeCents + bill.changeCents,
    // Bills archived before issue 9 lack these fields.
    discountCents: t.discountCents + (bill.lineDiscountCents ?? 0) + (bill.orderDiscountCents ?? 0),
    giftCents: t.giftCents + (bill.giftCents ?? 0),
    tipCents: t.tipCents + (bill.tipCents ?? 0),
  };
}

/** A void or refund given back during the shift, by the method the money went back by. */
export function withCorrection(t: ShiftTotals, c: BillCorrection): ShiftTotals {
  return { ...t, refundCount: t.refundCount + 1, refundsByMethod: add(t.refundsByMethod, c.method, c.amountCents) };
}

/**
 * Money collected later for an on-account debt (hub/domain/account): in the drawer or
 * terminal of the shift that took it, not a sale (the bill counted when it was settled).
 * Recorded net of change, so the change needs no line of its own.
 */
export function withDebtPayments(t: ShiftTotals, payments: readonly { method: PayMethod; amountCents: number }[]): ShiftTotals {
  let receivedByMethod = t.receivedByMethod;
  for (const p of payments) receivedByMethod = add(receivedByMethod, p.method, p.amountCents);
  return { ...t, receivedByMethod };
}

/** A reservation deposit taken during the shift: money in its drawer or terminal, not a sale (issue 18 item 6). */
export function withDeposit(t: ShiftTotals, method: PayMethod, cents: number): ShiftTotals {
  return { ...t, depositsByMethod: add(t.depositsByMethod ?? {}, method, cents) };
}

/** A deposit (or what it exceeded the bill by) given back during the shift, by the method it went back by. */
export function withDepositReturn(t: ShiftTotals, method: PayMethod, cents: number): ShiftTotals {
  return { ...t, depositReturnsByMethod: add(t.depositReturnsByMethod ?? {}, method, cents) };
}

/** A deposit (or its excess) the restaurant kept: no money moves (it was counted when taken), the report shows it. */
export function withDepositKept(t: ShiftTotals, cents: number): ShiftTotals {
  return { ...t, depositKeptCents: (t.depositKeptCents ?? 0) + cents };
}

/**
 * Where a recharge's money is counted at the close (SPEC section 9 recharge options): 2 cash in
 * the drawer, 3 "scan code" (Yape/Plin) under yape, 4 offline remittance under transfer.
 */
export function rechargePayMethod(method: RechargeMethod): CountedMethod {
  return method === 2 ? 'cash' : method === 3 ? 'yape' : 'transfer';
}

/**
 * A member recharge taken during the shift (issue 22): the amount paid (not a promotion's bonus,
 * which is credit, not money) under its method. Not a sale: salesCents and the bills stay as they were.
 * Any other ledger move (a spend, refund or adjustment) moves no money in the shift here: a spend
 * is a bill's `balance` payment, which the drawer never counts (COUNTED_METHODS leaves it out).
 */
export function withLedgerEntry(t: ShiftTotals, entry: LedgerEntry): ShiftTotals {
  const r = entry.recharge;
  if (entry.kind !== 'recharge' || !r || r.amountCents <= 0) return t;
  return { ...t, rechargeCount: (t.rechargeCount ?? 0) + 1, rechargesByMethod: add(t.rechargesByMethod ?? {}, rechargePayMethod(r.method), r.amountCents) };
}

/** Recharges taken during the shift (all methods): the report's "Recargas de socios". */
export function rechargesTakenCents(t: ShiftTotals): number {
  return Object.values(t.rechargesByMethod ?? {}).reduce((n, c) => n + (c ?? 0), 0);
}

/** Deposits taken during the shift (all methods): the report's "Reservas (adelantos)". */
export function depositsTakenCents(t: ShiftTotals): number {
  return Object.values(t.depositsByMethod ?? {}).reduce((n, c) => n + (c ?? 0), 0);
}

/** The live state with the open shift's totals moved on (unchanged when no shift is open). */
export function foldIntoShift(s: State, fold: (t: ShiftTotals) => ShiftTotals): State {
  const shift = s.openShift;
  if (!shift) return s;
  return { ...s, openShift: { ...shift, totals: fold(shift.totals) } };
}

/**
 * Cash riders collected during the shift and did not hand in during it (negative when they
 * handed in cash collected in an earlier shift): what `receivedByMethod.cash`, which counts
 * every cash payment, holds that the drawer does not (hub/domain/riders/README.md).
 */
export function riderCashOutsideDrawer(t: ShiftTotals): number {
  let cents = 0;
  for (const row of Object.values(t.riderCash ?? {})) cents += row.collectedCents - row.handedInCents;
  return cents;
}

/** Cash put in and taken out during the shift. */
export function cashMoved(shift: Shift): { inCents: number; outCents: number } {
  let inCents = 0;
  let outCents = 0;
  for (const m of shift.moves) {
    if (m.direction === 'in') inCents += m.amountCents;
    else outCents += m.amountCents;
  }
  return { inCents, outCents };
}

/**
 * What the drawer and each terminal should show at the close, per method:
 * cash = float + cash received − change − cash out + cash in − cash refunds,
 * deposits and member recharges taken counted as received and deposits given back as refunds,
 * riders' cash counted when handed in, not when collected;
 * any other method = received − given back by it. Cash is always listed (the
 * float is there); another method once the shift used it. Dollars are in
 * soles at each bill's rate (the figure a bill's payment records).
 */
export function expectedByMethod(shift: Shift): Partial<Record<CountedMethod, number>> {
  const t = shift.totals;
  const { inCents, outCents } = cashMoved(shift);
  const out: Partial<Record<CountedMethod, number>> = {};
  const deposits = t.depositsByMethod ?? {};
  const depositReturns = t.depositReturnsByMethod ?? {};
  const recharges = t.rechargesByMethod ?? {};
  for (const m of COUNTED_METHODS) {
    // Deposits and member recharges taken are in the drawer or terminal too; deposits given back left it.
    const received = (t.receivedByMethod[m] ?? 0) + (deposits[m] ?? 0) + (recharges[m] ?? 0);
    const refunded = (t.refundsByMethod[m] ?? 0) + (depositReturns[m] ?? 0);
    // Riders' cash is in the drawer once handed in, not when collected at the door.
    if (m === 'cash') out.cash = shift.floatCents + received - t.changeCents - outCents + inCents - refunded - riderCashOutsideDrawer(t);
    else if ([t.receivedByMethod, t.refundsByMethod, deposits, depositReturns, recharges].some((by) => Object.hasOwn(by, m))) out[m] = received - refunded;
  }
  return out;
}
