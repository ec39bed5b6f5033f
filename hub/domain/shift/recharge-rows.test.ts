import { describe, expect, it } from 'vitest';
import type { CommandPayload, LedgerEntry, State } from '#protocol';
import { ctxAt, exec } from '../test-fixtures.ts';
import { ANA, BETO, cashRecharge, membersState } from '../members/test-members.ts';
import { rechargeRowsOf } from './recharge-rows.ts';

/**
 * The shift report's per-recharge list (SPEC "member recharge details", issue 22): which
 * ledger entries become rows, what each row says, and what never becomes one.
 */

const SCAN = { method: 3, operationNo: 'YP-778899' } as const;
const REMIT = { method: 4, bank: 'BCP', cardNo: '4321', certificate: 'CERT-55' } as const;
const names = { memberName: (id: string) => (id === ANA ? 'Ana P.' : id === BETO ? 'Beto Q.' : ''), staffName: (id: string | null) => (id === 'staff-1' ? 'Carla' : '') };

/** The entries the moves made, in order (Ana's opening S/ 100 cash recharge first). */
function entriesAfter(moves: readonly [string, CommandPayload<'member.recharge'>][]): { state: State; entries: LedgerEntry[] } {
  let state = membersState();
  const entries: LedgerEntry[] = [];
  for (const [at, p] of moves) {
    const step = exec(state, 'member.recharge', p, ctxAt(at));
    state = step.state;
    for (const e of step.events) if (e.type === 'member.ledgerEntered') entries.push(e.entry);
  }
  return { state, entries };
}

describe('member recharge details', () => {
  const shiftId = membersState().openShift!.id;
  it.each([
    ['cash: no reference, no bank', cashRecharge(BETO, 2_500, 1), { method: 2, payMethod: 'cash', amountCents: 2_500, reference: '', bank: '', memberName: 'Beto Q.' }],
    ['scan code: the operation number', { ...cashRecharge(BETO, 3_000, 2), ...SCAN }, { method: 3, payMethod: 'yape', amountCents: 3_000, reference: 'YP-778899', bank: '' }],
    ['remittance: the certificate and the bank', { ...cashRecharge(ANA, 4_000, 3), ...REMIT }, { method: 4, payMethod: 'transfer', amountCents: 4_000, reference: 'CERT-55', bank: 'BCP', memberName: 'Ana P.' }],
    ['a bonus is told apart from the money', { ...cashRecharge(BETO, 5_000, 4), bonusCents: 1_000 }, { amountCents: 5_000, bonusCents: 1_000 }],
  ] as const)('%s', (_name, payload, expected) => {
    const { entries } = entriesAfter([['2026-11-24T16:00:00.000Z', payload]]);
    const rows = rechargeRowsOf(entries, shiftId, names);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...expected, at: '2026-11-24T16:00:00.000Z', cashier: 'Carla', memberNo: entries[0]!.memberNo });
  });

  it('lists oldest first, by the order number when two share an instant', () => {
    const { entries } = entriesAfter([
      ['2026-11-24T18:00:00.000Z', cashRecharge(BETO, 100, 5)],
      ['2026-11-24T17:00:00.000Z', cashRecharge(ANA, 200, 6)],
      ['2026-11-24T17:00:00.000Z', cashRecharge(BETO, 300, 7)],
    ]);
    expect(rechargeRowsOf([...entries].reverse(), shiftId, names).map((r) => r.amountCents)).toEqual([200, 300, 100]);
  });

  it('leaves out moves that are not recharges, recharges of another shift, and an entry read twice', () => {
    const { state, entries } = entriesAfter([['2026-11-24T16:00:00.000Z', cashRecharge(BETO, 700, 8)]]);
    const adjust = exec(state, 'member.adjust', { memberId: BETO, entryId: '00000000-0000-4000-8000-00000000a001', cents: -100, reason: 'error' }).events.find((e) => e.type === 'member.ledgerEntered');
    const recharge = entries[0]!;
    const foreign = { ...recharge, id: 'other-entry', recharge: { ...recharge.recharge!, shiftId: 'sh-other' } };
    const input = [recharge, recharge, foreign, ...(adjust?.type === 'member.ledgerEntered' ? [adjust.entry] : [])];
    expect(input).toHaveLength(4);
    expect(rechargeRowsOf(input, shiftId, names).map((r) => r.entryId)).toEqual([recharge.id]);
    expect(rechargeRowsOf([], shiftId, names)).toEqual([]);
  });
});
