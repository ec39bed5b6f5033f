import type { ErrorCode, LedgerEntry, LedgerKind, RechargeOrder, State } from '#protocol';
import { memberById } from '#protocol';
import { businessDayOf, closingHourOf } from '../business-day.ts';
import type { DecideContext } from '../decision.ts';

/** What a caller says of a balance move; the helper fills in the member, seq, balance, day and who. */
export type LedgerMove = {
  kind: LedgerKind;
  /** Signed: − for a spend or a negative adjustment. */
  cents: number;
  /** The entry's id; default `<memberId>:<seq>` (unique per member, the same on replay). */
  id?: string;
  reason?: string;
  billId?: string | null;
  billDay?: string | null;
  recharge?: RechargeOrder | null;
};

export type LedgerEntryResult = { ok: true; entry: LedgerEntry } | { ok: false; code: ErrorCode; message?: string };

/** Kinds an erased member may still have: money going back to them, or an owner paying their balance out. */
const AFTER_ERASURE: ReadonlySet<LedgerKind> = new Set(['refund', 'adjust']);

/**
 * THE way every room builds a balance move (recharge, spend in order.settle, refund in a
 * payout, adjustment): pure, reads one member by key. The caller puts the entry in a
 * `member.ledgerEntered` event of its decision; the one applier (appliers.ts) moves the
 * balance. Refuses MEMBER_NOT_FOUND, MEMBER_ERASED (a spend or recharge of an erased
 * member) and INSUFFICIENT_BALANCE (the balance would go below 0). Two moves of one member
 * in one decision: build the second from the state after the first's event (its seq and
 * balance follow from the member record).
 */
export function ledgerEntry(state: State, memberId: string, move: LedgerMove, ctx: DecideContext): LedgerEntryResult {
  const m = memberById(state, memberId);
  if (!m) return { ok: false, code: 'MEMBER_NOT_FOUND', message: 'memberId' };
  if (m.erasedAt !== null && !AFTER_ERASURE.has(move.kind)) return { ok: false, code: 'MEMBER_ERASED' };
  if (!Number.isSafeInteger(move.cents) || move.cents === 0) return { ok: false, code: 'INCORRECT_INPUT', message: 'cents' };
  if (!signFits(move.kind, move.cents)) return { ok: false, code: 'INCORRECT_INPUT', message: 'cents' };
  const balanceAfterCents = m.balanceCents + move.cents;
  if (balanceAfterCents < 0) return { ok: false, code: 'INSUFFICIENT_BALANCE', message: String(m.balanceCents) };
  const seq = m.entries;
  return {
    ok: true,
    entry: {
      id: move.id ?? `${m.id}:${seq}`,
      memberId: m.id,
      memberNo: m.no,
      seq,
      kind: move.kind,
      cents: move.cents,
      balanceAfterCents,
      day: businessDayOf(ctx.now, closingHourOf(state.settings)),
      at: ctx.now,
      by: ctx.actor.staffId,
      approver: move.kind === 'adjust' ? (ctx.approver ?? null) : null,
      reason: move.reason ?? '',
      billId: move.billId ?? null,
      billDay: move.billDay ?? null,
      recharge: move.kind === 'recharge' ? (move.recharge ?? null) : null,
    },
  };
}

/** A recharge and a refund add, a spend takes; an adjustment goes either way. */
function signFits(kind: LedgerKind, cents: number): boolean {
  if (kind === 'spend') return cents < 0;
  if (kind === 'adjust') return true;
  return cents > 0;
}
