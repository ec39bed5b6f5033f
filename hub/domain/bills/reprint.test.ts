import { describe, expect, it } from 'vitest';
import type { Bill, Printer, State } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { applyAll } from '../apply.ts';
import { testBill } from '../einvoice/test-bills.ts';
import { reprintWord } from '../printing/documents/reprint.ts';
import { fiscalState } from './test-bills.ts';
import { decide } from '../decide.ts';
import { command, ctxAt } from '../test-fixtures.ts';

/**
 * `bill.reprint` as the hub decides it: which printer, what is refused, and
 * the one job its event causes (the receipt marked REPRINT; a boleta carries
 * its fiscal document for the QR).
 */

const BILL: Bill = testBill([{ price: 3200, qty: 2 }]);
const NOW = '2026-03-05T15:00:00.000Z';
const printer = (over: Partial<Printer>): Printer => ({ ...VIRTUAL_PRINTER, stations: [], ...over });
const CAJA = printer({ id: 'pr-caja', name: 'Caja', connection: { type: 'network', host: '192.168.1.50', port: 9100 }, receipts: true, language: 'en' });
const SCREEN = printer({ id: 'pr-screen', name: 'Pantalla', connection: { type: 'screen' }, receipts: false });

function withPrinters(...printers: Printer[]): State {
  return applyAll(fiscalState(), printers.map((p) => ({ type: 'printer.saved' as const, printer: p })));
}
const reprint = (s: State, payload: { bill: Bill; printerId?: string }) => decide(s, command('bill.reprint', payload), ctxAt(NOW, 'cashier-1'));

describe('bill.reprint', () => {
  it.each<[string, State, { bill: Bill; printerId?: string }, string | null, string | null]>([
    ['no printer named: the first receipt printer by name', withPrinters(CAJA), { bill: BILL }, 'pr-caja', null],
    ['no real printer: the virtual one', fiscalState(), { bill: BILL }, 'virtual', null],
    ['the printer named', withPrinters(CAJA), { bill: BILL, printerId: 'virtual' }, 'virtual', null],
    ['a printer that does not exist', withPrinters(CAJA), { bill: BILL, printerId: 'pr-none' }, null, 'PRINTER_NOT_FOUND'],
    ['`__proto__` as a printer', withPrinters(CAJA), { bill: BILL, printerId: '__proto__' }, null, 'PRINTER_NOT_FOUND'],
    ['a kitchen screen', withPrinters(CAJA, SCREEN), { bill: BILL, printerId: 'pr-screen' }, null, 'PRINTER_IS_SCREEN'],
    ['a withdrawn order (no receipt)', withPrinters(CAJA), { bill: { ...BILL, deleted: 2 } }, null, 'BILL_NOT_FOUND'],
    ['not shaped like a bill', withPrinters(CAJA), { bill: { ...BILL, lines: 'x' } as unknown as Bill }, null, 'BILL_NOT_FOUND'],
  ])('%s', (_, state, payload, printerId, code) => {
    const d = reprint(state, payload);
    if (code) return expect(d).toMatchObject({ ok: false, code });
    if (!d.ok) throw new Error(d.code);
    const jobs = d.events.filter((e) => e.type === 'job.created');
    expect(jobs).toHaveLength(1);
    expect(d.events[0]).toMatchObject({ type: 'bill.reprinted', printerId });
    const job = jobs[0]!.type === 'job.created' ? jobs[0]!.job : null;
    if (job?.kind !== 'print') throw new Error('not a print job');
    expect(job.payload).toMatchObject({ printerId, purpose: 'receipt', orderId: BILL.id, billNo: BILL.billNo, fiscal: { type: '03', series: 'B001', number: 1 } });
    const language = printerId === 'pr-caja' ? 'en' : VIRTUAL_PRINTER.language;
    expect(job.payload.document.blocks[0]).toMatchObject({ kind: 'text', text: reprintWord(language) });
  });

  it('a sale note reprints with no fiscal document; the state is unchanged', () => {
    const s = withPrinters(CAJA);
    const d = reprint(s, { bill: { ...testBill([{ price: 1000 }], { document: { kind: 'note', docId: '', name: '' }, fiscal: null }) } });
    if (!d.ok) throw new Error(d.code);
    const created = d.events.find((e) => e.type === 'job.created');
    expect(created?.type === 'job.created' && created.job.kind === 'print' && created.job.payload.fiscal).toBeFalsy();
    expect(applyAll(s, d.events.filter((e) => e.type === 'bill.reprinted'))).toBe(s);
  });
});
