import { describe, expect, it } from 'vitest';
import type { Bill, CommandPayload, DomainEvent, State } from '#protocol';
import { ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { applyAll } from '../apply.ts';
import { accountFiledBy } from '../archived.ts';
import { decide } from '../decide.ts';
import type { Decision } from '../decision.ts';
import { emptyState } from '../registry.ts';
import { emptyTotals, expectedByMethod } from '../shift/totals.ts';
import { paidBill, pay } from '../shift/test-shift.ts';
import { command, ctxAt } from '../test-fixtures.ts';

/**
 * On-account debts as pure rules (README.md here): opening one from a
 * settled bill, paying it in parts or at once, change only from cash,
 * writing it off only with a manager, and nothing changing on a refusal.
 */

const SETTLED_AT = '2026-03-03T03:30:00.000Z'; // 22:30 on 2 March in Lima
const LATER = '2026-03-10T15:00:00.000Z';
const OWED = 4_500;

/** A bill of S/ 60 paid S/ 15 cash and S/ 45 on account by Rosa. */
function accountBill(no = 1, extra: Partial<Bill> = {}): Bill {
  const onAccount = { ...pay('onAccount', OWED), person: 'Rosa Quispe', contact: '987654321' };
  return paidBill(no, 6_000, [pay('cash', 1_500), onAccount], 0, { paidAt: SETTLED_AT, isAccount: 1, ...extra });
}

/** One staff member per preset role (id = role), the bill settled on account, and a shift open since (money is taken only in one). */
function restaurant(...bills: Bill[]): State {
  const events: DomainEvent[] = [
    ...ROLE_PRESET_IDS.map((id): DomainEvent => ({ type: 'role.saved', role: { id, name: '', aliases: [...ROLE_PRESETS[id]] } })),
    ...ROLE_PRESET_IDS.map((id, i): DomainEvent => ({ type: 'staff.saved', staff: { id, name: id, code: String(i + 1), roleId: id } })),
    ...bills.map((bill): DomainEvent => ({ type: 'order.settled', bill })),
    { type: 'shift.opened', shift: { id: 'sh-0', openedAt: SETTLED_AT, openedBy: 'cashier', floatCents: 0, totals: emptyTotals(), moves: [] } },
  ];
  return applyAll(emptyState(), events);
}

const settle = (s: State, payload: CommandPayload<'account.settle'>, staffId = 'cashier'): Decision =>
  decide(s, command('account.settle', payload), ctxAt(LATER, staffId));
const writeOff = (s: State, billId: string, staffId: string, approver: string | null = null): Decision =>
  decide(s, command('account.writeOff', { billId, reason: 'Se mudó de ciudad' }), { ...ctxAt(LATER, staffId), approver });
/** Decides and applies, failing loudly on a refusal. */
function step(s: State, d: Decision): State {
  if (!d.ok) throw new Error(`refused ${d.code} ${d.message ?? ''}`);
  return applyAll(s, d.events);
}

describe('a bill settled on account opens a debt', () => {
  it('keeps the on-account part, the person, the contact and the archive day', () => {
    const s = restaurant(accountBill());
    expect(s.accounts['o-1']).toEqual({
      billId: 'o-1',
      billNo: 1,
      day: '2026-03-02',
      person: 'Rosa Quispe',
      contact: '987654321',
      owedCents: OWED,
      paidCents: 0,
      payments: [],
      openedAt: SETTLED_AT,
    });
  });

  it.each<[string, Bill]>([
    ['a bill paid in cash', paidBill(2, 6_000, [pay('cash', 6_000)])],
    ['a withdrawn order', accountBill(3, { deleted: 2 })],
  ])('none for %s', (_name, bill) => {
    expect(restaurant(bill).accounts).toEqual({});
  });

  it('none in a replica whose person may not see debts (the slice is left out)', () => {
    const { accounts: _hidden, ...replica } = restaurant();
    const after = applyAll(replica as State, [{ type: 'order.settled', bill: accountBill() }]);
    expect(after.accounts).toBeUndefined();
  });
});

describe('account.settle', () => {
  const s = restaurant(accountBill());

  it.each<[string, CommandPayload<'account.settle'>['payments'], number, number]>([
    // name, payments, paid so far after, change
    ['part in cash', [{ method: 'cash', amountCents: 2_000 }], 2_000, 0],
    ['part by Yape with its operation number', [{ method: 'yape', amountCents: 1_000, operationNo: '00123456' }], 1_000, 0],
    ['part by card and part in cash', [{ method: 'visa', amountCents: 1_000 }, { method: 'cash', amountCents: 500 }], 1_500, 0],
  ])('%s: the debt stays open with what was paid', (_name, payments, paid, change) => {
    const d = settle(s, { billId: 'o-1', payments });
    expect(d).toMatchObject({ ok: true, result: { changeCents: change } });
    const after = step(s, d);
    expect(after.accounts['o-1']).toMatchObject({ owedCents: OWED, paidCents: paid });
    expect(after.accounts['o-1']!.payments.every((p) => p.by === 'cashier' && p.at === LATER)).toBe(true);
  });

  it.each<[string, CommandPayload<'account.settle'>['payments'], number, number]>([
    ['exactly, by card', [{ method: 'mastercard', amountCents: OWED }], OWED, 0],
    ['with a S/ 50 note: S/ 5 change', [{ method: 'cash', amountCents: 5_000 }], OWED, 500],
    ['card S/ 40 and a S/ 10 note: S/ 5 change out of the cash', [{ method: 'visa', amountCents: 4_000 }, { method: 'cash', amountCents: 1_000 }], OWED, 500],
  ])('in full %s: the debt leaves the live state, filed with who and when', (_name, payments, paid, change) => {
    const d = settle(s, { billId: 'o-1', payments });
    expect(d).toMatchObject({ ok: true, result: { changeCents: change } });
    if (!d.ok) return;
    const after = step(s, d);
    expect(after.accounts).toEqual({});
    const filed = accountFiledBy(d.events[0]!);
    expect(filed).toMatchObject({ billId: 'o-1', state: 'settled', accountFlag: 1, paidCents: paid, closedAt: LATER, closedBy: 'cashier' });
    expect(filed!.payments.reduce((sum, p) => sum + p.amountCents, 0)).toBe(OWED);
  });

  it('a second payment pays off what the first left', () => {
    const half = step(s, settle(s, { billId: 'o-1', payments: [{ method: 'cash', amountCents: 2_000 }] }));
    expect(settle(half, { billId: 'o-1', payments: [{ method: 'visa', amountCents: 2_501 }] })).toMatchObject({ ok: false, code: 'DEBT_OVERPAID' });
    const paid = step(half, settle(half, { billId: 'o-1', payments: [{ method: 'visa', amountCents: 2_500 }] }));
    expect(paid.accounts).toEqual({});
  });

  it.each<[string, CommandPayload<'account.settle'>, string]>([
    ['more than owed by card', { billId: 'o-1', payments: [{ method: 'visa', amountCents: OWED + 1 }] }, 'DEBT_OVERPAID'],
    ['a card that alone covers it, with cash that would all be change', { billId: 'o-1', payments: [{ method: 'visa', amountCents: OWED }, { method: 'cash', amountCents: 1_000 }] }, 'DEBT_OVERPAID'],
    ['Yape without its operation number', { billId: 'o-1', payments: [{ method: 'yape', amountCents: 1_000 }] }, 'OPERATION_NO_REQUIRED'],
    ['a transfer with a bad operation number', { billId: 'o-1', payments: [{ method: 'transfer', amountCents: 1_000, operationNo: '<x>' }] }, 'OPERATION_NO_REQUIRED'],
    ['an unknown bill', { billId: 'o-404', payments: [{ method: 'cash', amountCents: 100 }] }, 'DEBT_NOT_FOUND'],
    ['a bill paid in cash (no debt)', { billId: 'o-2', payments: [{ method: 'cash', amountCents: 100 }] }, 'DEBT_NOT_FOUND'],
    ['__proto__', { billId: '__proto__', payments: [{ method: 'cash', amountCents: 100 }] }, 'DEBT_NOT_FOUND'],
    ['constructor', { billId: 'constructor', payments: [{ method: 'cash', amountCents: 100 }] }, 'DEBT_NOT_FOUND'],
  ])('refuses %s and changes nothing', (_name, payload, code) => {
    const before = restaurant(accountBill(), paidBill(2, 6_000, [pay('cash', 6_000)]));
    const d = settle(before, payload);
    expect(d).toMatchObject({ ok: false, code });
    expect(Object.keys(before.accounts)).toEqual(['o-1']);
  });

  it('two full payments sent at once: the hub decides them one after the other, the second finds no debt', () => {
    const first = settle(s, { billId: 'o-1', payments: [{ method: 'cash', amountCents: OWED }] });
    const after = step(s, first);
    expect(settle(after, { billId: 'o-1', payments: [{ method: 'cash', amountCents: OWED }] })).toMatchObject({ ok: false, code: 'DEBT_NOT_FOUND' });
  });

  it('refuses collecting a debt with no shift open (the money would be in no drawer), and changes nothing', () => {
    const closed = { ...s, openShift: null };
    expect(settle(closed, { billId: 'o-1', payments: [{ method: 'cash', amountCents: 100 }] })).toEqual({ ok: false, code: 'NO_OPEN_SHIFT' });
    expect(closed.accounts['o-1']!.paidCents).toBe(0);
  });

  it('a waiter may not collect a debt (payment gate)', () => {
    expect(settle(s, { billId: 'o-1', payments: [{ method: 'cash', amountCents: 100 }] }, 'waiter')).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'payment' });
  });

  it('money collected counts in the open shift (net of change), not as a sale', () => {
    const open = applyAll(s, [{ type: 'shift.opened', shift: { id: 'sh-1', openedAt: LATER, openedBy: 'cashier', floatCents: 10_000, totals: emptyTotals(), moves: [] } }]);
    const after = step(open, settle(open, { billId: 'o-1', payments: [{ method: 'cash', amountCents: 5_000 }] }));
    expect(after.openShift!.totals).toMatchObject({ salesCount: 0, salesCents: 0, receivedByMethod: { cash: OWED } });
    expect(expectedByMethod(after.openShift!).cash).toBe(10_000 + OWED);
  });
});

describe('account.writeOff (a manager approves)', () => {
  const s = restaurant(accountBill());

  it.each<[string, string, string | null, string | null]>([
    // name, actor, approver, who is recorded as approving (null: refused)
    ['a cashier alone is refused, asking for a manager', 'cashier', null, null],
    ['a cashier approved by another cashier is refused', 'cashier', 'cashier', null],
    ['a cashier approved by a waiter is refused', 'cashier', 'waiter', null],
    ['a cashier approved by a manager', 'cashier', 'manager', 'manager'],
    ['a cashier approved by the owner', 'cashier', 'owner', 'owner'],
    ['a manager on their own', 'manager', null, 'manager'],
  ])('%s', (_name, actor, approver, approvedBy) => {
    const d = writeOff(s, 'o-1', actor, approver);
    if (approvedBy === null) {
      expect(d).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'refund' });
      return;
    }
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(accountFiledBy(d.events[0]!)).toMatchObject({ state: 'writtenOff', accountFlag: 2, approvedBy, closedBy: actor, reason: 'Se mudó de ciudad', closedAt: LATER });
    expect(step(s, d).accounts).toEqual({});
  });

  it('what was paid before stays on the written-off debt', () => {
    const half = step(s, settle(s, { billId: 'o-1', payments: [{ method: 'cash', amountCents: 2_000 }] }));
    const d = writeOff(half, 'o-1', 'manager');
    expect(d.ok && accountFiledBy(d.events[0]!)).toMatchObject({ paidCents: 2_000, owedCents: OWED });
  });

  it('a written-off debt can no longer be settled, nor written off again', () => {
    const gone = step(s, writeOff(s, 'o-1', 'manager'));
    expect(settle(gone, { billId: 'o-1', payments: [{ method: 'cash', amountCents: 100 }] })).toMatchObject({ ok: false, code: 'DEBT_NOT_FOUND' });
    expect(writeOff(gone, 'o-1', 'manager')).toMatchObject({ ok: false, code: 'DEBT_NOT_FOUND' });
  });

  it.each(['__proto__', 'constructor', 'o-404'])('refuses the bill id %s', (billId) => {
    expect(writeOff(s, billId, 'manager')).toMatchObject({ ok: false, code: 'DEBT_NOT_FOUND' });
  });
});
