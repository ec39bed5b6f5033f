import { describe, expect, it } from 'vitest';
import type { Bill } from '#protocol';
import { testBill, testSettings } from '#hub/domain/einvoice/test-bills.ts';
import { asTakeout } from '#hub/domain/reports/test-takeout.ts';
import { heldPay } from '#hub/domain/riders/test-riders.ts';
import { buildPle141, PLE_EOL } from './ple/ple141.ts';
import { BILL_HEADER, billRow, documentsOf, staffNamesOf, type Cell } from './sales-rows.ts';

/**
 * A takeout's bill is a bill (issue 21): the nightly export's sales rows show its channel, its
 * service, its order code and rider from the STORED bill, its cash collected by a rider says so,
 * and the PLE register lists its boleta like any other. (The whole-hub path, takeout created,
 * settled and exported, is hub/exports/takeout-export-hub.test.ts.)
 */

const value = (c: Cell | undefined) => c?.v;
const col = (name: (typeof BILL_HEADER)[number]) => BILL_HEADER.indexOf(name);
const staff = staffNamesOf({ 'r-1': { name: 'Ana Rojas' }, 'cashier-1': { name: 'Rosa' } });
const row = (bill: Bill) => billRow(bill, undefined, documentsOf(null), staff);

describe('the sales rows of takeout bills', () => {
  const table = testBill([{ price: 3000 }], { fiscal: null });
  const rows: [string, Bill, string, string, string, string][] = [
    ['a table\'s bill', table, 'Salón', 'En mesa', '', ''],
    ['a counter order picked up', asTakeout(table, { code: 'T-0042' }), 'Mostrador', 'Para llevar', 'T-0042', ''],
    ['a phone order delivered by Ana', asTakeout(table, { channel: 'phone', method: 0, code: 'T-0043', riderId: 'r-1' }), 'Teléfono', 'Delivery', 'T-0043', 'Ana Rojas'],
    ['a web order delivered by a rider no longer on the list', asTakeout(table, { channel: 'web:tienda', method: 0, code: 'T-0044', riderId: 'r-gone' }), 'Web', 'Delivery', 'T-0044', '(r-gone)'],
  ];
  it.each(rows)('%s: %s, %s, %s, %s', (_name, bill, channel, service, code, rider) => {
    const r = row(bill);
    expect([value(r[col('Canal')]), value(r[col('Entrega')]), value(r[col('Pedido')]), value(r[col('Repartidor')])]).toEqual([channel, service, code, rider]);
    expect(r).toHaveLength(BILL_HEADER.length);
  });

  it('keeps the columns an accountant\'s sheet already reads in their place (new ones last)', () => {
    expect(BILL_HEADER.slice(0, 19)).toEqual(['Fecha', 'Hora', 'N.° cuenta', 'Tipo de documento', 'Serie-número', 'Doc. comprador', 'Comprador', 'Mesa', 'Personas', 'Consumo', 'Descuentos', 'Propina', 'Total', 'Base imponible', 'IGV', 'Medios de pago', 'Vuelto', 'Operador', 'Estado']);
  });

  it('says which cash a rider collected at the door', () => {
    const bill = asTakeout({ ...table, payments: [heldPay('r-1', 5000)], receivedCents: 5000, changeCents: 2000 }, { channel: 'phone', method: 0, riderId: 'r-1' });
    expect(value(row(bill)[col('Medios de pago')])).toBe('Efectivo (repartidor) 50.00');
    expect(value(row(bill)[col('Vuelto')])).toBe(20);
  });
});

describe('the PLE register of takeout bills', () => {
  it('lists a delivered takeout\'s boleta as any boleta, its figures from the stored bill', () => {
    const boleta = asTakeout({ ...testBill([{ price: 6200 }], { paidAt: '2026-03-02T18:00:00.000Z', fiscal: { type: '03', series: 'B001', number: 9 } }), id: 'b-tk' }, { channel: 'phone', method: 0, riderId: 'r-1' });
    const table = { ...testBill([{ price: 3000 }], { paidAt: '2026-03-02T19:00:00.000Z', fiscal: { type: '03', series: 'B001', number: 10 } }), id: 'b-t' };
    const ple = buildPle141({ ruc: '20131312955', year: 2026, month: 3, bills: [boleta, table], corrections: [], settings: testSettings() });
    const lines = ple.content.slice(0, -PLE_EOL.length).split(PLE_EOL).map((l) => l.split('|'));
    expect(ple.lines).toBe(2);
    const of = (n: string) => lines.find((l) => l.includes('B001') && l.includes(n));
    expect(of('9')?.join('|')).toContain('62.00');
    expect(of('10')?.join('|')).toContain('30.00');
  });
});
