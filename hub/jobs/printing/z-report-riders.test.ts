import { describe, expect, it } from 'vitest';
import type { Bill, ShiftReport, TicketLanguage } from '#protocol';
import { aggregateBills } from '#hub/domain/reports/index.ts';
import { testBill } from '#hub/domain/einvoice/test-bills.ts';
import { asTakeout } from '#hub/domain/reports/test-takeout.ts';
import { shiftReportOf } from '#hub/domain/shift/report.ts';
import { emptyTotals } from '#hub/domain/shift/totals.ts';
import { textColumns } from '../../../hardware/escpos/cjk.ts';
import { zReportText } from './z-report-text.ts';

/**
 * The Z report of a shift with take-away and delivery (issue 21): the stored bills' services
 * and channels, and each rider's cash (collected, handed in, still held), in every language,
 * within the paper.
 */

const ctx = { closingHour: 4, categoryOf: () => ({ id: 'c-1', name: 'Fondos' }) };
const bill = (no: number, cents: number): Bill => ({ ...testBill([{ price: cents }], { fiscal: null, paidAt: `2026-11-23T2${no}:00:00.000Z` }), id: `b-${no}`, billNo: no, people: 1 });
const bills = [bill(1, 4000), asTakeout(bill(2, 2500)), asTakeout(bill(3, 6200), { channel: 'phone', method: 0, riderId: 'r-1' }), asTakeout(bill(4, 3100), { channel: 'web:tienda', method: 0, riderId: 'r-2' })];
const report: ShiftReport = shiftReportOf({
  shift: {
    id: 'sh-1', openedAt: '2026-11-23T14:00:00.000Z', openedBy: 's-1', floatCents: 10_000,
    totals: { ...emptyTotals(), riderCash: { 'r-1': { collectedCents: 6200, handedInCents: 6000, handIns: 2, heldCents: 200 }, 'r-2': { collectedCents: 3100, handedInCents: 3100, handIns: 1, heldCents: 0 } } },
    moves: [], closedAt: '2026-11-24T03:00:00.000Z', closedBy: 's-1', note: '', counts: [],
  },
  figures: aggregateBills(bills, [], ctx),
  bills,
  corrections: [],
  register: '1',
  restaurant: 'Cevichería',
  nameOf: (id) => ({ 'r-1': 'Ana María Rojas Quispe de la Cruz', 'r-2': 'Beto' })[id ?? ''] ?? 'Cajera',
  writeOffs: { count: 0, cents: 0 },
});

describe('the Z report with take-away, delivery and riders', () => {
  it.each<[TicketLanguage, 58 | 80]>([
    ['es', 58], ['en', 58], ['zh', 58], ['es', 80], ['en', 80], ['zh', 80],
  ])('%s on %i mm: every line within the paper', (lang, paper) => {
    const width = paper === 58 ? 32 : 48;
    for (const l of zReportText(report, lang, paper).split('\n')) expect(textColumns(l), l).toBeLessThanOrEqual(width);
  });

  it('prints each service and channel from the stored bills, and each rider\'s cash (Spanish)', () => {
    const text = zReportText(report, 'es');
    expect(text).toContain('EN MESA / PARA LLEVAR / DELIVERY');
    expect(text).toMatch(/En mesa \(1 cta\.\)\s+S\/ 40\.00/);
    expect(text).toMatch(/Para llevar \(1 cta\.\)\s+S\/ 25\.00/);
    expect(text).toMatch(/Delivery \(2 cta\.\)\s+S\/ 93\.00/);
    expect(text).toContain('POR CANAL');
    expect(text).toMatch(/Mostrador \(1 cta\.\)\s+S\/ 25\.00/);
    expect(text).toMatch(/Teléfono \(1 cta\.\)\s+S\/ 62\.00/);
    expect(text).toMatch(/Web \(1 cta\.\)\s+S\/ 31\.00/);
    expect(text).toContain('EFECTIVO DE REPARTIDORES');
    expect(text).toContain('Ana María Rojas Quispe de la Cruz');
    expect(text).toMatch(/Entregado en caja \(2\)\s+S\/ 60\.00/);
    expect(text).toMatch(/Por entregar\s+S\/ 2\.00/);
  });

  it('leaves the channel and rider sections out of a shift of tables only', () => {
    const tables = [bill(1, 4000)];
    const plain = shiftReportOf({ shift: { id: 'sh-2', openedAt: '2026-11-23T14:00:00.000Z', openedBy: null, floatCents: 0, totals: emptyTotals(), moves: [] }, figures: aggregateBills(tables, [], ctx), bills: tables, corrections: [], register: '1', restaurant: 'X', nameOf: () => '', writeOffs: { count: 0, cents: 0 } });
    const text = zReportText(plain, 'es');
    expect(text).not.toContain('POR CANAL');
    expect(text).not.toContain('REPARTIDORES');
  });
});
