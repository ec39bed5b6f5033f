import { z } from 'zod';
import type { Bill, BillCorrections, CommandResult } from '#protocol';
import { calendarDaySchema, correctionRequestSchema, DOC_KINDS, idSchema, PAY_METHODS, uuidSchema } from '#protocol';
import { RECORD_STATES, type BillRow } from '#hub/domain/bills/list.ts';
import type { DocumentMeta } from '#hub/einvoice/outbox/types.ts';

/**
 * What the bills routes read (GET /api/bills/:billId?day=, POST
 * /api/bills/:billId/corrections). The day names an archive file, so it is
 * checked to be a real calendar day before anything reads it.
 */

/** The restaurant's calendar day the bill was paid (the archive's day file): the shared calendar-day schema. */
const daySchema = calendarDaySchema;

export const billQuerySchema = z.object({ day: daySchema });

/**
 * A void or refund: `id` is the command id the device minted (a uuid), so a
 * resend after a lost answer is answered once; `day` finds the bill.
 */
export const correctionBodySchema = z.object({ id: uuidSchema, day: daySchema, request: correctionRequestSchema });
export type CorrectionBody = z.infer<typeof correctionBodySchema>;

/** GET answer: the closed bill, what was corrected so far, and its e-invoice (null: a sale note, or no document store). */
export type BillReply = { ok: true; bill: Bill; corrections: BillCorrections; document: DocumentMeta | null };

/** POST answer: the log seq, the result (`totalCents`: what goes back) and the bill's corrections after it. */
export type CorrectionReply = { ok: true; seq: number; result: CommandResult; corrections: BillCorrections };

/** The most business days one list query covers (a quarter): past it the page asks for a shorter range. */
export const MAX_LIST_DAYS = 92;

/**
 * GET /api/bills?from=&to=&table=&no=&method=&document=&record=&cursor=: business days
 * (absent: today's), both included; the filters of the bills page. Strict: an
 * unknown key (`__proto__` included) or a repeated one is a 400, not ignored.
 */
export const billListQuerySchema = z
  .strictObject({
    from: daySchema.optional(),
    to: daySchema.optional(),
    table: z.string().trim().max(40).optional(),
    no: z.string().trim().max(30).optional(),
    method: z.enum(PAY_METHODS).optional(),
    document: z.enum(DOC_KINDS).optional(),
    record: z.enum(['all', ...RECORD_STATES]).default('all'),
    cursor: z.string().max(120).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { path: ['from'] })
  .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.to) - Date.parse(q.from) < MAX_LIST_DAYS * 86_400_000, { path: ['to'] });
export type BillListQuery = z.infer<typeof billListQuerySchema>;

/** GET /api/bills answer: the page of rows (newest first), the cursor of the next page (null: none), and the range read. */
export type BillListReply = { ok: true; rows: BillRow[]; next: string | null; from: string; to: string; today: string };

/**
 * POST /api/bills/:billId/reprint body: the day's archive file and, optionally, the printer
 * (else the first receipt printer) and the command id (a uuid the page mints once per press,
 * so a resend prints once; absent: the hub mints one).
 */
export const reprintBodySchema = z.strictObject({ id: uuidSchema.optional(), day: daySchema, printerId: idSchema.optional() });

/** POST /api/bills/:billId/reprint answer: the log seq and the print job made. */
export type ReprintReply = { ok: true; seq: number; jobId: string };
