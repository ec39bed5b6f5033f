import { z } from 'zod';
import { calendarDaySchema } from './calendar-day.ts';
import type { PayMethod } from './features/payment.ts';

/**
 * The order report (SPEC.md `/pages/collect/index`, M014), the shift report's
 * figures and the nightly export all read one shape: the sales figures of a
 * set of closed bills. The hub computes them per business day
 * (hub/domain/business-day.ts) with `aggregateBills` (hub/domain/reports/),
 * keeps each finished day's figures beside the archive, and adds days up for
 * a week, a month or a year (`mergeFigures`), so a year's report never reads
 * a year of bills. Money in céntimos; every breakdown is an array of rows,
 * never an object keyed by an id (ids like `__proto__` travel as data).
 */

/**
 * Where an order came in (issue 21), from the bill's stored `takeout.channel`: a table, the
 * take-away counter, a phone order taken at the till, the web (any intake channel).
 */
export const ORDER_CHANNELS = ['dineIn', 'counter', 'phone', 'web'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
/** How an order left (the shift report's dine-in, take-away and delivery summaries), from the bill's stored `takeout.method`. */
export const SERVICE_KINDS = ['dineIn', 'takeAway', 'delivery'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** Count, money and people of one slice of the sales. */
export type SalesCell = { bills: number; cents: number; people: number };

/** One row of a breakdown: `key` is an id or a bucket ('07' for 07:00–07:59, '2026-11-24' for a day). */
export type SalesRow = SalesCell & { key: string; name: string };

/** One dish's portions: sold (paid for), gifted and returned, and what the sold ones brought in. */
export type DishRow = { key: string; name: string; categoryId: string; qty: number; cents: number; giftQty: number; giftCents: number; returnQty: number; returnCents: number };

/** Money received per payment method (soles; dollars also in US cents), and how many payments. */
export type MethodRow = { method: PayMethod; count: number; cents: number; usdCents: number };

export type SalesFigures = {
  /** Paid bills (withdrawn orders not counted), their people and what they were charged (sum of totalCents). */
  bills: number;
  people: number;
  salesCents: number;
  /** Bill parts: goods at their price, line and order discounts, gifts, tips, lunch boxes, minimum-spend fees, deposits credited. */
  goodsCents: number;
  lineDiscountCents: number;
  orderDiscountCents: number;
  giftCents: number;
  giftQty: number;
  tipCents: number;
  lunchBoxCents: number;
  minSpendFeeCents: number;
  depositCents: number;
  /** Received and change given back (cash). */
  receivedCents: number;
  changeCents: number;
  /** Returned portions (before settlement) and withdrawn orders (SPEC.md delete flag 2). */
  returnQty: number;
  returnCents: number;
  withdrawnCount: number;
  withdrawnCents: number;
  /** Bills with a part owed on account (SPEC.md on-credit flag 1) and the amount owed. */
  onAccountCount: number;
  onAccountCents: number;
  /** Voids and refunds after settlement (credit notes), by the day they happened. */
  refundCount: number;
  refundCents: number;
  byMethod: MethodRow[];
  refundsByMethod: MethodRow[];
  /** 24 rows '00'..'23' (Lima time of payment), always all 24. */
  byHour: SalesRow[];
  /** 7 rows '1' (Monday)..'7' (Sunday), always all 7. */
  byWeekday: SalesRow[];
  /** One row per business day that had bills, oldest first. */
  byDay: SalesRow[];
  byCategory: SalesRow[];
  byDish: DishRow[];
  byTable: SalesRow[];
  /** Who settled the bill (the bill's operator); '' when the hub itself did. */
  byStaff: SalesRow[];
  /** Sales document chosen: sale note, boleta, factura. */
  byDocument: SalesRow[];
  /** 4 rows, always, in ORDER_CHANNELS order: dine-in, counter, phone, web (the stored bill's channel). */
  byChannel: SalesRow[];
  /**
   * Members' balance and coupons (issue 22), read from the ledger day files and the stored
   * bills and batches. Absent in figures kept before it (FIGURES_FORMAT 4): read as none.
   */
  members?: MembersFigures;
};

/**
 * A day's (or a range's) member figures. Money is never a sale here: a recharge is a
 * prepayment (the boleta is issued when the balance is spent).
 */
export type MembersFigures = {
  rechargeCount: number;
  /** Money paid in by recharges, per method it was counted under (cash, yape for a scan, transfer for a remittance). */
  rechargesByMethod: Partial<Record<PayMethod, number>>;
  /** Promotions' extra credited with recharges: liability without money. */
  bonusCents: number;
  /** Balance spent on bills (positive). */
  spentCents: number;
  /** Balance given back by refunds. */
  refundedCents: number;
  /** Manual adjustments, signed (net). */
  adjustCents: number;
  /** The sum of every member's balance at the end of `outstandingDay`, as the ledger recorded it (a liability). */
  outstandingCents: number;
  /** The business day that balance is at the end of: a range shows its last day's. */
  outstandingDay: string;
  /** Coupons of batches issued in the period. */
  couponsIssued: number;
  /** Bills settled with a coupon, and what the coupons took off. */
  couponsRedeemed: number;
  couponDiscountCents: number;
  /** Coupons left unused when their batch's last valid day ended (counted on that day). */
  couponsExpired: number;
};

/** GET /api/reports/orders?from=YYYY-MM-DD&to=YYYY-MM-DD (business days, both included). */
export const reportQuerySchema = z
  .object({ from: calendarDaySchema, to: calendarDaySchema })
  .refine((q) => q.from <= q.to, { message: 'from after to' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, { message: 'range over 400 days' });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export type OrderReport = { ok: true; from: string; to: string; closingHour: number; figures: SalesFigures; computedMs: number };
