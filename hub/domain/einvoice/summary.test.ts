import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventOf, PendingSummaryLine, State } from '#protocol';
import { SUMMARY_MAX_LINES } from '#protocol';
import { applyAll } from '../apply.ts';
import { ctxAt, decideOn, deepFreeze, exec, menuState, NOW } from '../test-fixtures.ts';
import { SAMPLE_FISCAL } from './samples.ts';

/** NOW is 2025-03-14 19:30 UTC: 14:30 in Lima. */
const TODAY = '2025-03-14';
const withFiscal = (): State => exec(menuState(), 'fiscal.saveSettings', SAMPLE_FISCAL).state;

/** A boleta (03) or a note on a boleta (07) waiting for the summary of `day`. */
function pending(type: '03' | '07', series: string, number: number, day = TODAY): PendingSummaryLine {
  const totals = { taxable: '10.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '1.80', icbper: '0.00', payable: '11.80' };
  const line = { index: 0, type, series, number, customer: { idType: '-' as const, idNumber: '-', name: 'CLIENTES VARIOS' }, status: '1' as const, totals, ...(type === '07' ? { reference: { type: '03' as const, series: 'B001', number: 1 } } : {}) };
  return { key: `${type}-${series}-${number}`, referenceDate: day, line };
}
const queue = (s: State, lines: PendingSummaryLine[]): State => applyAll(s, lines.map((p): DomainEvent => ({ type: 'einvoice.summaryQueued', pending: p })));
const summarize = (s: State, referenceDate: string, now = NOW) => decideOn(s, 'einvoice.summarize', { referenceDate }, ctxAt(now, null));
const planned = (events: readonly DomainEvent[]) => events.find((e): e is EventOf<'einvoice.summaryPlanned'> => e.type === 'einvoice.summaryPlanned')!;

describe('einvoice.summarize refuses, changing nothing', () => {
  const cases = [
    { name: 'not a date', referenceDate: 'ayer', code: 'INVALID_DATE' },
    { name: 'no day 30 in February', referenceDate: '2025-02-30', code: 'INVALID_DATE' },
    { name: 'digits missing', referenceDate: '2025-3-14', code: 'INVALID_DATE' },
    { name: 'empty', referenceDate: '', code: 'INVALID_DATE' },
    { name: 'tomorrow in Lima', referenceDate: '2025-03-15', code: 'INVALID_DATE' },
    { name: 'a day with nothing waiting', referenceDate: '2025-03-13', code: 'NOTHING_TO_SUMMARIZE' },
  ];
  it.each(cases)('$name → $code', ({ referenceDate, code }) => {
    const s = deepFreeze(queue(withFiscal(), [pending('03', 'B001', 1)]));
    expect(summarize(s, referenceDate)).toMatchObject({ ok: false, code });
  });

  it('a day that has begun in UTC but not yet in Lima is still the future (INVALID_DATE)', () => {
    const s = deepFreeze(queue(withFiscal(), [pending('03', 'B001', 1, '2025-03-15')]));
    // 03:00 UTC on the 15th is 22:00 on the 14th in Lima.
    expect(summarize(s, '2025-03-15', '2025-03-15T03:00:00.000Z')).toMatchObject({ ok: false, code: 'INVALID_DATE' });
    expect(summarize(s, '2025-03-15', '2025-03-15T05:00:00.000Z').ok).toBe(true);
  });

  it('without fiscal settings: FISCAL_SETTINGS_REQUIRED', () => {
    expect(summarize(deepFreeze(menuState()), TODAY)).toEqual({ ok: false, code: 'FISCAL_SETTINGS_REQUIRED' });
  });
});

describe('einvoice.summarize numbers and plans the summary in one record', () => {
  it("takes the day's lines in order (type, series, number), numbers them 1..n and the summary RC-<today>-1", () => {
    const s = queue(withFiscal(), [pending('07', 'BC01', 2), pending('03', 'B001', 10), pending('03', 'B002', 1), pending('03', 'B001', 9), pending('03', 'B001', 3, '2025-03-13')]);
    const d = summarize(s, TODAY);
    if (!d.ok) throw new Error(d.code);
    expect(d.events.map((e) => e.type)).toEqual(['fiscal.numbered', 'einvoice.summaryPlanned', 'job.created']);
    expect(d.events[0]).toEqual({ type: 'fiscal.numbered', series: 'RC-20250314', number: 1, billId: '' });
    const { summary, keys } = planned(d.events);
    expect(summary).toMatchObject({ id: 'RC-20250314-1', referenceDate: TODAY, issueDate: TODAY, issuer: { ruc: SAMPLE_FISCAL.ruc, legalName: SAMPLE_FISCAL.legalName } });
    expect(summary.lines.map((l) => [l.index, `${l.type}-${l.series}-${l.number}`])).toEqual([[1, '03-B001-9'], [2, '03-B001-10'], [3, '03-B002-1'], [4, '07-BC01-2']]);
    expect(keys).toEqual(['03-B001-9', '03-B001-10', '03-B002-1', '07-BC01-2']);
    const job = d.events[2]?.type === 'job.created' ? d.events[2].job : null;
    expect(job).toMatchObject({ kind: 'einvoice.summary', payload: { key: 'RC-20250314-1', summary }, status: 'pending' });
    const after = applyAll(s, d.events);
    // The other day's boleta still waits for its own summary.
    expect(Object.keys(after.pendingSummary)).toEqual(['03-B001-3']);
    expect(after.fiscalNumbers['RC-20250314']).toBe(1);
  });

  it("yesterday's boletas summarized today: the id carries today's date, the next summary of today is -2", () => {
    const s = queue(withFiscal(), [pending('03', 'B001', 3, '2025-03-13'), pending('03', 'B001', 4)]);
    const first = exec(s, 'einvoice.summarize', { referenceDate: '2025-03-13' }, ctxAt(NOW, null));
    expect(planned(first.events).summary).toMatchObject({ id: 'RC-20250314-1', referenceDate: '2025-03-13', issueDate: TODAY });
    const second = exec(first.state, 'einvoice.summarize', { referenceDate: TODAY }, ctxAt(NOW, null));
    expect(planned(second.events).summary.id).toBe('RC-20250314-2');
    // The next day starts again at 1.
    const next = queue(second.state, [pending('03', 'B001', 5, '2025-03-15')]);
    expect(planned(exec(next, 'einvoice.summarize', { referenceDate: '2025-03-15' }, ctxAt('2025-03-15T15:00:00.000Z', null)).events).summary.id).toBe('RC-20250315-1');
    // Nothing left of the day: refused.
    expect(summarize(second.state, TODAY)).toMatchObject({ ok: false, code: 'NOTHING_TO_SUMMARIZE' });
  });

  it(`at most ${SUMMARY_MAX_LINES} lines a summary; the rest go in the next`, () => {
    const many = Array.from({ length: SUMMARY_MAX_LINES + 1 }, (_, i) => pending('03', 'B001', SUMMARY_MAX_LINES + 1 - i));
    const first = exec(queue(withFiscal(), many), 'einvoice.summarize', { referenceDate: TODAY }, ctxAt(NOW, null));
    const lines = planned(first.events).summary.lines;
    expect(lines).toHaveLength(SUMMARY_MAX_LINES);
    expect([lines[0]!.number, lines.at(-1)!.number, lines.at(-1)!.index]).toEqual([1, SUMMARY_MAX_LINES, SUMMARY_MAX_LINES]);
    const second = exec(first.state, 'einvoice.summarize', { referenceDate: TODAY }, ctxAt(NOW, null));
    expect(planned(second.events).summary.lines.map((l) => [l.index, l.number])).toEqual([[1, SUMMARY_MAX_LINES + 1]]);
    expect(second.state.pendingSummary).toEqual({});
  });

  it('the day counter is full at 99,999 (SUNAT: 1 to 5 digits)', () => {
    const s = applyAll(queue(withFiscal(), [pending('03', 'B001', 1)]), [{ type: 'fiscal.numbered', series: 'RC-20250314', number: 99_999, billId: '' }]);
    expect(summarize(deepFreeze(s), TODAY)).toEqual({ ok: false, code: 'FISCAL_SERIES_FULL', message: 'series' });
  });
});
