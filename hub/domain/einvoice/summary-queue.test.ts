import { describe, expect, it } from 'vitest';
import type { FiscalDocument } from '#protocol';
import { summaryCharges, summaryQueued } from './summary-queue.ts';

/** What a summary line carries as "otros cargos" for a document's charges and discounts outside the base. */
describe('summaryCharges', () => {
  it.each([
    { charges: '0.00', allowances: '0.00', expected: null, why: 'no tip, no discount outside the base' },
    { charges: '15.00', allowances: '0.00', expected: '15.00', why: 'a tip' },
    { charges: '0.05', allowances: '0.00', expected: '0.05', why: 'a tip of five céntimos' },
    { charges: '15.00', allowances: '0.40', expected: '14.60', why: 'a tip less the order discount beyond the taxed goods (bags)' },
    { charges: '0.30', allowances: '0.30', expected: null, why: 'both cancel out' },
    { charges: '0.00', allowances: '0.40', expected: null, why: 'a discount outside the base alone: the line has no field for it' },
    { charges: '-2.00', allowances: '0.00', expected: null, why: 'a negative charge (never written by the rules) is not a charge' },
  ])('$why: $charges - $allowances -> $expected', ({ charges, allowances, expected }) => {
    expect(summaryCharges({ charges, allowances })).toBe(expected);
  });
});

describe('summaryQueued', () => {
  const boleta = {
    type: '03', series: 'B001', number: 7, issueDate: '2026-11-27',
    customer: { idType: '-', idNumber: '', name: '' },
    totals: { taxable: '100.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '18.00', icbper: '0.00', lineExtension: '100.00', taxInclusive: '118.00', charges: '12.00', allowances: '0.00', payable: '130.00' },
  } as unknown as FiscalDocument;

  it('a boleta with a tip queues a line whose charge is the tip', () => {
    const event = summaryQueued(boleta);
    expect(event).toMatchObject({ type: 'einvoice.summaryQueued', pending: { key: '03-B001-7', referenceDate: '2026-11-27', line: { status: '1', totals: { payable: '130.00', charges: '12.00' } } } });
  });

  it('a boleta without one queues a line without a charge', () => {
    const event = summaryQueued({ ...boleta, totals: { ...boleta.totals, charges: '0.00', payable: '118.00' } });
    expect(event?.type === 'einvoice.summaryQueued' && 'charges' in event.pending.line.totals).toBe(false);
  });

  it('a factura queues nothing: it goes to SUNAT alone', () => {
    expect(summaryQueued({ ...boleta, type: '01', series: 'F001' })).toBeNull();
  });
});
