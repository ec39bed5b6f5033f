import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandPayload, PaymentInput, SaleDocument, State } from '#protocol';
import { parseCommand } from '#protocol';
import { applyAll } from '../apply.ts';
import { ctxAt, decideOn, deepFreeze, LATER, orderAt, uid } from '../test-fixtures.ts';
import { splitEvenly } from './split.ts';

/** orderAt('sent'): S/ 70.00 due on S1. */
const ORDER = uid(1);
const DUE = 7000;
const NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };

function settleSplit(s: State, split: number[] | undefined, payments: PaymentInput[]) {
  const payload: CommandPayload<'order.settle'> = { orderId: ORDER, payments, ...(split ? { split } : {}), document: NOTE, print: false };
  return decideOn(s, 'order.settle', payload, ctxAt(LATER, 'cajera-2'));
}

describe('splitEvenly: shares add up to the amount due and differ by at most one céntimo', () => {
  const totals = [0, 1, 2, 99, 100, 101, 7000, 10001, 10000, 12345, 99999, 100003, 3333333];
  const cases = totals.flatMap((due) => [1, 2, 3, 4, 5, 6, 7].map((people) => ({ due, people })));
  it.each(cases)('S/ $due céntimos by $people', ({ due, people }) => {
    const shares = splitEvenly(due, people);
    expect(shares).toHaveLength(people);
    expect(shares.reduce((n, c) => n + c, 0)).toBe(due);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    // The odd céntimos go to the first shares: never a larger share after a smaller one.
    for (let i = 1; i < shares.length; i++) expect(shares[i]!).toBeLessThanOrEqual(shares[i - 1]!);
    expect(shares.every((c) => Number.isInteger(c) && c >= 0)).toBe(true);
  });
  it('S/ 100.01 by 3 is 33.34, 33.34, 33.33', () => expect(splitEvenly(10001, 3)).toEqual([3334, 3334, 3333]));
});

describe('order.settle with a split: each share paid like a bill of its own, all or nothing', () => {
  const cases: { name: string; split?: number[]; payments: PaymentInput[]; code?: string; field?: string; change?: number }[] = [
    { name: 'two even shares, cash and Yape', split: [3500, 3500], payments: [{ method: 'cash', amountCents: 5000, share: 0 }, { method: 'yape', amountCents: 3500, operationNo: '1234', share: 1 }], change: 1500 },
    { name: 'three typed amounts, one share paid with two methods', split: [4000, 2000, 1000], payments: [{ method: 'visa', amountCents: 4000, share: 0 }, { method: 'cash', amountCents: 1000, share: 1 }, { method: 'plin', amountCents: 1000, operationNo: 'AB-12', share: 1 }, { method: 'cash', amountCents: 1000, share: 2 }], change: 0 },
    { name: 'shares one céntimo short of the bill', split: [3500, 3499], payments: [{ method: 'cash', amountCents: 3500, share: 0 }, { method: 'cash', amountCents: 3500, share: 1 }], code: 'SPLIT_SUM_MISMATCH', field: 'split' },
    { name: 'shares one céntimo past the bill', split: [3500, 3501], payments: [{ method: 'cash', amountCents: 3500, share: 0 }, { method: 'cash', amountCents: 3501, share: 1 }], code: 'SPLIT_SUM_MISMATCH', field: 'split' },
    { name: 'a share left unpaid though the total is reached', split: [3500, 3500], payments: [{ method: 'cash', amountCents: 7000, share: 0 }], code: 'AMOUNT_TOO_LOW', field: 'split.1' },
    { name: 'a card paying past its share (change from a card), total exact', split: [3500, 3500], payments: [{ method: 'visa', amountCents: 4000, share: 0 }, { method: 'cash', amountCents: 3000, share: 1 }], code: 'CHANGE_ONLY_FROM_CASH', field: 'split.0' },
    { name: 'a payment naming a share the bill lacks', split: [3500, 3500], payments: [{ method: 'cash', amountCents: 3500, share: 0 }, { method: 'cash', amountCents: 3500, share: 2 }], code: 'SPLIT_SHARE_UNKNOWN', field: 'payments.1' },
    { name: 'a share named on a bill not split', payments: [{ method: 'cash', amountCents: 7000, share: 1 }], code: 'SPLIT_SHARE_UNKNOWN', field: 'payments' },
  ];
  it.each(cases)('$name', ({ split, payments, code, field, change }) => {
    const before = deepFreeze(orderAt('sent'));
    const d = settleSplit(before, split, payments);
    if (code) {
      expect(d).toEqual({ ok: false, code, message: field });
      return;
    }
    if (!d.ok) throw new Error(d.code);
    const event = d.events[0];
    if (event?.type !== 'order.settled') throw new Error('no bill');
    const bill = event.bill;
    expect(bill.changeCents).toBe(change);
    expect(bill.shares?.map((sh) => sh.amountCents)).toEqual(split);
    expect(bill.payments.map((p) => p.share)).toEqual(payments.map((p) => p.share));
    expect(applyAll(before, d.events).orders[ORDER]).toBeUndefined();
  });

  it('the schema refuses a split of one share, a negative share and more than 20 shares', () => {
    const base = { orderId: ORDER, payments: [], document: NOTE, print: false };
    // A whole envelope, so the refusal is the split's and not the envelope's.
    const envelope = (split: number[]) => ({ id: uid(9), type: 'order.settle', payload: { ...base, split }, deviceId: 'till-1', at: LATER });
    expect(parseCommand(envelope([3500, 3500])).ok).toBe(true);
    for (const split of [[7000], [7100, -100], Array.from({ length: 21 }, () => 1)]) {
      expect(parseCommand(envelope(split)).ok).toBe(false);
    }
  });

  it('a bill settled together keeps no shares and no share on its payments', () => {
    const d = settleSplit(orderAt('sent'), undefined, [{ method: 'cash', amountCents: DUE }]);
    if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error('refused');
    expect(d.events[0].bill.shares).toBeUndefined();
    expect(d.events[0].bill.payments[0]).not.toHaveProperty('share');
  });
});

describe('property: a settled split bill keeps shares that add up to what was paid', () => {
  const METHODS = ['cash', 'visa', 'yape'] as const;
  it('for any number of shares, split evenly or typed, and any payments per share', () => {
    const shareArb = fc.record({ cashOver: fc.nat(3000), method: fc.constantFrom(...METHODS), parts: fc.integer({ min: 1, max: 3 }) });
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.boolean(), fc.array(fc.nat(DUE), { minLength: 6, maxLength: 6 }), fc.array(shareArb, { minLength: 7, maxLength: 7 }), (n, even, cuts, how) => {
        // Typed amounts: cut points over the amount due, so they always add up to it.
        const points = [0, ...cuts.slice(0, n - 1).sort((a, b) => a - b), DUE];
        const split = even ? splitEvenly(DUE, n) : points.slice(1).map((p, i) => p - points[i]!);
        const payments: PaymentInput[] = split.flatMap((amount, share) => {
          const h = how[share]!;
          const method = h.method;
          if (amount === 0) return [];
          const first = Math.ceil(amount / h.parts);
          const pieces = [first, amount - first].filter((c) => c > 0);
          return pieces.map((c, k): PaymentInput => {
            const last = k === pieces.length - 1;
            const cents = method === 'cash' && last ? c + h.cashOver : c;
            return method === 'yape' ? { method, amountCents: cents, operationNo: '9999', share } : { method, amountCents: cents, share };
          });
        });
        const d = settleSplit(orderAt('sent'), split, payments);
        if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error(d.ok ? 'no bill' : d.code);
        const bill = d.events[0].bill;
        const shares = bill.shares ?? [];
        expect(shares.reduce((s, x) => s + x.amountCents, 0)).toBe(bill.dueCents);
        expect(shares.reduce((s, x) => s + x.paidCents, 0)).toBe(bill.receivedCents);
        expect(shares.reduce((s, x) => s + x.paidCents - x.changeCents, 0)).toBe(bill.receivedCents - bill.changeCents);
        for (const [i, x] of shares.entries()) {
          const paid = bill.payments.filter((p) => p.share === i).reduce((s, p) => s + p.amountCents, 0);
          expect(x.paidCents).toBe(paid);
          expect(x.paidCents - x.changeCents).toBe(x.amountCents);
        }
      }),
      { numRuns: 300 },
    );
  });
});
