import { z } from 'zod';
import { calendarDaySchema } from './calendar-day.ts';
import type { MethodRow, OrderChannel, SalesFigures, SalesRow } from './reports.ts';
import type { ShiftCount } from './features/shift.ts';
import type { PayMethod } from './features/payment.ts';
import type { RechargeMethod } from './features/members.ts';

/**
 * A shift's report (SPEC.md section 3 "Shift report", M006, issue 12): the
 * shift's own figures (float, cash moves, counts) and the sales figures of
 * the bills paid between its open and its close (`SalesFigures`, the same
 * arithmetic as every report), with the rows the shift page's tabs show
 * (SPEC.md section 2 "Shift tabs"). The Z report prints it
 * (hub/domain/printing/documents/z-report.ts). Money in céntimos.
 */

/** One bill of the shift, as the "store transactions" tab lists it. */
export type ShiftTransaction = {
  billId: string;
  billNo: number;
  orderNo: number;
  tableName: string;
  people: number;
  paidAt: string;
  totalCents: number;
  payMethod: string;
  /** Sale note, boleta, factura; with its number once the hub numbered it. */
  document: string;
  onAccount: boolean;
  /** SPEC.md delete flag 2: withdrawn with a reason, nothing charged. */
  withdrawn: boolean;
  /** Given back by voids and refunds during the shift. */
  refundedCents: number;
  /** Issue 21: where the order came in and its takeout code ('' for a table's bill), from the stored bill; absent before. */
  channel?: OrderChannel;
  takeoutCode?: string;
};

/**
 * One rider's cash in the shift: collected at doors (net of the change they gave), handed in at
 * the till, and what they still held after the shift's last hand-in or collection (owed).
 */
export type RiderCashRow = {
  riderId: string;
  name: string;
  collectedCents: number;
  handedInCents: number;
  handIns: number;
  heldCents: number;
  /** Delivered bills of the shift that name the rider (paid ones too); absent in reports made before it. */
  deliveries?: number;
};

/** Portions sold per dish and size or unit (SPEC.md "unit sales statistics"). */
export type UnitRow = { key: string; name: string; unit: string; qty: number; cents: number };

/**
 * One recharge order the shift took (SPEC.md "member recharge details", issue 22), from the
 * ledger as recorded. The member shows as a bill shows them ("Ana P."), never phone or document.
 */
export type RechargeDetailRow = {
  entryId: string;
  /** The recharge order's number. */
  orderNo: number;
  at: string;
  memberNo: string;
  /** "Ana P."; '' once the member's personal data was erased. */
  memberName: string;
  /** SPEC's option: 2 cash, 3 scan code, 4 offline remittance. */
  method: RechargeMethod;
  /** Where the money was counted (cash, yape, transfer). */
  payMethod: PayMethod;
  amountCents: number;
  /** A promotion's extra credited (not money received). */
  bonusCents: number;
  /** The operation number (scan code) or the transfer certificate (remittance); '' for cash. */
  reference: string;
  /** Remittance: the bank; '' otherwise. */
  bank: string;
  /** Who took it (name; '' for someone deleted). */
  cashier: string;
};

export type ShiftReport = {
  shiftId: string;
  /** Still open: the figures so far (GET /api/shifts/current/report). */
  open: boolean;
  /** The register: the box's name on the network (the hub is one register). */
  register: string;
  restaurant: string;
  /** Who opened the shift (the cashier) and who closed it (names; '' for the hub). */
  cashier: string;
  closedBy: string;
  openedAt: string;
  closedAt: string | null;
  floatCents: number;
  cashInCents: number;
  cashOutCents: number;
  /** Counted at the close (empty while open), and the cash the drawer should hold. */
  counts: ShiftCount[];
  expectedCashCents: number;
  note: string;
  /** Order sum: what the paid bills came to before discounts and gifts (charged + discounts + gifts). */
  orderCents: number;
  /** Charged: the bills' totals. */
  salesCents: number;
  /** Actual sum: received − change. */
  actualCents: number;
  salesCount: number;
  discountCents: number;
  /** Offers: discounts and gifts. */
  offerCents: number;
  refundCount: number;
  refundCents: number;
  /** Credit orders: bills with a part on account, and what is owed. */
  onAccountCount: number;
  onAccountCents: number;
  /** On-account debts written off during the shift. */
  writeOffCount: number;
  writeOffCents: number;
  /** Predetermined orders: reservation deposits taken during the shift (its `depositsByMethod`). */
  depositCents: number;
  /** Member recharges taken during the shift (its `rechargesByMethod`, issue 22): money at the till, not sales. */
  memberRechargeCount: number;
  memberRechargeCents: number;
  /** The same per method the money was counted under (cash, yape for a scan, transfer for a remittance); absent in reports made before issue 22. */
  rechargesByMethod?: { method: PayMethod; cents: number }[];
  /** Each recharge of the shift, oldest first (read by the report route from the ledger); absent in reports made before it and in the Z report made at the close. */
  rechargeDetails?: RechargeDetailRow[];
  /**
   * Dine-in, take-away and delivery (keys SERVICE_KINDS: 'dineIn' | 'takeAway' | 'delivery'), always the
   * three, from each stored bill's `takeout` (none: a table's; method 0: delivered; else picked up).
   */
  channels: SalesRow[];
  /** Cash riders collected at doors and handed in at the till during the shift, per rider (issue 21); absent before it. */
  riderCash?: RiderCashRow[];
  byMethod: MethodRow[];
  refundsByMethod: MethodRow[];
  giftQty: number;
  giftCents: number;
  returnQty: number;
  returnCents: number;
  withdrawnCount: number;
  withdrawnCents: number;
  /** Passenger flow and the average price per bill and per person. */
  people: number;
  averageBillCents: number;
  averagePersonCents: number;
  /** Every breakdown (by hour, category, dish, table...). */
  figures: SalesFigures;
  transactions: ShiftTransaction[];
  units: UnitRow[];
};

/** GET /api/shifts/:shiftId/report?day=YYYY-MM-DD (the Lima day it closed, as GET /api/shifts lists it). */
export const shiftReportQuerySchema = z.object({ day: calendarDaySchema });
export type ShiftReportResponse = { ok: true; report: ShiftReport };
