import { describe, expect, it } from 'vitest';
import type { PaymentInput } from '#protocol';
import { parsePercent, parseRate, settleRefusal, summarize } from './draft.ts';

const NOW = '2025-03-14T19:30:00.000Z';
const RATE = { day: '2025-03-14', rateMilli: 3750, setBy: null };
const NOTE = { kind: 'note', docId: '', name: '' } as const;

describe('the till draft', () => {
  it.each<[string, PaymentInput[], number, { paidCents: number; leftCents: number; changeCents: number }]>([
    ['nothing yet', [], 7000, { paidCents: 0, leftCents: 7000, changeCents: 0 }],
    ['card then cash with change', [{ method: 'visa', amountCents: 3000 }, { method: 'cash', amountCents: 5000 }], 7000, { paidCents: 8000, leftCents: 0, changeCents: 1000 }],
    ['US$ 20 at 3.750', [{ method: 'usd', usdCents: 2000 }], 7000, { paidCents: 7500, leftCents: 0, changeCents: 500 }],
  ])('%s', (_n, payments, due, expected) => {
    expect(summarize({ payments, rate: RATE, now: NOW }, due)).toMatchObject(expected);
  });

  it.each<[string, PaymentInput[], string | null]>([
    ['exact card', [{ method: 'visa', amountCents: 7000 }], null],
    ['card over the total', [{ method: 'visa', amountCents: 7100 }], 'CHANGE_ONLY_FROM_CASH'],
    ['Yape without an operation', [{ method: 'yape', amountCents: 7000 }], 'OPERATION_NO_REQUIRED'],
    ['balance (the member and the balance are checked by the hub)', [{ method: 'balance', amountCents: 7000 }], null],
    ['short', [{ method: 'cash', amountCents: 6999 }], 'AMOUNT_TOO_LOW'],
  ])('the hub rules say %s -> %s', (_n, payments, code) => {
    expect(settleRefusal({ payments, rate: RATE, now: NOW }, NOTE, 7000, 7000)?.code ?? null).toBe(code);
  });

  it.each([
    ['10', 10],
    ['-10', 10],
    ['- 5 %', 5],
    ['99', 99],
    ['100', null],
    ['-999', null],
    ['abc', null],
  ])('percent %j -> %j', (input, value) => expect(parsePercent(input)).toBe(value));

  it.each([
    ['3.745', 3745],
    ['3,75', 3750],
    ['3', 3000],
    ['0.5', null],
    ['3.7456', null],
  ])('rate %j -> %j', (input, value) => expect(parseRate(input)).toBe(value));
});
