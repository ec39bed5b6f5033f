import { describe, expect, it } from 'vitest';
import type { CommandPayload, RefundStatus, State } from '#protocol';
import { REFUND_STATUS, refundRequestSchema } from '#protocol';
import { applyAll } from '../apply.ts';
import { expectedByMethod } from '../shift/totals.ts';
import { deepFreeze } from '../test-fixtures.ts';
import { REFUND_MOVES, type RefundMove } from './status-table.ts';
import { after, amount, BILL_DAY, boletaBill, FULL, lines, noteBill, REFUND_ID, refundAt, run, TOTAL, withShift } from './test-refunds.ts';

/**
 * Refunds (README.md here): every move from every status, allowed and refused (with its code
 * and an unchanged state), the application's checks, and the payout as the bill's correction
 * (amount, credit note, shift totals, the drawer bound).
 */

/** The live refund's status after building `s`, or 'gone' once it left (rejected 3, finished 6). */
const statusOf = (s: State): RefundStatus | 'gone' => s.refunds[REFUND_ID]?.status ?? 'gone';

/** Every starting point a move can meet: the three live statuses and the two that left the live state. */
const STARTS: [string, () => State][] = [
  ['1 applied', () => refundAt(1)],
  ['2 accepted', () => refundAt(2)],
  ['5 paid out', () => refundAt(5)],
  ['3 rejected', () => after(refundAt(1), 'refund.reject', { refundId: REFUND_ID, reason: 'Ya se consumió' })],
  ['6 finished', () => after(refundAt(5), 'refund.finish', { refundId: REFUND_ID })],
];
const PAYLOADS: { [K in RefundMove]: CommandPayload<K> } = {
  'refund.accept': { refundId: REFUND_ID },
  'refund.reject': { refundId: REFUND_ID, reason: 'No corresponde' },
  'refund.payOut': { refundId: REFUND_ID, bill: noteBill(), method: 'transfer', operationNo: 'OP-9' },
  'refund.finish': { refundId: REFUND_ID },
};
const ENDS: Record<RefundMove, RefundStatus | 'gone'> = { 'refund.accept': 2, 'refund.reject': 'gone', 'refund.payOut': 5, 'refund.finish': 'gone' };

describe('the status table: every move from every status', () => {
  const cases = (Object.keys(PAYLOADS) as RefundMove[]).flatMap((move) =>
    STARTS.map(([label, build]) => {
      const from = Number(label.slice(0, 1)) as RefundStatus;
      return { move, label, build, allowed: (REFUND_MOVES[move] as readonly number[]).includes(from), live: from !== 3 && from !== 6 };
    }),
  );
  it.each(cases)('$move from $label: allowed=$allowed', ({ move, build, allowed, live }) => {
    const s = deepFreeze(build());
    const before = JSON.stringify(s);
    const d = run(s, move, PAYLOADS[move] as never);
    if (allowed) {
      expect(d.ok).toBe(true);
      if (d.ok) expect(statusOf(applyAll(s, d.events))).toBe(ENDS[move]);
    } else {
      // A refund that left the live state is not found; a live one in the wrong status says so.
      expect(d).toMatchObject({ ok: false, code: live ? 'REFUND_BAD_STATUS' : 'REFUND_NOT_FOUND' });
    }
    expect(JSON.stringify(s)).toBe(before);
  });

  it('a rejected refund keeps the merchant reason and frees the bill for another application', () => {
    const s = after(refundAt(1), 'refund.reject', { refundId: REFUND_ID, reason: 'Ya se consumió' });
    expect(s.refunds).toEqual({});
    expect(s.refundOfBill).toEqual({});
    const d = run(s, 'refund.reject', { refundId: REFUND_ID, reason: 'x' });
    expect(d).toMatchObject({ ok: false, code: 'REFUND_NOT_FOUND' });
    const again = run(s, 'refund.apply', { refundId: '00000000-0000-4000-8000-0000000000b2', bill: noteBill(), billDay: BILL_DAY, request: FULL });
    expect(again.ok).toBe(true);
  });

  it('the filed event carries the whole refund as it ended', () => {
    const d = run(refundAt(1), 'refund.reject', { refundId: REFUND_ID, reason: 'Ya se consumió' });
    expect(d.ok && d.events[0]).toMatchObject({ type: 'refund.filed', refund: { status: REFUND_STATUS.rejected, rejectReason: 'Ya se consumió', decidedBy: 'staff-1' } });
  });
});

describe('refund.apply', () => {
  it('a full refund of a takeout bill: status 1, amount the whole bill, the takeout named, a code', () => {
    const s = refundAt(1);
    expect(s.refunds[REFUND_ID]).toMatchObject({ status: 1, kind: 'full', amountCents: TOTAL, takeoutId: 'tk-1', takeoutCode: 'T-0042', code: 'D-0001', billDay: BILL_DAY, contactPhone: '987654321' });
    expect(s.refundOfBill['o-1']).toBe(REFUND_ID);
    expect(s.refundNo).toBe(1);
  });

  it('by lines: those portions; by amount: that amount', () => {
    expect(refundAt(1, noteBill(), lines([{ lineId: 'l-2', qty: 2 }])).refunds[REFUND_ID]?.amountCents).toBe(1200);
    expect(refundAt(1, noteBill(), amount(1550)).refunds[REFUND_ID]?.amountCents).toBe(1550);
  });

  const open = refundAt(1);
  const cases: { name: string; state?: State; bill?: ReturnType<typeof noteBill>; request: CommandPayload<'refund.apply'>['request']; code: string }[] = [
    { name: 'a second open refund on the bill', state: open, request: FULL, code: 'REFUND_OPEN' },
    { name: 'lines with none picked', request: lines([]), code: 'REFUND_LINES_REQUIRED' },
    { name: 'an amount with no amount', request: { ...amount(1), amountCents: undefined }, code: 'REFUND_AMOUNT_REQUIRED' },
    { name: 'an amount past the bill', request: amount(TOTAL + 1), code: 'REFUND_TOO_LARGE' },
    { name: 'an amount on a boleta (its credit note lists items)', bill: boletaBill(), request: amount(100), code: 'REFUND_AMOUNT_NEEDS_LINES' },
    { name: '__proto__ as a line', request: lines([{ lineId: '__proto__', qty: 1 }]), code: 'REFUND_TOO_LARGE' },
    { name: 'more portions than sold', request: lines([{ lineId: 'l-1', qty: 3 }]), code: 'REFUND_TOO_LARGE' },
    { name: 'a withdrawn order', bill: noteBill({ deleted: 2 }), request: FULL, code: 'BILL_NOT_FOUND' },
    { name: 'something not shaped like a bill', bill: { id: '__proto__' } as never, request: FULL, code: 'BILL_NOT_FOUND' },
  ];
  it.each(cases)('refuses $name → $code, changing nothing', ({ state, bill, request, code }) => {
    const s = deepFreeze(state ?? withShift(100_000));
    const before = JSON.stringify(s);
    const d = run(s, 'refund.apply', { refundId: '00000000-0000-4000-8000-0000000000c3', bill: bill ?? noteBill(), billDay: BILL_DAY, request });
    expect(d).toMatchObject({ ok: false, code });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('refuses what is left after earlier payouts (nothing left, or the bill voided)', () => {
    // Everything given back by lines: a full refund has nothing left.
    const byLines = after(refundAt(5, noteBill(), lines([{ lineId: 'l-1', qty: 2 }, { lineId: 'l-2', qty: 3 }])), 'refund.finish', { refundId: REFUND_ID });
    expect(run(byLines, 'refund.apply', { refundId: '00000000-0000-4000-8000-0000000000d4', bill: noteBill(), billDay: BILL_DAY, request: FULL })).toMatchObject({ ok: false, code: 'REFUND_NOTHING_LEFT' });
    const whole = after(refundAt(5), 'refund.finish', { refundId: REFUND_ID });
    expect(run(whole, 'refund.apply', { refundId: '00000000-0000-4000-8000-0000000000d5', bill: noteBill(), billDay: BILL_DAY, request: amount(1) })).toMatchObject({ ok: false, code: 'BILL_ALREADY_VOIDED' });
  });

  it('an amount, then lines: never more than the bill in all', () => {
    const first = after(refundAt(5, noteBill(), amount(7000)), 'refund.finish', { refundId: REFUND_ID });
    // 2 ceviches are worth S/ 64 but only S/ 12 is left of the bill.
    expect(run(first, 'refund.apply', { refundId: '00000000-0000-4000-8000-0000000000e6', bill: noteBill(), billDay: BILL_DAY, request: lines([{ lineId: 'l-1', qty: 2 }]) })).toMatchObject({ ok: false, code: 'REFUND_TOO_LARGE' });
    const rest = run(first, 'refund.apply', { refundId: '00000000-0000-4000-8000-0000000000e7', bill: noteBill(), billDay: BILL_DAY, request: FULL });
    expect(rest.ok && rest.result.totalCents).toBe(TOTAL - 7000);
  });

  it('the request schema: a reason is required, hostile phones and kinds are refused', () => {
    expect(refundRequestSchema.safeParse({ ...FULL, reason: '   ' }).success).toBe(false);
    expect(refundRequestSchema.safeParse({ ...FULL, contactPhone: '<script>' }).success).toBe(false);
    expect(refundRequestSchema.safeParse({ ...FULL, kind: 'void' }).success).toBe(false);
    expect(refundRequestSchema.safeParse(FULL).success).toBe(true);
  });
});

describe('refund.payOut is the bill correction', () => {
  const pay = (s: State, method: 'cash' | 'transfer', operationNo = '', bill = noteBill()) => run(s, 'refund.payOut', { refundId: REFUND_ID, bill, method, operationNo });

  it('in cash: one bill.corrected in the same record, the shift counts it, the drawer holds less', () => {
    const s = refundAt(2);
    const d = pay(s, 'cash');
    // Plus the jobs the correction causes, as on the bills page (its slip, the drawer opening).
    expect(d.ok && d.events.map((e) => e.type).filter((t) => t !== 'job.created')).toEqual(['bill.corrected', 'refund.paidOut']);
    const next = applyAll(s, d.ok ? d.events : []);
    expect(next.refunds[REFUND_ID]).toMatchObject({ status: 5, payout: { method: 'cash', operationNo: '' }, correctionId: 'o-1-1', amountCents: TOTAL, creditNote: null });
    expect(next.billCorrections['o-1']).toMatchObject({ voided: true, corrections: [{ kind: 'void', method: 'cash', amountCents: TOTAL }] });
    expect(next.openShift?.totals.refundsByMethod.cash).toBe(TOTAL);
    expect(expectedByMethod(next.openShift!).cash).toBe(100_000 - TOTAL);
  });

  it('on a boleta: a credit note numbered in the same record, named on the refund', () => {
    const s = refundAt(2, boletaBill(), lines([{ lineId: 'l-2', qty: 1 }]));
    const d = pay(s, 'transfer', 'OP-7788', boletaBill());
    expect(d.ok && d.events.map((e) => e.type)).toContain('fiscal.numbered');
    const next = applyAll(s, d.ok ? d.events : []);
    expect(next.refunds[REFUND_ID]).toMatchObject({ status: 5, amountCents: 600, payout: { method: 'transfer', operationNo: 'OP-7788' }, creditNote: { type: '07', series: 'BC01', number: 1, of: { type: '03', series: 'B001', number: 1 } } });
    expect(next.billCorrections['o-1']?.corrections[0]).toMatchObject({ kind: 'refund', method: 'transfer', creditNote: { series: 'BC01' } });
  });

  const cases: { name: string; state: () => State; method: 'cash' | 'transfer'; operationNo?: string; bill?: ReturnType<typeof noteBill>; code: string }[] = [
    { name: 'a transfer without its operation number', state: () => refundAt(2), method: 'transfer', code: 'REFUND_OPERATION_REQUIRED' },
    { name: 'cash with no shift open', state: () => ({ ...refundAt(2), openShift: null }), method: 'cash', code: 'NO_OPEN_SHIFT' },
    { name: 'cash past what the drawer holds', state: () => refundAt(2, noteBill(), FULL, withShift(TOTAL - 1)), method: 'cash', code: 'REFUND_EXCEEDS_DRAWER' },
    { name: 'another bill than the refund’s', state: () => refundAt(2), method: 'transfer', operationNo: 'OP-1', bill: noteBill({ id: 'o-2' }), code: 'BILL_NOT_FOUND' },
    { name: 'a refund not yet accepted', state: () => refundAt(1), method: 'transfer', operationNo: 'OP-1', code: 'REFUND_BAD_STATUS' },
    { name: 'a second payout (two tills at once: one wins)', state: () => refundAt(5), method: 'cash', code: 'REFUND_BAD_STATUS' },
  ];
  it.each(cases)('refuses $name → $code, changing nothing', ({ state, method, operationNo, bill, code }) => {
    const s = deepFreeze(state());
    const before = JSON.stringify(s);
    const d = pay(s, method, operationNo, bill);
    expect(d).toMatchObject({ ok: false, code });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('the drawer bound holds the exact amount: a drawer of exactly the refund pays it', () => {
    const s = refundAt(2, noteBill(), FULL, withShift(TOTAL));
    expect(pay(s, 'cash').ok).toBe(true);
  });
});

describe('bill.correct (the bills page) may not give back more cash than the drawer holds either', () => {
  it('refuses a cash void past the drawer, allows it by Yape, and allows it with no shift open (no drawer counted)', () => {
    const s = deepFreeze(withShift(1000));
    const before = JSON.stringify(s);
    const request = { kind: 'void' as const, lines: [], reason: 'Error', method: 'cash' as const };
    expect(run(s, 'bill.correct', { bill: noteBill(), request })).toMatchObject({ ok: false, code: 'REFUND_EXCEEDS_DRAWER', message: '1000' });
    expect(JSON.stringify(s)).toBe(before);
    expect(run(s, 'bill.correct', { bill: noteBill(), request: { ...request, method: 'yape' } }).ok).toBe(true);
    expect(run({ ...s, openShift: null }, 'bill.correct', { bill: noteBill(), request }).ok).toBe(true);
  });
});
