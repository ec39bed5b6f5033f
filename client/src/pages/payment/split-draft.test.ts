import { describe, expect, it } from 'vitest';
import type { PaymentInput } from '#protocol';
import { settleRefusal, summarizeShare } from './draft.ts';
import { NOT_SPLIT, sharesOf, unassignedCents, withPeople, type SplitDraft } from './split-draft.ts';

const NOW = '2025-03-14T19:30:00.000Z';
const NOTE = { kind: 'note', docId: '', name: '' } as const;
const amounts = (typed: string[]): SplitDraft => ({ mode: 'amount', people: typed.length, typed });

describe('the till split draft', () => {
  it.each<[string, SplitDraft, number, number[] | null]>([
    ['together', NOT_SPLIT, 10001, null],
    ['by 3 people, S/ 100.01', { mode: 'people', people: 3, typed: [] }, 10001, [3334, 3334, 3333]],
    ['typed amounts that add up', amounts(['40', '30.01', '30']), 10001, [4000, 3001, 3000]],
    ['one typed, two blanks share the rest', amounts(['40', '', '']), 10001, [4000, 3001, 3000]],
    ['typed amounts short of the bill', amounts(['40', '30']), 10001, [4000, 3000]],
    ['typed amounts past the bill: blanks take nothing', amounts(['90', '20', '']), 10001, [9000, 2000, 0]],
    ['unreadable amounts count as blank', amounts(['abc', '50']), 10001, [5001, 5000]],
  ])('%s', (_n, draft, due, shares) => {
    expect(sharesOf(draft, due)).toEqual(shares);
  });

  it('what the shares leave unassigned', () => {
    expect(unassignedCents([4000, 3000], 10001)).toBe(3001);
    expect(unassignedCents([9000, 2000, 0], 10001)).toBe(-999);
    expect(unassignedCents(null, 10001)).toBe(0);
  });

  it('more or fewer shares keep what was typed, between 2 and 20', () => {
    expect(withPeople(amounts(['40', '30']), 3).typed).toEqual(['40', '30', '']);
    expect(withPeople(amounts(['40', '30', '5']), 2).typed).toEqual(['40', '30']);
    expect(withPeople(NOT_SPLIT, 1).people).toBe(2);
    expect(withPeople(NOT_SPLIT, 40).people).toBe(20);
  });

  it('the till refuses what the hub would: a share unpaid, shares not adding up', () => {
    const paid: PaymentInput[] = [{ method: 'cash', amountCents: 5000, share: 0 }, { method: 'visa', amountCents: 5001, share: 1 }];
    const d = { payments: paid, rate: null, now: NOW };
    expect(settleRefusal({ ...d, split: [6001, 4000], payments: [{ method: 'cash', amountCents: 6001, share: 0 }, paid[1]!] }, NOTE, 10001, 10001)?.code).toBe('CHANGE_ONLY_FROM_CASH');
    expect(settleRefusal({ ...d, split: [5001, 5000] }, NOTE, 10001, 10001)?.code).toBe('AMOUNT_TOO_LOW');
    expect(settleRefusal({ ...d, split: [5000, 5001] }, NOTE, 10001, 10001)).toBeNull();
    expect(settleRefusal({ ...d, split: [5000, 5000] }, NOTE, 10001, 10001)?.code).toBe('SPLIT_SUM_MISMATCH');
    expect(settleRefusal({ ...d, payments: paid.slice(0, 1), split: [5000, 5001] }, NOTE, 10001, 10001)?.code).toBe('AMOUNT_TOO_LOW');
    expect(summarizeShare({ ...d, split: [5000, 5001] }, 1, 5001)).toMatchObject({ paidCents: 5001, leftCents: 0 });
  });
});
