import type { Bill, BillCorrection, RefundKind, RefundRequest } from '#protocol';

/**
 * The refund form's rules apart from React: the request a choice makes and what keeps it from
 * being sent (the hub checks all of it again, hub/domain/refunds).
 */

/** SPEC "Please enter/select a reason": the usual ones, one tap each (texts in i18n `refunds.reasons`). */
export const REASON_PRESETS = ['wrongOrder', 'coldOrBad', 'late', 'missing', 'cancelled'] as const;
export type ReasonPreset = (typeof REASON_PRESETS)[number];

/** Soles typed as "12.50" or "12,50" → céntimos; null when it is not an amount. */
export function centsOf(text: string): number | null {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export type FormInput = { kind: RefundKind; picks: Readonly<Record<string, number>>; amountText: string; reason: string; phone: string };

export function requestOf(f: FormInput): RefundRequest {
  const lines = f.kind === 'lines' ? Object.entries(f.picks).filter(([, q]) => q > 0).map(([lineId, qty]) => ({ lineId, qty })) : [];
  const amount = f.kind === 'amount' ? centsOf(f.amountText) : null;
  return { kind: f.kind, lines, ...(amount !== null ? { amountCents: amount } : {}), reason: f.reason.trim(), contactPhone: f.phone.trim() };
}

/** Why the form cannot be sent yet (an i18n key under `refunds.form.blockers`), or null. */
export function blockerOf(req: RefundRequest, leftCents: number): 'reason' | 'lines' | 'amount' | 'tooMuch' | 'phone' | null {
  if (req.kind === 'lines' && req.lines.length === 0) return 'lines';
  if (req.kind === 'amount' && (req.amountCents === undefined || req.amountCents <= 0)) return 'amount';
  if (req.kind === 'amount' && (req.amountCents ?? 0) > leftCents) return 'tooMuch';
  if (req.contactPhone !== '' && !/^(\+51)?9\d{8}$/.test(req.contactPhone.replace(/ /g, ''))) return 'phone';
  if (req.reason === '') return 'reason';
  return null;
}

/**
 * What may still go back to the bill's member's balance (issue 22): what the balance paid of the
 * bill less what corrections already put back to it, the hub's REFUND_TOO_LARGE rule
 * (hub/domain/payment/balance-refund.ts); 0 for a bill without a member.
 */
export function balanceRoomCents(bill: Pick<Bill, 'member' | 'payments'>, corrections: readonly Pick<BillCorrection, 'method' | 'amountCents'>[]): number {
  if (!bill.member) return 0;
  const paid = (bill.payments ?? []).reduce((n, p) => n + (p.method === 'balance' ? p.amountCents : 0), 0);
  const back = corrections.reduce((n, c) => n + (c.method === 'balance' ? c.amountCents : 0), 0);
  return Math.max(0, paid - back);
}
