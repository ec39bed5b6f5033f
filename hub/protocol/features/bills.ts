import { z } from 'zod';
import { defineProtocol, INTERNAL } from '../feature.ts';
import { idSchema } from '../ids.ts';
import type { FiscalDocument } from '../fiscal-document.ts';
import type { Bill } from './dine-in.ts';
import { PAY_METHODS, type PayMethod } from './payment.ts';

/**
 * Closed bills after settlement (issue 11 starts it, issue 12's bills page
 * builds on it): a void or a refund, with a reason, and the credit note it
 * issues when the bill was a numbered boleta or factura. A closed bill lives
 * in the day archive, not the live state, so the hub reads it there and
 * hands it to the rules in an internal command (hub/http/routes/bills);
 * what was corrected stays live per bill, so a second void or a refund past
 * what was sold is refused.
 */

/**
 * void: the whole bill (credit note reason cat. 09 "01", anulación de la operación).
 * refund: some portions of some lines (cat. 09 "07", devolución por ítem).
 */
export const CORRECTION_KINDS = ['void', 'refund'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** Cat. 09 reason code of each correction kind. */
export const CREDIT_NOTE_REASON: Record<CorrectionKind, '01' | '07'> = { void: '01', refund: '07' };

/** What a person asks for (POST /api/bills/:billId/corrections): the portions (refund only), why, and how the money goes back. */
export const correctionRequestSchema = z.object({
  kind: z.enum(CORRECTION_KINDS),
  /** Refund: the portions given back per bill line; ignored for a void. */
  lines: z.array(z.object({ lineId: idSchema, qty: z.int().min(1).max(999) })).max(200),
  /**
   * Refund of an amount rather than portions (issue 21's refunds: no lines, a sale note only, as a
   * credit note on a boleta or factura lists the items). Absent: portions or a void, as before.
   */
  amountCents: z.int().min(1).max(100_000_000_000).optional(),
  reason: z.string().trim().min(1).max(140),
  /** How the money goes back (cash leaves the drawer; a card refund is done on the card terminal). */
  method: z.enum(PAY_METHODS),
});
export type CorrectionRequest = z.infer<typeof correctionRequestSchema>;

/** The credit note a correction issued: its number and the document it corrects. */
export type CreditNoteRef = { type: '07'; series: string; number: number; of: { type: '01' | '03'; series: string; number: number } };

/** One void or refund of a closed bill, as recorded. */
export type BillCorrection = {
  /** The correction's id (chosen by the hub when it hands the request in; the command id). */
  id: string;
  billId: string;
  billNo: number;
  kind: CorrectionKind;
  /** The portions given back (a void: every portion of every line). */
  lines: { lineId: string; qty: number }[];
  /** What goes back to the guest, in céntimos (a void: the bill's total; a refund: those portions' share after discounts). */
  amountCents: number;
  reason: string;
  method: PayMethod;
  at: string;
  by: string | null;
  /** Absent: a sale note, or a bill that was never numbered (e-invoicing not set up then). */
  creditNote?: CreditNoteRef;
};

/** A closed bill's corrections so far (live: small, only bills that were corrected). */
export type BillCorrections = { voided: boolean; corrections: BillCorrection[] };

/**
 * `document`: the credit note as SUNAT receives it, when the correction issued one (its job and
 * its printout are made from it; the bill itself is not in the live state to compute it again).
 * Not folded into the state.
 */
export type BillsEvent =
  | { type: 'bill.corrected'; correction: BillCorrection; document?: FiscalDocument }
  /**
   * A closed bill's receipt printed again (the bills page, `reprint`): the bill rides in the
   * event, as it is not in the live state; the printing reactor makes its paper marked REPRINT
   * (a boleta or factura: its printed representation with the QR). Changes no state; the log
   * record says who asked (its actor) and when.
   */
  | { type: 'bill.reprinted'; bill: Bill; printerId: string; documents?: FiscalDocument[] };

export type BillsState = { billCorrections: Record<string, BillCorrections> };

const archivedBill = z.custom<Bill>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

/**
 * A boleta, factura or credit note as the document store filed it (what SUNAT received), read by
 * the hub: a reprint prints these figures, not a document computed anew with today's settings.
 */
const filedDocument = z.custom<FiscalDocument>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

const cents = z.int().min(0).max(100_000_000_000);
/**
 * Internal, beside `bill.correct`: the figures of the bill's document as SUNAT received it, read by
 * the hub from its document store (hub/domain/einvoice/document-figures.ts). The credit note is made
 * at the original's rates and reverses its amounts, whatever today's regime (issue 19 item 5);
 * absent when the document is not on file (a bill numbered before the store kept its data).
 */
export const originalFiguresSchema = z.object({
  igvBasisPoints: z.int().min(0).max(10_000).nullable(),
  icbperPerBagCents: z.int().min(0).max(100_000).nullable(),
  taxableCents: cents,
  igvCents: cents,
  icbperCents: cents,
  freeCents: cents,
  payableCents: cents,
});

export const billsProtocol = defineProtocol<BillsEvent, BillsState>()({
  name: 'bills',
  commands: {
    /**
     * Internal: the hub read `bill` from the day archive (never from a device) and checked the
     * sender holds `refund`; the rules refuse a second void, a refund past what was sold, and
     * issue the credit note in the same log record.
     */
    'bill.correct': z.object({ bill: archivedBill, request: correctionRequestSchema, original: originalFiguresSchema.optional() }),
    /**
     * Internal: the hub read `bill` from the day archive and checked the sender holds `reprint`
     * (hub/http/routes/bills/reprint.ts); on the printer named, else the first receipt printer.
     * `documents`: the bill's (or its split parts') boletas and facturas as filed, which the paper
     * prints instead of documents computed with today's settings; one not on file is computed.
     */
    'bill.reprint': z.object({ bill: archivedBill, printerId: idSchema.optional(), documents: z.array(filedDocument).max(100).optional() }),
  },
  aliases: { 'bill.correct': INTERNAL, 'bill.reprint': INTERNAL },
  errors: {
    BILL_NOT_FOUND: 404,
    BILL_ALREADY_VOIDED: 409,
    // A refund of more portions than the line had (less what earlier refunds gave back), or of no line.
    REFUND_TOO_LARGE: 409,
    REFUND_LINES_REQUIRED: 400,
  },
});
