import type { EventOf, Refund, State } from '#protocol';
import type { Appliers } from '../feature.ts';
import { withOwn, withoutOwn } from '../records.ts';

/** The refund live again (open), its bill pointing at it. */
function live(s: State, refund: Refund): State {
  return { ...s, refunds: withOwn(s.refunds, refund.id, refund), refundOfBill: withOwn(s.refundOfBill, refund.billId, refund.id) };
}

/** The code's number ("D-0042" → 42): the hub numbers, a replica follows. */
function numberOf(code: string): number {
  const n = Number(code.slice(2));
  return Number.isSafeInteger(n) ? n : 0;
}

export const refundAppliers = {
  'refund.applied': (s: State, e: EventOf<'refund.applied'>): State => ({ ...live(s, e.refund), refundNo: Math.max(s.refundNo ?? 0, numberOf(e.refund.code)) }),
  'refund.accepted': (s: State, e: EventOf<'refund.accepted'>): State => live(s, e.refund),
  'refund.paidOut': (s: State, e: EventOf<'refund.paidOut'>): State => live(s, e.refund),
  // Rejected or finished: out of the live state (the day files keep it, GET /api/refunds?day=).
  'refund.filed': (s: State, e: EventOf<'refund.filed'>): State => ({
    ...s,
    refunds: withoutOwn(s.refunds, e.refund.id),
    refundOfBill: withoutOwn(s.refundOfBill, e.refund.billId),
  }),
} satisfies Partial<Appliers>;
