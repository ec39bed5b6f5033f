import { describe, expect, it } from 'vitest';
import type { Order, PaymentInput, SaleDocument } from '#protocol';
import { BOLETA_ID_THRESHOLD_CENTS } from '#protocol';
import { documentRefusal } from '#hub/domain/payment/payments.ts';
import { issuedLabels, type Outcome } from './PaymentDone.tsx';
import { roundCashAbove } from './quick-cash.ts';
import { boletaRuleKey, settleBlocker, type SettleCheck } from './settle-blocker.ts';

const NOW = '2025-03-14T19:30:00.000Z';
const NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };

describe('quick cash: the exact amount, then the next round amounts of notes above it', () => {
  it.each<[number, number[]]>([
    [4350, [5000, 6000, 10000]],
    [7000, [8000, 10000, 20000]],
    [5000, [6000, 10000, 20000]],
    [18000, [19000, 20000]],
    [1, [1000, 2000, 5000]],
    [0, []],
    [-500, []],
    [Number.NaN, []],
  ])('S/ %d céntimos left', (left, expected) => {
    expect(roundCashAbove(left)).toEqual(expected);
  });
});

/** An order of two lines, the second `sent` or not. */
function order(sent: boolean, lines = 2): Order {
  const line = (i: number) => ({ id: `l${i}`, qty: 2, sentBatch: i === lines - 1 && !sent ? null : 1 });
  return { lines: Array.from({ length: lines }, (_, i) => line(i)) } as unknown as Order;
}
const check = (over: Partial<SettleCheck>, payments: PaymentInput[] = []): SettleCheck => ({
  order: order(true),
  shiftOpen: true,
  draft: { payments, rate: null, now: NOW },
  doc: NOTE,
  totalCents: 7000,
  dueCents: 7000,
  ...over,
});

describe('why Cobrar is grey: the first thing the cashier can fix', () => {
  it.each<[string, SettleCheck, unknown]>([
    ['no dishes', check({ order: order(true, 0) }), { kind: 'empty' }],
    ['a seated hung-up order: 2 dishes not sent', check({ order: order(false) }), { kind: 'unsent', dishes: 2 }],
    ['no shift open', check({ shiftOpen: false }), { kind: 'noShift' }],
    ['nothing paid', check({}), { kind: 'missing', cents: 7000 }],
    ['S/ 20 short', check({}, [{ method: 'cash', amountCents: 5000 }]), { kind: 'missing', cents: 2000 }],
    ['a card over the bill', check({}, [{ method: 'visa', amountCents: 7100 }]), { kind: 'refusal', code: 'CHANGE_ONLY_FROM_CASH', field: 'payments' }],
    ['a boleta with a DNI and no name', check({ doc: { kind: 'boleta', docId: '45678912', name: '' } }, [{ method: 'cash', amountCents: 7000 }]), { kind: 'refusal', code: 'BUYER_NAME_REQUIRED', field: 'document.name' }],
    ['Yape without its operation number', check({}, [{ method: 'yape', amountCents: 7000 }]), { kind: 'refusal', code: 'OPERATION_NO_REQUIRED', field: 'payments.0' }],
    ['paid in full', check({}, [{ method: 'cash', amountCents: 10000 }]), null],
  ])('%s', (_name, c, expected) => {
    expect(settleBlocker(c)).toEqual(expected);
  });
});

/**
 * The boleta hint says what the hub's rule does (issue 18 item 18: it said a
 * name was needed only from S/ 700 while a DNI under S/ 700 already asked for one).
 */
describe('the boleta hint agrees with the rule', () => {
  const boleta = (docId: string, name: string): SaleDocument => ({ kind: 'boleta', docId, name });
  it.each([
    // Below the threshold the hint says: the buyer is optional, but a document needs its name (3 letters or more).
    { total: BOLETA_ID_THRESHOLD_CENTS - 1, key: 'pay.doc.boletaRuleBelow', doc: boleta('', ''), ok: true },
    { total: BOLETA_ID_THRESHOLD_CENTS - 1, key: 'pay.doc.boletaRuleBelow', doc: boleta('45678912', ''), ok: false },
    { total: BOLETA_ID_THRESHOLD_CENTS - 1, key: 'pay.doc.boletaRuleBelow', doc: boleta('45678912', 'Al'), ok: false },
    { total: BOLETA_ID_THRESHOLD_CENTS - 1, key: 'pay.doc.boletaRuleBelow', doc: boleta('45678912', 'Ana'), ok: true },
    // From it: the document and the name.
    { total: BOLETA_ID_THRESHOLD_CENTS, key: 'pay.doc.boletaRuleAbove', doc: boleta('', ''), ok: false },
    { total: BOLETA_ID_THRESHOLD_CENTS, key: 'pay.doc.boletaRuleAbove', doc: boleta('45678912', ''), ok: false },
    { total: BOLETA_ID_THRESHOLD_CENTS, key: 'pay.doc.boletaRuleAbove', doc: boleta('', 'Ana Quispe'), ok: false },
    { total: BOLETA_ID_THRESHOLD_CENTS, key: 'pay.doc.boletaRuleAbove', doc: boleta('45678912', 'Ana Quispe'), ok: true },
  ])('$key, $doc.docId / $doc.name', ({ total, key, doc, ok }) => {
    expect(boletaRuleKey(total)).toBe(key);
    expect(documentRefusal(doc, total) === null).toBe(ok);
  });
});

describe('the success screen names the document issued', () => {
  const kind = (k: string) => ({ note: 'Nota de venta', boleta: 'Boleta', factura: 'Factura' })[k]!;
  it.each<[string, Outcome, string[]]>([
    ['a boleta numbered by the hub', { kind: 'paid', asked: 'boleta', result: { billNo: 7, documents: [{ type: '03', series: 'B001', number: 23 }] } }, ['Boleta B001-23']],
    ['a factura', { kind: 'paid', asked: 'factura', result: { documents: [{ type: '01', series: 'F001', number: 4 }] } }, ['Factura F001-4']],
    ['a sale note', { kind: 'paid', asked: 'note', result: { billNo: 8 } }, ['Nota de venta']],
    ['a boleta before e-invoicing is set up prints as a sale note', { kind: 'paid', asked: 'boleta', result: { billNo: 9 } }, ['Nota de venta']],
    ['offline: the boleta asked for, its number to come', { kind: 'queued', asked: 'boleta', changeCents: 0 }, ['Boleta · pending']],
    ['offline sale note', { kind: 'queued', asked: 'note', changeCents: 0 }, ['Nota de venta']],
  ])('%s', (_name, outcome, expected) => {
    expect(issuedLabels(outcome, kind, 'pending')).toEqual(expected);
  });
});
