import { describe, expect, it } from 'vitest';
import type { ShiftReport, TicketLanguage } from '#protocol';
import { aggregateBills } from '#hub/domain/reports/index.ts';
import { testBill } from '#hub/domain/einvoice/test-bills.ts';
import { shiftReportOf } from '#hub/domain/shift/report.ts';
import { emptyTotals } from '#hub/domain/shift/totals.ts';
import { textColumns } from '../../../hardware/escpos/cjk.ts';
import { zReportText } from './z-report-text.ts';

/**
 * The Z report as text (the nightly export's `Z-<shift>.txt`) and on paper:
 * with large amounts, long names and every breakdown filled, each line fits
 * 32 columns on 58 mm and 48 on 80 mm in every language, and no amount is
 * pushed off its label's line.
 */

const big = { ...testBill([{ price: 99_999_99, qty: 9, name: 'Arroz chaufa de mariscos con ají amarillo' }], { fiscal: null, tip: 500, lunchBox: { mode: 'perOrder', priceCents: 100 } }), people: 12 };
const ctx = { closingHour: 4, categoryOf: () => ({ id: 'c-1', name: 'Platos de fondo y especialidades de la casa' }) };
const report: ShiftReport = shiftReportOf({
  shift: {
    id: 'sh-1', openedAt: '2026-11-23T14:00:00.000Z', openedBy: 's-1', floatCents: 20_000, totals: emptyTotals(),
    moves: [{ id: 'm-1', direction: 'out', amountCents: 5_000, reason: 'Mercado', at: '2026-11-23T16:00:00.000Z', by: 's-1' }],
    closedAt: '2026-11-24T03:00:00.000Z', closedBy: 's-2', note: 'Faltó sencillo para el vuelto de la noche',
    counts: [{ method: 'cash', expectedCents: 100_000_000, countedCents: 99_999_000, differenceCents: -1_000 }],
  },
  figures: aggregateBills([big], [], ctx),
  bills: [big],
  corrections: [],
  register: 'caja-principal.local',
  restaurant: 'Chifa Dragón de Oro',
  nameOf: (id) => (id === 's-1' ? 'María Fernanda Quispe Huamán' : 'José'),
  writeOffs: { count: 1, cents: 12_000 },
});

describe('the Z report as text', () => {
  it.each<[TicketLanguage, 58 | 80]>([
    ['es', 58], ['en', 58], ['zh', 58], ['es', 80], ['en', 80], ['zh', 80],
  ])('%s on %i mm: every line within the paper, amounts beside their labels', (lang, paper) => {
    const lines = zReportText(report, lang, paper).split('\n').slice(0, -1);
    const width = paper === 58 ? 32 : 48;
    for (const l of lines) expect(textColumns(l), l).toBeLessThanOrEqual(width);
    expect(lines.filter((l) => /^\s*[-+]?S\/ [\d,.]+$/.test(l))).toEqual([]);
    // A long name wraps after its label, never splitting the label itself.
    expect(lines.join(' ')).toMatch(/(Cajero|Cashier|收银员): María Fernanda/);
    expect(lines.join('\n')).toContain('caja-principal.local');
    expect(lines.join('\n')).toMatch(/-S\/ 10\.00/);
  });

  it('has every figure of the shift report (Spanish, 80 mm)', () => {
    const text = zReportText(report, 'es');
    for (const label of ['Caja', 'Cajero', 'Apertura', 'Cierre', 'Total de pedidos', 'Total real cobrado', 'N.º de ventas', 'Descuentos', 'Devoluciones', 'A cuenta (crédito)', 'Castigos de deuda (1)', 'Reservas (adelantos)', 'EN MESA / PARA LLEVAR', 'COBROS POR FORMA DE PAGO', 'Ofertas', 'Recargas de socios', 'POR CATEGORÍA', 'Cortesías', 'Platos devueltos', 'Comensales', 'Promedio por persona', 'POR HORA', 'Fondo inicial', 'Diferencia']) {
      expect(text).toContain(label);
    }
    expect(text.endsWith('\n')).toBe(true);
  });
});
