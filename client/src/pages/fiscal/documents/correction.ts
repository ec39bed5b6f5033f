import type { Bill, BillCorrections, CorrectionKind, CorrectionRequest, PayMethod } from '#protocol';
import { refundedPortions, refundValue } from '#hub/domain/einvoice/credit-note.ts';
import { chargedQty } from '#hub/domain/money.ts';

/**
 * The void/refund dialog's rules apart from React: how many portions of each
 * line may still go back, the request a choice makes, and whether it can be
 * sent, and what goes back: the hub's own arithmetic (hub/domain/einvoice/
 * credit-note.ts), so the amount shown is the amount the credit note carries.
 * The hub checks all of it again (hub/domain/bills).
 */

export type RefundLine = { lineId: string; name: string; qty: number; unitPriceCents: number; remaining: number };

/** Each line the guest paid for (gifted portions were never paid), with the portions not yet given back by earlier refunds. */
export function refundLines(bill: Bill, done: BillCorrections | null, nameOf: (l: Bill['lines'][number]) => string): RefundLine[] {
  const given = refundedPortions(done?.corrections ?? []);
  return bill.lines
    .filter((l) => chargedQty(l) > 0)
    .map((l) => ({ lineId: l.id, name: nameOf(l), qty: chargedQty(l), unitPriceCents: l.unitPriceCents, remaining: Math.max(0, chargedQty(l) - (given.get(l.id) ?? 0)) }));
}

/**
 * What the request gives back, in céntimos, as the hub computes it: a void,
 * the bill's total less earlier refunds; a refund, the picked portions' worth
 * after the line and order discounts, counted on top of earlier refunds.
 */
export function refundCents(bill: Bill, done: BillCorrections | null, req: CorrectionRequest): number {
  const past = done?.corrections ?? [];
  if (req.kind === 'void') return Math.max(0, bill.totalCents - refundedCents(done));
  const before = refundedPortions(past);
  const after = new Map(before);
  for (const l of req.lines) after.set(l.lineId, (after.get(l.lineId) ?? 0) + l.qty);
  return refundValue(bill, after).value - refundValue(bill, before).value;
}

/** What already went back to the guest, in céntimos. */
export function refundedCents(done: BillCorrections | null): number {
  return (done?.corrections ?? []).reduce((n, c) => n + c.amountCents, 0);
}

/** A pick clamped to what a line has left (a stepper past it, or a stale count after another device's refund). */
export function clampPick(lines: readonly RefundLine[], lineId: string, qty: number): number {
  const line = lines.find((l) => l.lineId === lineId);
  return line ? Math.max(0, Math.min(line.remaining, Math.floor(qty))) : 0;
}

/** The request a choice makes: a void names no lines (the hub gives back what remains); a refund the picked portions. */
export function requestOf(kind: CorrectionKind, picks: Readonly<Record<string, number>>, reason: string, method: PayMethod): CorrectionRequest {
  const lines = kind === 'refund' ? Object.entries(picks).filter(([, qty]) => qty > 0).map(([lineId, qty]) => ({ lineId, qty })) : [];
  return { kind, lines, reason: reason.trim(), method };
}

/** Why the confirm button stays off, or null when the request can go. */
export function blockerOf(req: CorrectionRequest, voided: boolean): 'voided' | 'pickLines' | 'reasonRequired' | null {
  if (voided) return 'voided';
  if (req.kind === 'refund' && req.lines.length === 0) return 'pickLines';
  return req.reason === '' ? 'reasonRequired' : null;
}

/** The method a refund goes back by at first: the bill's own when it was paid one way, else cash. */
export function defaultMethod(bill: Bill): PayMethod {
  return bill.payMethod === 'mixed' ? 'cash' : bill.payMethod;
}
