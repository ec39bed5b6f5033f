import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { memberById } from '#protocol';
import { applyAll } from '../apply.ts';
import { ctxAt, deepFreeze, exec, uid } from '../test-fixtures.ts';
import { ledgerEntry, type LedgerMove } from './ledger-entry.ts';
import { ANA, BETO, membersState } from './test-members.ts';

/** Ana has S/ 100, Beto nothing (test-members.ts). */
describe('ledgerEntry, the helper every room builds balance moves with', () => {
  it('builds a spend with the next seq and the balance after it', () => {
    const r = ledgerEntry(membersState(), ANA, { kind: 'spend', cents: -3_000, billId: 'b-1', billDay: '2025-03-14' }, ctxAt());
    expect(r).toEqual({
      ok: true,
      entry: {
        id: `${ANA}:1`,
        memberId: ANA,
        memberNo: '000001',
        seq: 1,
        kind: 'spend',
        cents: -3_000,
        balanceAfterCents: 7_000,
        day: '2025-03-14',
        at: ctxAt().now,
        by: 'staff-1',
        approver: null,
        reason: '',
        billId: 'b-1',
        billDay: '2025-03-14',
        recharge: null,
      },
    });
  });

  it('the applier moves the balance by the entry', () => {
    const s = membersState();
    const r = ledgerEntry(s, ANA, { kind: 'spend', cents: -10_000, billId: 'b-1', billDay: '2025-03-14' }, ctxAt());
    if (!r.ok) throw new Error(r.code);
    const after = applyAll(s, [{ type: 'member.ledgerEntered', entry: r.entry }]);
    expect(memberById(after, ANA)).toMatchObject({ balanceCents: 0, entries: 2 });
  });

  const cases: [string, string, LedgerMove, string][] = [
    ['a spend past the balance', ANA, { kind: 'spend', cents: -10_001 }, 'INSUFFICIENT_BALANCE'],
    ['any spend of an empty balance', BETO, { kind: 'spend', cents: -1 }, 'INSUFFICIENT_BALANCE'],
    ['a spend with a positive amount', ANA, { kind: 'spend', cents: 100 }, 'INCORRECT_INPUT'],
    ['a refund with a negative amount', ANA, { kind: 'refund', cents: -100 }, 'INCORRECT_INPUT'],
    ['a zero move', ANA, { kind: 'adjust', cents: 0 }, 'INCORRECT_INPUT'],
    ['a fraction of a céntimo', ANA, { kind: 'refund', cents: 0.5 }, 'INCORRECT_INPUT'],
    ['an unknown member', uid(9), { kind: 'refund', cents: 100 }, 'MEMBER_NOT_FOUND'],
    ['__proto__', '__proto__', { kind: 'refund', cents: 100 }, 'MEMBER_NOT_FOUND'],
  ];
  it.each(cases)('refuses %s', (_label, memberId, move, code) => {
    const s = deepFreeze(membersState());
    const r = ledgerEntry(s, memberId, move, ctxAt());
    expect(r.ok ? 'ok' : r.code).toBe(code);
  });

  it('an erased member: no spend; a refund goes back to their balance', () => {
    const s: State = exec(membersState(), 'member.erase', { memberId: ANA, reason: 'x' }).state;
    const spend = ledgerEntry(s, ANA, { kind: 'spend', cents: -1 }, ctxAt());
    expect(spend.ok ? 'ok' : spend.code).toBe('MEMBER_ERASED');
    expect(ledgerEntry(s, ANA, { kind: 'refund', cents: 500, billId: 'b-1', billDay: '2025-03-14', reason: 'Devolución' }, ctxAt()).ok).toBe(true);
  });

  it('a device (no members slice) never finds a member', () => {
    const { members: _m, ...device } = membersState();
    const r = ledgerEntry(device as State, ANA, { kind: 'refund', cents: 1 }, ctxAt());
    expect(r.ok ? 'ok' : r.code).toBe('MEMBER_NOT_FOUND');
  });
});
