import { describe, expect, it } from 'vitest';
import type { Bill, BillCorrections, CorrectionRequest, EventOf, State } from '#protocol';
import { applyAll } from '#hub/domain/apply.ts';
import { correct, fiscalState, refund, VOID } from '#hub/domain/bills/test-bills.ts';
import { testBill } from '#hub/domain/einvoice/test-bills.ts';
import { getOwn } from '#hub/domain/records.ts';
import { blockerOf, clampPick, defaultMethod, refundCents, refundLines, requestOf } from './correction.ts';

/**
 * The void/refund dialog's rules. The amount it shows is checked against the
 * hub's own decision (hub/domain/bills): what the dialog says goes back is
 * what the credit note carries, after every earlier refund too.
 */

/** 2 ceviches at S/ 32 (one gifted), 3 chichas at S/ 6, a lomo at S/ 38 with S/ 8 off; 10 % off the order; S/ 5 tip. */
const dinner = (): Bill =>
  testBill(
    [
      { price: 3200, qty: 2, gifted: 1, name: 'Ceviche' },
      { price: 600, qty: 3, name: 'Chicha morada' },
      { price: 3800, qty: 1, discount: 800, name: 'Lomo saltado' },
    ],
    { orderDiscount: { kind: 'percent', percent: 10 }, tip: 500 },
  );

const corrections = (s: State, billId: string): BillCorrections | null => getOwn(s.billCorrections, billId) ?? null;

/** Runs the hub's rules on a request; returns the state after and the amount the hub recorded. */
function hubDecides(s: State, bill: Bill, request: CorrectionRequest): { state: State; amountCents: number } {
  const d = correct(s, bill, request);
  if (!d.ok) throw new Error(d.code);
  const event = d.events.find((e): e is EventOf<'bill.corrected'> => e.type === 'bill.corrected');
  return { state: applyAll(s, d.events), amountCents: event?.correction.amountCents ?? -1 };
}

describe('the amount shown is the amount the hub records', () => {
  const bill = dinner();
  const sequences: { name: string; steps: CorrectionRequest[] }[] = [
    { name: 'a void of the whole bill (tip included)', steps: [VOID] },
    { name: 'one chicha', steps: [refund([{ lineId: 'l-2', qty: 1 }])] },
    { name: 'the lomo with its own discount', steps: [refund([{ lineId: 'l-3', qty: 1 }])] },
    { name: 'three chichas one by one, then a void of the rest', steps: [refund([{ lineId: 'l-2', qty: 1 }]), refund([{ lineId: 'l-2', qty: 1 }]), refund([{ lineId: 'l-2', qty: 1 }]), VOID] },
    { name: 'the charged ceviche and a chicha, then the lomo', steps: [refund([{ lineId: 'l-1', qty: 1 }, { lineId: 'l-2', qty: 1 }]), refund([{ lineId: 'l-3', qty: 1 }])] },
  ];
  it.each(sequences)('$name', ({ steps }) => {
    let s = fiscalState();
    let total = 0;
    for (const step of steps) {
      const shown = refundCents(bill, corrections(s, bill.id), step);
      const decided = hubDecides(s, bill, step);
      expect(shown).toBe(decided.amountCents);
      total += shown;
      s = decided.state;
    }
    // Ending with a void, everything went back: exactly the bill's total.
    if (steps.at(-1)?.kind === 'void') expect(total).toBe(bill.totalCents);
  });
});

describe('what may still go back', () => {
  it('only charged portions (a gifted one was never paid), less earlier refunds', () => {
    const bill = dinner();
    const s = hubDecides(fiscalState(), bill, refund([{ lineId: 'l-2', qty: 2 }])).state;
    const lines = refundLines(bill, corrections(s, bill.id), (l) => l.names.es);
    expect(lines.map((l) => [l.name, l.qty, l.remaining])).toEqual([
      ['Ceviche', 1, 1],
      ['Chicha morada', 3, 1],
      ['Lomo saltado', 1, 1],
    ]);
    expect(clampPick(lines, 'l-2', 5)).toBe(1);
    expect(clampPick(lines, 'l-2', -1)).toBe(0);
    expect(clampPick(lines, '__proto__', 1)).toBe(0);
    expect(clampPick(lines, 'l-2', 0.7)).toBe(0);
  });
});

describe('the request and what blocks it', () => {
  it.each([
    ['a void with a reason', requestOf('void', { 'l-2': 2 }, '  Cliente se retiró ', 'cash'), false, null, []],
    ['a void without a reason', requestOf('void', {}, '   ', 'cash'), false, 'reasonRequired', []],
    ['a refund with no portion', requestOf('refund', { 'l-2': 0 }, 'Frío', 'yape'), false, 'pickLines', []],
    ['a refund of two chichas', requestOf('refund', { 'l-2': 2, 'l-3': 0 }, 'Frío', 'yape'), false, null, [{ lineId: 'l-2', qty: 2 }]],
    ['anything on a voided bill', requestOf('void', {}, 'x', 'cash'), true, 'voided', []],
  ] as const)('%s', (_label, req, voided, blocker, lines) => {
    expect(blockerOf(req, voided)).toBe(blocker);
    expect(req.lines).toEqual(lines);
    expect(req.reason).toBe(req.reason.trim());
  });

  it('money goes back the way it came, or in cash when the bill was paid several ways', () => {
    expect(defaultMethod({ ...dinner(), payMethod: 'yape' })).toBe('yape');
    expect(defaultMethod({ ...dinner(), payMethod: 'mixed' })).toBe('cash');
  });
});
