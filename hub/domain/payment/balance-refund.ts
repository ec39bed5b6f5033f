import type { Bill, BillCorrection, DomainEvent, ErrorCode, State } from '#protocol';
import { businessDayOf } from '../business-day.ts';
import type { DecideContext } from '../decision.ts';
import { ledgerEntry } from '../members/ledger-entry.ts';

/**
 * Money given back to a member's balance (issue 22): a correction of a bill (a void or a refund,
 * `bill.correct` and the refunds' pay-out) whose method is `balance`. It needs the bill's member
 * (MEMBER_REQUIRED), and at most what the balance paid of that bill, less what earlier
 * corrections already put back to the balance (REFUND_TOO_LARGE): the rest of a mixed bill goes
 * back by another method, as a second correction. The ledger's entry (kind refund, the bill's id
 * and archive day, the reason) rides in the correction's own record; an erased member is still
 * paid back (core's rule: money going back to them).
 */
export function balanceRefund(
  s: State,
  bill: Bill,
  earlier: readonly BillCorrection[],
  amountCents: number,
  reason: string,
  ctx: DecideContext,
): { ok: true; events: DomainEvent[] } | { ok: false; code: ErrorCode; field: string } {
  if (!bill.member) return { ok: false, code: 'MEMBER_REQUIRED', field: 'method' };
  const paid = (bill.payments ?? []).reduce((n, p) => n + (p.method === 'balance' ? p.amountCents : 0), 0);
  const back = earlier.reduce((n, c) => n + (c.method === 'balance' ? c.amountCents : 0), 0);
  if (amountCents > paid - back) return { ok: false, code: 'REFUND_TOO_LARGE', field: 'amountCents' };
  if (amountCents <= 0) return { ok: true, events: [] };
  const entry = ledgerEntry(s, bill.member.id, { kind: 'refund', cents: amountCents, reason, billId: bill.id, billDay: businessDayOf(bill.paidAt, 0) }, ctx);
  if (!entry.ok) return { ok: false, code: entry.code, field: 'method' };
  return { ok: true, events: [{ type: 'member.ledgerEntered', entry: entry.entry }] };
}
