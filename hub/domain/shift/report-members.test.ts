import { describe, expect, it } from 'vitest';
import type { CommandPayload, RechargeDetailRow, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { ctxAt, decideOn, exec, uid } from '../test-fixtures.ts';
import { ANA, BETO, cashRecharge, membersState } from '../members/test-members.ts';
import { expectedByMethod, rechargePayMethod, rechargesTakenCents } from './totals.ts';
import { shiftReportOf } from './report.ts';
import { emptyFigures } from '../reports/figures.ts';
import { zReportText } from '../../jobs/printing/z-report-text.ts';

/**
 * Member recharges in the shift (issue 22): money at the till under its method, never a sale;
 * balance moves that are not recharges (adjustments) move no drawer money.
 */

const recharge = (n: number, extra: Partial<CommandPayload<'member.recharge'>>): CommandPayload<'member.recharge'> => ({ ...cashRecharge(BETO, 1_000, 40 + n), ...extra });
const SCAN = { method: 3, operationNo: '55667788' } as const;
const REMIT = { method: 4, bank: 'BCP', cardNo: '1234', certificate: 'T-1' } as const;

function run(steps: readonly CommandPayload<'member.recharge'>[]): State {
  let s = membersState(); // Ana's S/ 100 cash recharge is already in the open shift
  for (const p of steps) s = exec(s, 'member.recharge', p, ctxAt()).state;
  return s;
}

describe('recharges in the shift', () => {
  it.each([
    ['nothing more', [], { cash: 10_000 }, 1],
    ['cash', [recharge(1, { amountCents: 2_500 })], { cash: 12_500 }, 2],
    ['by scan code (Yape/Plin)', [recharge(2, { amountCents: 3_000, ...SCAN })], { cash: 10_000, yape: 3_000 }, 2],
    ['by remittance', [recharge(3, { amountCents: 4_000, ...REMIT })], { cash: 10_000, transfer: 4_000 }, 2],
    ['with a bonus (credit, not money)', [recharge(4, { amountCents: 5_000, bonusCents: 1_000 })], { cash: 15_000 }, 2],
    ['each method', [recharge(5, { amountCents: 100 }), recharge(6, { amountCents: 200, ...SCAN }), recharge(7, { amountCents: 300, ...REMIT })], { cash: 10_100, yape: 200, transfer: 300 }, 4],
  ] as const)('%s', (_label, steps, byMethod, count) => {
    const s = run(steps);
    const t = s.openShift!.totals;
    expect(t.rechargesByMethod).toEqual(byMethod);
    expect(t.rechargeCount).toBe(count);
    // Not a sale.
    expect(t.salesCount).toBe(0);
    expect(t.salesCents).toBe(0);
    expect(t.receivedByMethod).toEqual({});
    // Cash recharges are in the drawer; the others on their terminal.
    const expected = expectedByMethod(s.openShift!);
    const without = expectedByMethod({ ...s.openShift!, totals: { ...t, rechargesByMethod: {} } });
    expect(expected.cash! - without.cash!).toBe(byMethod.cash);
    expect(expected.yape ?? 0).toBe('yape' in byMethod ? byMethod.yape : 0);
    expect(expected.transfer ?? 0).toBe('transfer' in byMethod ? byMethod.transfer : 0);
    expect(rechargesTakenCents(t)).toBe(Object.values(byMethod).reduce((a, b) => a + b, 0));
  });

  it('an adjustment moves the balance, not the drawer', () => {
    const before = membersState();
    const s = exec(before, 'member.adjust', { memberId: ANA, entryId: uid(2450), cents: -2_000, reason: 'Cobro duplicado' }, { ...ctxAt(), approver: 'staff-mgr' }).state;
    expect(s.openShift!.totals).toEqual(before.openShift!.totals);
  });

  it('a recharge refused (no shift, bad input) leaves the totals unchanged', () => {
    const before = membersState();
    const d = decideOn(before, 'member.recharge', recharge(8, { amountCents: 100, method: 3 }), ctxAt());
    expect(d.ok ? null : d.code).toBe('OPERATION_NO_REQUIRED');
    expect(before.openShift!.totals.rechargeCount).toBe(1);
  });

  it('a recharge counted in another shift (its record names that shift) does not move this one', () => {
    const before = membersState();
    const made = exec(before, 'member.recharge', recharge(10, { amountCents: 900 }), ctxAt()).events[0]!;
    if (made.type !== 'member.ledgerEntered') throw new Error('no ledger event');
    const other = { ...made, entry: { ...made.entry, recharge: { ...made.entry.recharge!, shiftId: 'sh-other' } } };
    expect(applyAll(before, [other]).openShift!.totals).toEqual(before.openShift!.totals);
  });

  it('the shift report counts the recharges apart from the sales', () => {
    const s = run([recharge(9, { amountCents: 700, ...SCAN })]);
    const report = shiftReportOf({ shift: s.openShift!, figures: emptyFigures(), bills: [], corrections: [], register: 'Caja 1', restaurant: 'R', nameOf: () => '', writeOffs: { count: 0, cents: 0 } });
    expect(report.memberRechargeCount).toBe(2);
    expect(report.memberRechargeCents).toBe(10_700);
    expect(report.salesCents).toBe(0);
    expect(report.expectedCashCents).toBe(expectedByMethod(s.openShift!).cash);
  });

  it.each([[2, 'cash'], [3, 'yape'], [4, 'transfer']] as const)('recharge method %i is counted under %s', (method, pay) => {
    expect(rechargePayMethod(method)).toBe(pay);
  });
});

describe('recharges in the report and the Z report', () => {
  it('lists each method the recharges were counted under, and the Z report prints them under the recharges row', () => {
    const s = run([recharge(11, { amountCents: 300, ...SCAN }), recharge(12, { amountCents: 400, ...REMIT })]);
    const report = shiftReportOf({ shift: s.openShift!, figures: emptyFigures(), bills: [], corrections: [], register: 'Caja 1', restaurant: 'R', nameOf: () => '', writeOffs: { count: 0, cents: 0 } });
    expect(report.rechargesByMethod).toEqual([
      { method: 'cash', cents: 10_000 },
      { method: 'yape', cents: 300 },
      { method: 'transfer', cents: 400 },
    ]);
    const lines = zReportText(report, 'es').split('\n');
    const at = lines.findIndex((l) => l.startsWith('Recargas'));
    expect(lines[at]).toMatch(/\(3\).*107\.00/);
    expect(lines[at + 1]).toMatch(/^ +Efectivo.*100\.00/);
    expect(lines[at + 3]).toMatch(/^ +Transferencia.*4\.00/);
  });
});

describe('the Z report lists each recharge (member recharge details)', () => {
  const row = (over: Partial<RechargeDetailRow>): RechargeDetailRow => ({ entryId: 'e1', orderNo: 7, at: '2026-11-24T20:05:00.000Z', memberNo: '000042', memberName: 'Ana P.', method: 3, payMethod: 'yape', amountCents: 5_000, bonusCents: 0, reference: 'YP-778899', bank: '', cashier: 'Carla', ...over });
  const base = () => ({ ...shiftReportOf({ shift: membersState().openShift!, figures: emptyFigures(), bills: [], corrections: [], register: 'Caja 1', restaurant: 'R', nameOf: () => 'Carla', writeOffs: { count: 0, cents: 0 } }) });
  it.each([
    ['a scan: time, order, member, then method with its operation no and the amount', [row({})], ['15:05 #7 000042 Ana P.', /^ +Yape YP-778899 +S\/ 50\.00$/]],
    ['a bonus and another cashier get their own lines', [row({ method: 2, payMethod: 'cash', reference: '', bonusCents: 1_000, cashier: 'Luis' })], ['15:05 #7 000042 Ana P.', /^ +Efectivo +S\/ 50\.00$/, /^ +Bono +S\/ 10\.00$/, '  Cajero: Luis']],
    ['an erased member by number only', [row({ memberName: '' })], ['15:05 #7 000042', /^ +Yape YP-778899/]],
  ] as const)('%s', (_name, rows, expected) => {
    const lines = zReportText({ ...base(), rechargeDetails: [...rows] }, 'es').split('\n');
    const at = lines.indexOf('DETALLE DE RECARGAS DE SOCIOS');
    expect(at).toBeGreaterThan(0);
    expected.forEach((want, i) => (typeof want === 'string' ? expect(lines[at + 1 + i]).toBe(want) : expect(lines[at + 1 + i]).toMatch(want)));
  });
  it('prints no section when the shift took no recharge, or in a report made before the list', () => {
    expect(zReportText({ ...base(), rechargeDetails: [] }, 'es')).not.toContain('DETALLE DE RECARGAS');
    const { rechargeDetails: _gone, ...old } = { ...base(), rechargeDetails: undefined };
    expect(zReportText(old, 'zh')).not.toContain('会员充值明细');
  });
});
