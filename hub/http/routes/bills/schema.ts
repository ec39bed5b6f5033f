import { z } from 'zod';
import type { Bill, BillCorrections, CommandResult } from '#protocol';
import { correctionRequestSchema, uuidSchema } from '#protocol';

/**
 * What the bills routes read (GET /api/bills/:billId?day=, POST
 * /api/bills/:billId/corrections). The day names an archive file, so it is
 * checked to be a real calendar day before anything reads it.
 */

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The restaurant's calendar day the bill was paid (the archive's day file). */
const daySchema = z.string().refine(isCalendarDay);

export const billQuerySchema = z.object({ day: daySchema });

/**
 * A void or refund: `id` is the command id the device minted (a uuid), so a
 * resend after a lost answer is answered once; `day` finds the bill.
 */
export const correctionBodySchema = z.object({ id: uuidSchema, day: daySchema, request: correctionRequestSchema });
export type CorrectionBody = z.infer<typeof correctionBodySchema>;

/** GET answer: the closed bill and what was corrected so far. */
export type BillReply = { ok: true; bill: Bill; corrections: BillCorrections };

/** POST answer: the log seq, the result (`totalCents`: what goes back) and the bill's corrections after it. */
export type CorrectionReply = { ok: true; seq: number; result: CommandResult; corrections: BillCorrections };
