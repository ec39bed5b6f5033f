import { z } from 'zod';
import { calendarDaySchema } from '../calendar-day.ts';
import { centsSchema, uuidSchema } from '../entities.ts';
import { defineProtocol, INTERNAL } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { originalFiguresSchema, type CreditNoteRef } from './bills.ts';
import type { Bill } from './dine-in.ts';

/**
 * Refunds (issue 21, SPEC.md sections 3 "Refund" and 4 "Refund status"): a
 * guest asks for money back on a settled bill (a take-away or delivery bill
 * first, any bill too), the restaurant accepts or rejects it (with its
 * reason), pays it out (cash from the drawer, or a bank transfer with its
 * operation number) and marks it finished. The payout IS the bills page's
 * correction (`bill.correct`'s rules, hub/domain/bills/correct.ts): the same
 * amounts, the same credit note on a boleta or factura, the same shift
 * totals; no second money path. The live state holds a refund only while it
 * is open (1, 2, 5); a rejected or finished one leaves it into day files
 * (`refund.filed`), read back by `GET /api/refunds?day=`.
 * hub/domain/refunds/README.md has the status table.
 */

/** SPEC.md section 4 "Refund status", by name (4 has no label in the spec). */
export const REFUND_STATUS = { applied: 1, accepted: 2, rejected: 3, paidOut: 5, finished: 6 } as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];

/**
 * How the money goes back: out of the open shift's drawer, by bank transfer (with the bank's operation number), or to
 * the bill's member's balance (issue 22: at most what the balance paid of the bill; hub/domain/payment/balance-refund.ts).
 */
export const REFUND_PAYOUTS = ['cash', 'transfer', 'balance'] as const;
export type RefundPayout = (typeof REFUND_PAYOUTS)[number];

/** What is asked back: the whole rest of the bill, some portions of some lines, or an amount. */
export const REFUND_KINDS = ['full', 'lines', 'amount'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

const reasonSchema = z.string().trim().min(1).max(140);

/** What the person at the till types in when the guest asks (SPEC "Please enter/select a reason"). */
export const refundRequestSchema = z.object({
  kind: z.enum(REFUND_KINDS),
  /** `lines`: the portions given back per bill line (ignored otherwise). */
  lines: z.array(z.object({ lineId: idSchema, qty: z.int().min(1).max(999) })).max(200),
  /** `amount`: what goes back, no more than what is left refundable of the bill (ignored otherwise). */
  amountCents: centsSchema.optional(),
  reason: reasonSchema,
  /** SPEC "member or contact phone": who to call about it; '' for none. */
  contactPhone: z.string().trim().max(20).regex(/^[+\d ]*$/),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** A refund as the live state (and, once ended, its day file) holds it. */
export type Refund = {
  id: string;
  /** SPEC "return code or number": hub-numbered, "D-0001". */
  code: string;
  billId: string;
  /** The Lima day the archive filed the bill under (GET /api/bills/:billId?day=). */
  billDay: string;
  billNo: number;
  billTotalCents: number;
  /** The take-away or delivery order the bill settled (bill.takeout), or null for a dine-in bill. */
  takeoutId: string | null;
  takeoutCode: string | null;
  status: RefundStatus;
  kind: RefundKind;
  lines: { lineId: string; qty: number }[];
  /** What goes back, in céntimos, as figured when it was asked (the payout records what the correction gave). */
  amountCents: number;
  reason: string;
  contactPhone: string;
  /** SPEC "merchant rejection reason" ('' unless rejected). */
  rejectReason: string;
  appliedAt: string;
  appliedBy: string | null;
  /** When and by whom it was accepted or rejected. */
  decidedAt: string | null;
  decidedBy: string | null;
  payout: { method: RefundPayout; operationNo: string } | null;
  paidOutAt: string | null;
  paidOutBy: string | null;
  /** The bill correction the payout made (`<billId>-<n>`), and its credit note when the bill had a boleta or factura. */
  correctionId: string | null;
  creditNote: CreditNoteRef | null;
  finishedAt: string | null;
};

const archivedBill = z.custom<Bill>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

const refundCommandPayloads = {
  /**
   * Internal: the refunds route read the bill from the archive (never from a device) and checked
   * the sender holds `refund`. `refundId` is the device's uuid: the same tap twice asks once.
   */
  'refund.apply': z.object({ refundId: uuidSchema, bill: archivedBill, billDay: calendarDaySchema, request: refundRequestSchema }),
  'refund.accept': z.object({ refundId: idSchema }),
  /** SPEC: the merchant's reason is required. */
  'refund.reject': z.object({ refundId: idSchema, reason: reasonSchema }),
  /**
   * Internal: the route read the bill (and its document's figures, as `bill.correct` does);
   * the rules make the bill's correction in the same record. A transfer needs its operation number.
   */
  'refund.payOut': z.object({
    refundId: idSchema,
    bill: archivedBill,
    original: originalFiguresSchema.optional(),
    method: z.enum(REFUND_PAYOUTS),
    operationNo: z.string().trim().max(40).regex(/^[\w -]*$/),
  }),
  'refund.finish': z.object({ refundId: idSchema }),
} as const;

/** Every event carries the whole refund after it. `refund.filed` ends it (rejected or finished): it leaves the live state. */
export type RefundsEvent =
  | { type: 'refund.applied'; refund: Refund }
  | { type: 'refund.accepted'; refund: Refund }
  | { type: 'refund.paidOut'; refund: Refund }
  | { type: 'refund.filed'; refund: Refund };

export type RefundsState = {
  /** Open refunds (1 applied, 2 accepted, 5 paid out). */
  refunds: Record<string, Refund>;
  /** The open refund of a bill, by bill id: one at a time per bill. */
  refundOfBill: Record<string, string>;
  /** The last refund code's number (hub-numbered, never reset). */
  refundNo: number;
};

/** GET /api/refunds?day= reply: the live refunds (no day) or a day's ended ones, newest first. */
export const refundQuerySchema = z.strictObject({
  day: calendarDaySchema.optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type RefundPage = { ok: true; day: string | null; refunds: Refund[]; more: boolean };

export const refundsProtocol = defineProtocol<RefundsEvent, RefundsState>()({
  name: 'refunds',
  commands: refundCommandPayloads,
  aliases: { 'refund.apply': INTERNAL, 'refund.accept': 'refund', 'refund.reject': 'refund', 'refund.payOut': INTERNAL, 'refund.finish': 'refund' },
  errors: {
    REFUND_NOT_FOUND: 404,
    // The transition is not in the status table (README.md): a second payout, accepting a rejected one...
    REFUND_BAD_STATUS: 409,
    // The bill already has an open refund: finish or reject it first.
    REFUND_OPEN: 409,
    // Nothing left to give back on the bill (voided, or refunded whole).
    REFUND_NOTHING_LEFT: 409,
    // An amount refund on a boleta or factura: its credit note must list the items given back.
    REFUND_AMOUNT_NEEDS_LINES: 409,
    REFUND_AMOUNT_REQUIRED: 400,
    // A transfer without the bank's operation number.
    REFUND_OPERATION_REQUIRED: 400,
    // Cash out of a drawer that holds less (message: what it holds, in céntimos); also `bill.correct`'s.
    REFUND_EXCEEDS_DRAWER: 409,
  },
});
