import { describe, expect, it } from 'vitest';
import type { CommandPayload, PaymentInput, SaleDocument, State } from '#protocol';
import { ACCOUNT_CODES, parseCommand } from '#protocol';
import { applyAll } from '../apply.ts';
import { ctxAt, decideOn, deepFreeze, exec, LATER, orderAt, uid } from '../test-fixtures.ts';

/** orderAt('sent'): 2 ceviche (S/ 32) and a chicha (S/ 6) on S1: S/ 70.00. */
const ORDER = uid(1);
const TOTAL = 7000;
const NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };
/** 14 March 2025 19:30 UTC is 14:30 in Lima: the rate below is today's. */
const withRate = (s: State, rateMilli = 3750): State => exec(s, 'payment.setExchangeRate', { rateMilli }).state;

function settle(s: State, payments: PaymentInput[], document: SaleDocument = NOTE, print = false) {
  const payload: CommandPayload<'order.settle'> = { orderId: ORDER, payments, document, print };
  return decideOn(s, 'order.settle', payload, ctxAt(LATER, 'cajera-2'));
}

describe('order.settle: one rule per payment method', () => {
  const cases: { name: string; payments: PaymentInput[]; code?: string; field?: string; change?: number; codes?: number[] }[] = [
    { name: 'cash, exact', payments: [{ method: 'cash', amountCents: TOTAL }], change: 0, codes: [1] },
    { name: 'cash with change', payments: [{ method: 'cash', amountCents: 10000 }], change: 3000, codes: [1] },
    { name: 'Visa, exact', payments: [{ method: 'visa', amountCents: TOTAL }], change: 0, codes: [201] },
    { name: 'Mastercard, exact', payments: [{ method: 'mastercard', amountCents: TOTAL }], change: 0, codes: [202] },
    { name: 'another card', payments: [{ method: 'otherCard', amountCents: TOTAL }], change: 0, codes: [203] },
    { name: 'Yape with its operation number', payments: [{ method: 'yape', amountCents: TOTAL, operationNo: '12345678' }], change: 0, codes: [106] },
    { name: 'Plin with its operation number', payments: [{ method: 'plin', amountCents: TOTAL, operationNo: 'AB-991' }], change: 0, codes: [107] },
    { name: 'a transfer with its operation number', payments: [{ method: 'transfer', amountCents: TOTAL, operationNo: '00451122' }], change: 0, codes: [100] },
    { name: 'on account with person and phone', payments: [{ method: 'onAccount', amountCents: TOTAL, person: 'Ing. Pérez', contact: '987654321' }], change: 0, codes: [3] },
    { name: 'card, Yape and cash with change from the cash', payments: [{ method: 'visa', amountCents: 3000 }, { method: 'yape', amountCents: 2000, operationNo: '5555' }, { method: 'cash', amountCents: 5000 }], change: 3000, codes: [201, 106, 1] },
    { name: 'Yape without an operation number', payments: [{ method: 'yape', amountCents: TOTAL }], code: 'OPERATION_NO_REQUIRED', field: 'payments.0' },
    { name: 'Plin with a 3-character operation number', payments: [{ method: 'plin', amountCents: TOTAL, operationNo: '123' }], code: 'OPERATION_NO_REQUIRED', field: 'payments.0' },
    { name: 'a transfer without an operation number', payments: [{ method: 'cash', amountCents: 100 }, { method: 'transfer', amountCents: 6900, operationNo: ' ' }], code: 'OPERATION_NO_REQUIRED', field: 'payments.1' },
    { name: 'balance on an order with no member', payments: [{ method: 'balance', amountCents: TOTAL }], code: 'MEMBER_REQUIRED', field: 'payments' },
    { name: 'on account without a person', payments: [{ method: 'onAccount', amountCents: TOTAL, contact: '987654321' }], code: 'ON_ACCOUNT_DETAILS_REQUIRED', field: 'payments.0' },
    { name: 'on account with a contact that is no phone', payments: [{ method: 'onAccount', amountCents: TOTAL, person: 'Ana', contact: 'ana@x' }], code: 'ON_ACCOUNT_DETAILS_REQUIRED', field: 'payments.0' },
    { name: 'a card paying more than the bill (change from a card)', payments: [{ method: 'visa', amountCents: TOTAL + 1 }], code: 'CHANGE_ONLY_FROM_CASH', field: 'payments' },
    { name: 'card plus cash where the card alone passes the bill', payments: [{ method: 'visa', amountCents: 8000 }, { method: 'cash', amountCents: 2000 }], code: 'CHANGE_ONLY_FROM_CASH', field: 'payments' },
    { name: 'one céntimo short over two methods', payments: [{ method: 'visa', amountCents: 3000 }, { method: 'cash', amountCents: 3999 }], code: 'AMOUNT_TOO_LOW', field: 'payments' },
    { name: 'no payment at all', payments: [], code: 'AMOUNT_TOO_LOW', field: 'payments' },
    { name: 'dollars without a rate for today', payments: [{ method: 'usd', usdCents: 2000 }], code: 'NO_EXCHANGE_RATE', field: 'payments.0' },
  ];
  it.each(cases)('$name', ({ payments, code, field, change, codes }) => {
    const before = deepFreeze(orderAt('sent'));
    const d = settle(before, payments);
    if (code) {
      expect(d).toEqual({ ok: false, code, message: field });
      return;
    }
    if (!d.ok) throw new Error(d.code);
    const event = d.events[0];
    if (event?.type !== 'order.settled') throw new Error('no bill');
    expect(event.bill.changeCents).toBe(change);
    expect(event.bill.payments.map((p) => p.accountCode)).toEqual(codes);
    expect(event.bill.receivedCents - event.bill.changeCents).toBe(TOTAL);
  });
});

describe('order.settle: dollars', () => {
  it('converts at the day rate, gives change in soles, and keeps both in the bill', () => {
    // US$ 20.00 at 3.750 = S/ 75.00 for a S/ 70.00 bill: S/ 5.00 change.
    const d = settle(withRate(orderAt('sent')), [{ method: 'usd', usdCents: 2000 }]);
    if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error('refused');
    const bill = d.events[0].bill;
    expect(bill.payments).toEqual([{ method: 'usd', accountCode: 1, amountCents: 7500, operationNo: '', usdCents: 2000, rateMilli: 3750, person: '', contact: '' }]);
    expect(bill.changeCents).toBe(500);
  });

  it('rounds a converted amount half up to the céntimo', () => {
    // US$ 0.01 at 3.745 is S/ 0.03745: 4 céntimos. With S/ 69.96 cash that pays S/ 70.00.
    const d = settle(withRate(orderAt('sent'), 3745), [{ method: 'usd', usdCents: 1 }, { method: 'cash', amountCents: 6996 }]);
    expect(d.ok && d.result.changeCents).toBe(0);
  });

  it("refuses yesterday's rate: a rate holds for its Lima day only", () => {
    const s = applyAll(orderAt('sent'), [{ type: 'exchangeRate.set', rate: { day: '2025-03-13', rateMilli: 3750, setBy: null } }]);
    expect(settle(s, [{ method: 'usd', usdCents: 2000 }])).toEqual({ ok: false, code: 'NO_EXCHANGE_RATE', message: 'payments.0' });
  });

  it('sets the rate for the hub day in Lima (00:30 UTC is still the day before there)', () => {
    const s = exec(orderAt('sent'), 'payment.setExchangeRate', { rateMilli: 3801 }, ctxAt('2025-03-15T00:30:00.000Z', 'cajera-2')).state;
    expect(s.exchangeRate).toEqual({ day: '2025-03-14', rateMilli: 3801, setBy: 'cajera-2' });
  });
});

describe('order.settle: the sales document', () => {
  const big = (s: State): State => exec(s, 'order.setTip', { orderId: ORDER, tipCents: 63_000 }).state; // S/ 700.00 in all
  const cases: { name: string; doc: SaleDocument; state?: (s: State) => State; code?: string; field?: string }[] = [
    { name: 'a sale note names nobody', doc: NOTE },
    { name: 'a boleta under S/ 700 without a buyer', doc: { kind: 'boleta', docId: '', name: '' } },
    { name: 'a boleta with a DNI of 8 digits', doc: { kind: 'boleta', docId: '45781236', name: 'Ana Ruiz' } },
    { name: 'a boleta with a DNI of 7 digits', doc: { kind: 'boleta', docId: '4578123', name: '' }, code: 'INVALID_DNI', field: 'document.docId' },
    { name: 'a boleta with letters in the DNI', doc: { kind: 'boleta', docId: '4578123A', name: '' }, code: 'INVALID_DNI', field: 'document.docId' },
    { name: 'a passport number given as a DNI', doc: { kind: 'boleta', docId: 'AB1234567', name: 'John Smith', idType: '1' }, code: 'INVALID_DNI', field: 'document.docId' },
    { name: 'a boleta of exactly S/ 700 without a buyer', doc: { kind: 'boleta', docId: '', name: '' }, state: big, code: 'BOLETA_BUYER_REQUIRED', field: 'document' },
    { name: 'a boleta of S/ 700 with a DNI but no name', doc: { kind: 'boleta', docId: '45781236', name: '' }, state: big, code: 'BOLETA_BUYER_REQUIRED', field: 'document' },
    { name: 'a boleta of S/ 700 with DNI and name', doc: { kind: 'boleta', docId: '45781236', name: 'Ana Ruiz' }, state: big },
    { name: 'a factura with a valid RUC and a name', doc: { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' } },
    { name: 'a factura with a wrong check digit', doc: { kind: 'factura', docId: '20100070971', name: 'X SAC' }, code: 'INVALID_RUC', field: 'document.docId' },
    { name: 'a factura with a DNI instead of a RUC', doc: { kind: 'factura', docId: '45781236', name: 'X SAC' }, code: 'INVALID_RUC', field: 'document.docId' },
    { name: 'a factura with no RUC yet: a missing field', doc: { kind: 'factura', docId: '', name: 'X SAC' }, code: 'REQUIRED_FIELD', field: 'document.docId' },
    { name: 'a factura whose RUC is spaces: missing too', doc: { kind: 'factura', docId: '   ', name: 'X SAC' }, code: 'REQUIRED_FIELD', field: 'document.docId' },
    { name: 'a factura without a company name', doc: { kind: 'factura', docId: '20100070970', name: '' }, code: 'BUYER_NAME_REQUIRED', field: 'document.name' },
    { name: 'a factura whose name is spaces', doc: { kind: 'factura', docId: '20100070970', name: '   ' }, code: 'BUYER_NAME_REQUIRED', field: 'document.name' },
    { name: 'a factura whose name SUNAT would refuse (2 characters, rule 2022)', doc: { kind: 'factura', docId: '20100070970', name: 'AB' }, code: 'BUYER_NAME_TOO_SHORT', field: 'document.name' },
    // Catalogue 06 beyond the DNI: a tourist's passport, a foreigner's card, a diplomat's ID.
    { name: 'a boleta with a passport', doc: { kind: 'boleta', docId: 'AB1234567', name: 'John Smith', idType: '7' } },
    { name: 'a boleta of S/ 700 with a foreigner\'s card and name', doc: { kind: 'boleta', docId: '001234567', name: 'María Pérez', idType: '4' }, state: big },
    { name: 'a boleta with a diplomatic ID', doc: { kind: 'boleta', docId: 'D12345', name: 'Jean Dupont', idType: 'A' } },
    { name: 'a boleta with a passport of 16 characters', doc: { kind: 'boleta', docId: 'AB12345678901234', name: 'John Smith', idType: '7' }, code: 'INVALID_BUYER_ID', field: 'document.docId' },
    { name: 'a boleta with a space in the passport', doc: { kind: 'boleta', docId: 'AB 123', name: 'John Smith', idType: '7' }, code: 'INVALID_BUYER_ID', field: 'document.docId' },
    { name: 'a boleta of S/ 700 with a passport but no name', doc: { kind: 'boleta', docId: 'AB1234567', name: '', idType: '7' }, state: big, code: 'BOLETA_BUYER_REQUIRED', field: 'document' },
    { name: 'a boleta with a DNI but no name (SUNAT refuses a named ID without a name)', doc: { kind: 'boleta', docId: '45781236', name: '' }, code: 'BUYER_NAME_REQUIRED', field: 'document.name' },
    { name: 'a boleta with a DNI and a 2-character name (rule 2022)', doc: { kind: 'boleta', docId: '45781236', name: '李明' }, code: 'BUYER_NAME_TOO_SHORT', field: 'document.name' },
    { name: 'a boleta with a DNI and a 3-character name', doc: { kind: 'boleta', docId: '45781236', name: '李小明' } },
    { name: 'an unknown identity type (the door refuses it; the rule too)', doc: { kind: 'boleta', docId: '45781236', name: 'Ana Ruiz', idType: '__proto__' as never }, code: 'INVALID_BUYER_ID', field: 'document.docId' },
  ];
  it.each(cases)('$name', ({ doc, state, code, field }) => {
    const s = deepFreeze((state ?? ((x: State) => x))(orderAt('sent')));
    const due = (state ? 70_000 : TOTAL);
    const d = settle(s, [{ method: 'cash', amountCents: due }], doc);
    if (code) expect(d).toEqual({ ok: false, code, message: field });
    else expect(d.ok && d.events[0]?.type === 'order.settled' && d.events[0].bill.document).toEqual(doc);
  });

  it('records "settle and print" as a print request on the bill', () => {
    const d = settle(orderAt('sent'), [{ method: 'cash', amountCents: TOTAL }], NOTE, true);
    expect(d.ok && d.events[0]?.type === 'order.settled' && d.events[0].bill.printRequested).toBe(true);
  });
});

describe('order.settle: the order', () => {
  it('credits the reservation deposit: only the rest is due', () => {
    const s = applyAll(orderAt('sent'), []);
    const withDeposit: State = { ...s, orders: { ...s.orders, [ORDER]: { ...s.orders[ORDER]!, depositCents: 5000 } } };
    expect(settle(withDeposit, [{ method: 'cash', amountCents: 1999 }])).toMatchObject({ ok: false, code: 'AMOUNT_TOO_LOW' });
    const d = settle(withDeposit, [{ method: 'visa', amountCents: 2000 }]);
    expect(d.ok && d.events[0]?.type === 'order.settled' && d.events[0].bill).toMatchObject({ totalCents: TOTAL, depositCents: 5000, dueCents: 2000, receivedCents: 2000, changeCents: 0 });
  });

  it('a deposit larger than the bill settles with no payment and credits only the total, the excess kept as the cashier chose', () => {
    const s = orderAt('sent');
    const paid: State = { ...s, orders: { ...s.orders, [ORDER]: { ...s.orders[ORDER]!, depositCents: 9000 } } };
    // What the excess becomes is the cashier's word (hub/domain/reservations/deposit.test.ts).
    expect(settle(paid, [])).toEqual({ ok: false, code: 'DEPOSIT_EXCESS_CHOICE_REQUIRED', message: 'depositExcess' });
    const d = decideOn(paid, 'order.settle', { orderId: ORDER, payments: [], document: NOTE, print: false, depositExcess: { action: 'keep' } }, ctxAt(LATER, 'cajera-2'));
    expect(d.ok && d.events[0]?.type === 'order.settled' && d.events[0].bill).toMatchObject({ depositCents: TOTAL, dueCents: 0, payMethod: 'cash', payments: [], depositExcess: { action: 'kept', cents: 9000 - TOTAL } });
  });

  it('marks a bill on account (isAccount 1) and a mixed one as mixed', () => {
    const d = settle(orderAt('sent'), [{ method: 'cash', amountCents: 1000 }, { method: 'onAccount', amountCents: 6000, person: 'Ana', contact: '+51987654321' }]);
    expect(d.ok && d.events[0]?.type === 'order.settled' && d.events[0].bill).toMatchObject({ isAccount: 1, payMethod: 'mixed' });
  });

  it.each([
    ['an order with unsent lines', () => orderAt('ordered'), 'UNSENT_LINES'],
    ['an order without lines', () => orderAt('open'), 'CART_EMPTY'],
  ] as const)('refuses %s', (_n, state, code) => {
    expect(settle(deepFreeze(state()), [{ method: 'cash', amountCents: TOTAL }])).toEqual({ ok: false, code });
  });

  it('settles from the pre-bill (status 4) too, and a second settle of the same order is refused', () => {
    const first = exec(orderAt('prebilled'), 'order.settle', { orderId: ORDER, payments: [{ method: 'cash', amountCents: TOTAL }], document: NOTE, print: false });
    expect(first.state.orders[ORDER]).toBeUndefined();
    expect(settle(first.state, [{ method: 'cash', amountCents: TOTAL }])).toEqual({ ok: false, code: 'ORDER_NOT_OPEN', message: 'orderId' });
  });

  it('the account codes are those of SPEC.md section 9 where it gives them', () => {
    expect(ACCOUNT_CODES).toMatchObject({ cash: 1, balance: 2, visa: 201, mastercard: 202 });
  });
});

describe('order.settle: hostile input is refused at the door', () => {
  const envelope = (payload: unknown) => ({ id: uid(9), type: 'order.settle', payload, deviceId: 'd', at: LATER });
  it.each([
    ['a prototype order id', { orderId: '__proto__', payments: [], document: NOTE, print: false }],
    ['a negative amount', { orderId: ORDER, payments: [{ method: 'cash', amountCents: -1 }], document: NOTE, print: false }],
    ['a zero amount', { orderId: ORDER, payments: [{ method: 'visa', amountCents: 0 }], document: NOTE, print: false }],
    ['fractional céntimos', { orderId: ORDER, payments: [{ method: 'cash', amountCents: 10.5 }], document: NOTE, print: false }],
    ['an unknown method', { orderId: ORDER, payments: [{ method: 'bitcoin', amountCents: 100 }], document: NOTE, print: false }],
    ['dollars without an amount', { orderId: ORDER, payments: [{ method: 'usd' }], document: NOTE, print: false }],
    ['forty-one payments (two each for twenty shares is the most)', { orderId: ORDER, payments: Array.from({ length: 41 }, () => ({ method: 'cash', amountCents: 1 })), document: NOTE, print: false }],
    ['an unknown document', { orderId: ORDER, payments: [], document: { kind: 'ticket', docId: '', name: '' }, print: false }],
  ])('%s', (_n, payload) => {
    // A missing field is REQUIRED_FIELD, anything else malformed INCORRECT_INPUT: either way nothing reaches the rules.
    const parsed = parseCommand(envelope(payload));
    expect(parsed.ok).toBe(false);
    expect(['INCORRECT_INPUT', 'REQUIRED_FIELD']).toContain(!parsed.ok && parsed.code);
  });
});
