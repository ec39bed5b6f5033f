import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventOf, PendingSummaryLine, SaleDocument, State } from '#protocol';
import { SUMMARY_MAX_LINES } from '#protocol';
import { applyAll } from '../apply.ts';
import { addLines, ctxAt, decideOn, deepFreeze, exec, LATER, menuState, openTable, P, T, uid } from '../test-fixtures.ts';
import { pendingDays } from './pending-days.ts';
import { SAMPLE_FISCAL } from './samples.ts';

/**
 * Issue 20: the boletas waiting for their summary stay one summary's worth
 * per day. The settlement that queues a day's 500th line plans that day's
 * summary in the same record, so `pendingSummary` (copied by every boleta's
 * queueing) never holds a whole busy day. Below 500 nothing changes.
 */

const AT = ctxAt(LATER, 'cajera-1');
const TODAY = '2025-03-14';
const BOLETA: SaleDocument = { kind: 'boleta', docId: '', name: '' };
const FACTURA: SaleDocument = { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' };

/** A line of an earlier boleta (B002, so it never meets the new B001-1) waiting for `date`'s summary. */
function waitingLine(n: number, date = TODAY): PendingSummaryLine {
  return {
    key: `03-B002-${n}`,
    referenceDate: date,
    line: { index: 0, type: '03', series: 'B002', number: n, customer: { idType: '-', idNumber: '-', name: 'CLIENTES VARIOS' }, status: '1', totals: { taxable: '10.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '1.80', icbper: '0.00', payable: '11.80' } },
  } as PendingSummaryLine;
}

/** Fiscal settings saved, `waiting` lines already queued for today (and `yesterday` for the day before), a ceviche sent on S1. */
function ready(waiting: number, yesterday = 0): State {
  let s = exec(menuState(), 'fiscal.saveSettings', SAMPLE_FISCAL).state;
  const lines = [...Array.from({ length: waiting }, (_, i) => waitingLine(i + 1)), ...Array.from({ length: yesterday }, (_, i) => waitingLine(5000 + i, '2025-03-13'))];
  s = applyAll(s, lines.map((pending): DomainEvent => ({ type: 'einvoice.summaryQueued', pending })));
  s = openTable(s, T.s1, uid(1));
  s = addLines(s, uid(1), [{ lineId: uid(11), productId: P.ceviche.id, qty: 1 }]);
  return exec(s, 'order.send', { orderId: uid(1) }).state;
}

const settle = (s: State, document: SaleDocument) => decideOn(s, 'order.settle', { orderId: uid(1), payments: [{ method: 'cash', amountCents: 100_000 }], document, print: false }, AT);
const ofType = <K extends DomainEvent['type']>(events: readonly DomainEvent[], type: K) => events.filter((e): e is EventOf<K> => e.type === type);

describe('a day\'s summary planned once 500 of its boletas wait', () => {
  it.each<[string, number, SaleDocument, number]>([
    ['498 waiting, a boleta makes 499: nothing more', SUMMARY_MAX_LINES - 2, BOLETA, 0],
    ['499 waiting, a boleta makes 500: the summary of those 500', SUMMARY_MAX_LINES - 1, BOLETA, SUMMARY_MAX_LINES],
    ['499 waiting, a factura (never in a summary): nothing more', SUMMARY_MAX_LINES - 1, FACTURA, 0],
    ['none waiting: nothing more', 0, BOLETA, 0],
  ])('%s', (_label, waiting, document, summarized) => {
    const s = deepFreeze(ready(waiting));
    const d = settle(s, document);
    if (!d.ok) throw new Error(d.code);
    const planned = ofType(d.events, 'einvoice.summaryPlanned');
    expect(planned.map((e) => e.keys.length)).toEqual(summarized ? [summarized] : []);
    if (!summarized) return;
    // Numbered as the day's first summary, in the settlement's record, and its sending job with it.
    expect(ofType(d.events, 'fiscal.numbered').map((e) => e.series)).toEqual(['B001', 'RC-20250314']);
    expect(planned[0]!.summary).toMatchObject({ id: 'RC-20250314-1', referenceDate: TODAY, issueDate: TODAY });
    expect(planned[0]!.keys).toContain('03-B001-1');
    expect(ofType(d.events, 'job.created').some((e) => e.job.kind === 'einvoice.summary')).toBe(true);
    const after = applyAll(s, d.events);
    expect(Object.keys(after.pendingSummary)).toEqual([]);
    expect(pendingDays(after.pendingSummary).get(TODAY)).toBeUndefined();
  });

  it('another day\'s waiting lines neither count nor leave', () => {
    const s = ready(SUMMARY_MAX_LINES - 2, 40);
    const d = settle(s, BOLETA);
    if (!d.ok) throw new Error(d.code);
    expect(ofType(d.events, 'einvoice.summaryPlanned')).toEqual([]);
    expect(pendingDays(applyAll(s, d.events).pendingSummary)).toEqual(new Map([[TODAY, SUMMARY_MAX_LINES - 1], ['2025-03-13', 40]]));
  });

  it('the carried counts equal a fresh count after queueing and a summary', () => {
    const s = ready(SUMMARY_MAX_LINES - 1, 7);
    const d = settle(s, BOLETA);
    if (!d.ok) throw new Error(d.code);
    const after = applyAll(s, d.events);
    expect(pendingDays(after.pendingSummary)).toEqual(pendingDays(structuredClone(after.pendingSummary)));
    expect(pendingDays(after.pendingSummary)).toEqual(new Map([['2025-03-13', 7]]));
  });
});
