import type { CommandPayload, LedgerEntry, Member, RechargeOrder, State } from '#protocol';
import { memberById } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { ledgerEntry } from './ledger-entry.ts';
import { liveMember, refused } from './profile.ts';

/** The entry among the member's recent ones (a retried command's id, a reprint): at most RECENT_ENTRIES read. */
function recentEntry(m: Member, entryId: string): LedgerEntry | undefined {
  return m.recent.find((e) => e.id === entryId);
}

/** Only the last 4 digits of a card number are kept (never a whole one). */
function cardTail(text: string): string {
  return text.replace(/\D/g, '').slice(-4);
}

/**
 * Money in (SPEC recharge order). Needs an open shift: its money is counted in that
 * shift under its method (the reports room folds the entry into the open shift's totals).
 * SPEC: a scan-code recharge names its operation number; a remittance its bank first,
 * then the card number. The bonus is credited with the amount in one entry.
 */
export function recharge(s: State, p: CommandPayload<'member.recharge'>, ctx: DecideContext): Decision {
  const m = liveMember(s, p.memberId);
  if (refused(m)) return m;
  if (recentEntry(m, p.rechargeId)) return refuse('DUPLICATE_ID', 'rechargeId');
  const shift = s.openShift;
  if (!shift) return refuse('NO_OPEN_SHIFT');
  const operationNo = p.operationNo ?? '';
  const bank = p.bank ?? '';
  const cardNo = cardTail(p.cardNo ?? '');
  if (p.method === 3 && operationNo === '') return refuse('OPERATION_NO_REQUIRED');
  if (p.method === 4 && bank === '') return refuse('MEMBER_BANK_REQUIRED');
  if (p.method === 4 && cardNo === '') return refuse('MEMBER_CARD_REQUIRED');
  const bonusCents = p.bonusCents ?? 0;
  const order: RechargeOrder = {
    no: s.memberCounters.rechargeNo + 1,
    method: p.method,
    amountCents: p.amountCents,
    bonusCents,
    operationNo,
    bank,
    cardNo,
    certificate: p.certificate ?? '',
    accountName: p.accountName ?? '',
    arrivedAt: p.arrivedAt ?? null,
    shiftId: shift.id,
  };
  const made = ledgerEntry(s, m.id, { kind: 'recharge', cents: p.amountCents + bonusCents, id: p.rechargeId, recharge: order }, ctx);
  if (!made.ok) return refuse(made.code, made.message);
  return accept([{ type: 'member.ledgerEntered', entry: made.entry, print: p.print }], { rechargeNo: order.no, memberNo: m.no });
}

/**
 * A correction by hand with its reason (approvable: a cashier with a manager's PIN, who is
 * the entry's `approver`). An erased member may still be adjusted: that is how an owner pays
 * out what their balance held. Never below 0 (INSUFFICIENT_BALANCE).
 */
export function adjust(s: State, p: CommandPayload<'member.adjust'>, ctx: DecideContext): Decision {
  if (p.reason === '') return refuse('REASON_REQUIRED');
  const m = memberById(s, p.memberId);
  // A retried adjustment: its id is among the member's recent entries.
  if (m && recentEntry(m, p.entryId)) return refuse('DUPLICATE_ID', 'entryId');
  const made = ledgerEntry(s, p.memberId, { kind: 'adjust', cents: p.cents, id: p.entryId, reason: p.reason }, ctx);
  if (!made.ok) return refuse(made.code, made.message);
  return accept([{ type: 'member.ledgerEntered', entry: made.entry }]);
}

/** A recharge's slip printed again (from the member's recent entries). */
export function reprintRecharge(s: State, p: CommandPayload<'member.reprintRecharge'>, ctx: DecideContext): Decision {
  const m = liveMember(s, p.memberId);
  if (refused(m)) return m;
  const e = recentEntry(m, p.entryId);
  if (!e || e.kind !== 'recharge') return refuse('RECHARGE_NOT_FOUND', 'entryId');
  return accept([{ type: 'member.rechargeReprinted', memberId: m.id, entryId: e.id, at: ctx.now, by: ctx.actor.staffId }]);
}
