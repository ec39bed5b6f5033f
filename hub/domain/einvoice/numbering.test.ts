import { describe, expect, it } from 'vitest';
import type { Bill, DomainEvent, SaleDocument, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { emptyState } from '../registry.ts';
import { addLines, ctxAt, decideOn, deepFreeze, exec, LATER, menuEvents, menuState, openTable, P, T, uid } from '../test-fixtures.ts';
import { SAMPLE_FISCAL } from './samples.ts';

const BOLETA: SaleDocument = { kind: 'boleta', docId: '', name: '' };
const FACTURA: SaleDocument = { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' };
const NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };
const AT = ctxAt(LATER, 'cajera-1');

/** Opens the table, orders a ceviche (S/ 32), sends it: ready to settle. */
function sentOrder(s: State, n: number): State {
  const orderId = uid(500 + n);
  s = openTable(s, T.s1, orderId);
  s = addLines(s, orderId, [{ lineId: uid(600 + n), productId: P.ceviche.id, qty: 1 }]);
  return exec(s, 'order.send', { orderId }).state;
}

/** Settles order n with the document; the events and the state after (or the refusal). */
function settle(s: State, n: number, document: SaleDocument, payCents = 3200) {
  return decideOn(s, 'order.settle', { orderId: uid(500 + n), payments: [{ method: 'cash', amountCents: payCents }], document, print: false }, AT);
}

/** Settles, then clears the table for the next guests; every event recorded on the way. */
function settleAndClear(s: State, n: number, document: SaleDocument, log: DomainEvent[]): State {
  const d = settle(sentOrder(s, n), n, document);
  if (!d.ok) throw new Error(d.code);
  log.push(...d.events);
  const after = applyAll(sentOrder(s, n), d.events);
  return exec(after, 'table.clear', { tableId: T.s1 }).state;
}

const billOf = (events: readonly DomainEvent[]): Bill => {
  const e = events.find((x) => x.type === 'order.settled');
  if (e?.type !== 'order.settled') throw new Error('no bill');
  return e.bill;
};

const withFiscal = (): State => exec(menuState(), 'fiscal.saveSettings', SAMPLE_FISCAL).state;

describe('numbering at settlement', () => {
  it('numbers boletas 1, 2, 3 and facturas 1 on their own series, a sale note not at all', () => {
    let s = withFiscal();
    const log: DomainEvent[] = [];
    const docs = [BOLETA, BOLETA, FACTURA, NOTE, BOLETA];
    docs.forEach((doc, i) => (s = settleAndClear(s, i, doc, log)));
    const bills = log.filter((e) => e.type === 'order.settled').map((e) => (e.type === 'order.settled' ? e.bill.fiscal : undefined));
    expect(bills).toEqual([
      { type: '03', series: 'B001', number: 1 },
      { type: '03', series: 'B001', number: 2 },
      { type: '01', series: 'F001', number: 1 },
      undefined,
      { type: '03', series: 'B001', number: 3 },
    ]);
    expect(s.fiscalNumbers).toEqual({ B001: 3, F001: 1 });
  });

  it('writes the number in the same decision as the bill (one log record)', () => {
    const s = sentOrder(withFiscal(), 1);
    const d = settle(s, 1, BOLETA);
    if (!d.ok) throw new Error(d.code);
    // With the boleta's place in its day's summary and its e-invoice job: one record.
    expect(d.events.map((e) => e.type)).toEqual(['order.settled', 'fiscal.numbered', 'einvoice.summaryQueued', 'job.created']);
    expect(d.events[1]).toEqual({ type: 'fiscal.numbered', series: 'B001', number: 1, billId: uid(501) });
    expect(billOf(d.events).fiscal).toEqual({ type: '03', series: 'B001', number: 1 });
  });

  it('a refused settlement uses no number: the next accepted one takes it', () => {
    const s = deepFreeze(sentOrder(withFiscal(), 1));
    expect(settle(s, 1, BOLETA, 100)).toMatchObject({ ok: false, code: 'AMOUNT_TOO_LOW' });
    expect(settle(s, 1, { kind: 'factura', docId: '20100070971', name: 'X' })).toMatchObject({ ok: false, code: 'INVALID_RUC' });
    expect(s.fiscalNumbers).toEqual({});
    const d = settle(s, 1, BOLETA);
    expect(d.ok && billOf(d.events).fiscal?.number).toBe(1);
  });

  it('the same command decided twice on the same state gives the same number (no second document with it)', () => {
    const s = sentOrder(withFiscal(), 1);
    const a = settle(s, 1, BOLETA);
    const b = settle(s, 1, BOLETA);
    // Job ids are named by the command id (each call here is a new command); everything else is equal.
    const rules = (d: typeof a) => (d.ok ? d.events.filter((e) => e.type !== 'job.created') : d);
    expect(rules(a)).toEqual(rules(b));
    const after = applyAll(s, a.ok ? a.events : []);
    // Once settled, the order is gone: the same settle again is refused and numbers nothing.
    expect(settle(after, 1, BOLETA)).toMatchObject({ ok: false, code: 'ORDER_NOT_OPEN' });
    expect(after.fiscalNumbers).toEqual({ B001: 1 });
  });

  it('replaying the log from the start gives the same numbers (kill -9 loses nothing, doubles nothing)', () => {
    const log: DomainEvent[] = [...menuEvents()];
    const run = (s: State, step: { state: State; events: DomainEvent[] }): State => (log.push(...step.events), step.state);
    let s = run(menuState(), exec(menuState(), 'fiscal.saveSettings', SAMPLE_FISCAL));
    [BOLETA, BOLETA, FACTURA, BOLETA].forEach((doc, i) => {
      const orderId = uid(500 + i);
      s = run(s, exec(s, 'table.open', { tableId: T.s1, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }));
      s = run(s, exec(s, 'order.addLines', { orderId, lines: [{ lineId: uid(600 + i), productId: P.ceviche.id, qty: 1, remark: '' }] }));
      s = run(s, exec(s, 'order.send', { orderId }));
      s = run(s, exec(s, 'order.settle', { orderId, payments: [{ method: 'cash', amountCents: 3200 }], document: doc, print: false }, AT));
      s = run(s, exec(s, 'table.clear', { tableId: T.s1 }));
    });
    const replayed = applyAll(emptyState(), log);
    expect(replayed.fiscalNumbers).toEqual({ B001: 3, F001: 1 });
    expect(replayed).toEqual(s);
    const numbers = log.flatMap((e) => (e.type === 'order.settled' && e.bill.fiscal ? [`${e.bill.fiscal.series}-${e.bill.fiscal.number}`] : []));
    expect(numbers).toEqual(['B001-1', 'B001-2', 'F001-1', 'B001-3']);
  });

  it('before the owner sets up e-invoicing, a boleta is recorded as chosen and numbered by nobody', () => {
    const s = sentOrder(menuState(), 1);
    const d = settle(s, 1, BOLETA);
    if (!d.ok) throw new Error(d.code);
    expect(d.events.map((e) => e.type)).toEqual(['order.settled']);
    expect(billOf(d.events).fiscal).toBeUndefined();
  });

  it('refuses a boleta on a day without a rate in force, and uses no number', () => {
    const noRate = { ...SAMPLE_FISCAL, rates: { ...SAMPLE_FISCAL.rates, general: [{ from: '2030-01-01', basisPoints: 1800 }] } };
    const s = deepFreeze(sentOrder(exec(menuState(), 'fiscal.saveSettings', noRate).state, 1));
    expect(settle(s, 1, BOLETA)).toEqual({ ok: false, code: 'FISCAL_RATE_MISSING', message: 'rates' });
    // A sale note needs no rate.
    expect(settle(s, 1, NOTE).ok).toBe(true);
  });

  it('refuses when the series is full (99,999,999)', () => {
    const s = sentOrder(withFiscal(), 1);
    const full = applyAll(s, [{ type: 'fiscal.numbered', series: 'B001', number: 99_999_999, billId: 'x' }]);
    expect(settle(full, 1, BOLETA)).toEqual({ ok: false, code: 'FISCAL_SERIES_FULL', message: 'series' });
  });
});

