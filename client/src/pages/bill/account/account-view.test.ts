import { describe, expect, it } from 'vitest';
import type { Debt, DebtMethod } from '#protocol';
import { groupByPerson, settlePreview } from './account-view.ts';

const debt = (billId: string, person: string, owedCents: number, paidCents = 0, openedAt = '2026-03-02T20:00:00.000Z'): Debt => ({
  billId,
  billNo: 1,
  day: '2026-03-02',
  person,
  contact: '987654321',
  owedCents,
  paidCents,
  payments: [],
  openedAt,
});

describe('groupByPerson', () => {
  const debts = [
    debt('a', 'Rosa Quispe', 2_000, 500, '2026-03-03T20:00:00.000Z'),
    debt('b', 'Juan Pérez', 1_000),
    debt('c', ' rosa  quispe', 3_000, 0, '2026-03-01T20:00:00.000Z'),
  ];

  it('one group per person (any case and spacing), the largest total owed first, each bill oldest first', () => {
    const groups = groupByPerson(debts);
    expect(groups.map((g) => [g.person, g.remainingCents, g.debts.map((d) => d.billId)])).toEqual([
      ['Rosa Quispe', 4_500, ['c', 'a']],
      ['Juan Pérez', 1_000, ['b']],
    ]);
  });

  it.each([
    ['rosa', ['Rosa Quispe']],
    ['PÉREZ', ['Juan Pérez']],
    ['nadie', []],
    ['', ['Rosa Quispe', 'Juan Pérez']],
  ])('search %j', (search, people) => {
    expect(groupByPerson(debts, search).map((g) => g.person)).toEqual(people);
  });
});

describe('settlePreview (the hub refuses the same overpayments)', () => {
  it.each<[DebtMethod, number, number, ReturnType<typeof settlePreview>]>([
    ['cash', 5_000, 4_500, { changeCents: 500, leftCents: 0, overpaid: false }],
    ['cash', 2_000, 4_500, { changeCents: 0, leftCents: 2_500, overpaid: false }],
    ['cash', 4_500, 4_500, { changeCents: 0, leftCents: 0, overpaid: false }],
    ['visa', 4_501, 4_500, { changeCents: 0, leftCents: 0, overpaid: true }],
    ['yape', 1_000, 4_500, { changeCents: 0, leftCents: 3_500, overpaid: false }],
  ])('%s %i of %i', (method, amount, remaining, expected) => {
    expect(settlePreview(method, amount, remaining)).toEqual(expected);
  });
});
