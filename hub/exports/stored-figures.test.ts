import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bill, FiscalDocument } from '#protocol';
import { fiscalDocumentOf } from '#hub/domain/einvoice/tax.ts';
import { testBill, testSettings } from '#hub/domain/einvoice/test-bills.ts';
import { emptyState } from '#hub/domain/registry.ts';
import { DocumentStore } from '#hub/einvoice/outbox/document-store.ts';
import { buildFiscalXml } from '#hub/einvoice/ubl/index.ts';
import { parseCsv } from '#hub/goods-io/csv.ts';
import { exportDay } from './exporter.ts';
import { memoryEngine } from './month-export.ts';

/**
 * Issue 19 item 6: the PLE 14.1 register and the sales spreadsheets carry the
 * documents SUNAT received, read from the document store, not the documents
 * today's settings would compute. Twelve documents sold at 18 % in the first
 * half of November, the owner switches to the reduced regime (10 %) on the
 * 15th, three more are sold at 10 %: the month's register and workbook (and
 * a day's sheet) show each at its own rate, and their IGV totals are the
 * documents'.
 */

const GENERAL = testSettings({ regime: 'general' });
const REDUCED = testSettings({ regime: 'reduced' });
let root = '';
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const cents = (text: string) => Math.round(Number(text) * 100);

/** A boleta (or factura) of S/ 102.60 sold on a November day at noon in Lima. */
function sale(n: number, day: number): Bill {
  const paidAt = new Date(Date.parse(`2026-11-${String(day).padStart(2, '0')}T12:00:00-05:00`) + n * 60_000).toISOString();
  const factura = n % 3 === 0;
  const bill = testBill([{ price: 3200, qty: 2, name: 'Ceviche' }, { price: 3860, qty: 1, name: 'Lomo saltado' }], {
    paidAt,
    fiscal: factura ? { type: '01', series: 'F001', number: n } : { type: '03', series: 'B001', number: n },
    document: factura ? { kind: 'factura', docId: '20100070970', name: 'SABORES & MÁS E.I.R.L.' } : { kind: 'boleta', docId: '', name: '' },
  });
  return { ...bill, id: `o-${n}`, billNo: n };
}

describe('a month with a regime switch on the 15th', () => {
  it('register and workbook keep every document at the rate SUNAT received it', async () => {
    root = await mkdtemp(join(tmpdir(), 'pos-stored-figures-'));
    const store = new DocumentStore(join(root, 'data'));
    const bills: Bill[] = [];
    const filed: FiscalDocument[] = [];
    for (let n = 1; n <= 15; n++) {
      const bill = sale(n, n <= 12 ? n : 15 + n);
      const made = fiscalDocumentOf(bill, n <= 12 ? GENERAL : REDUCED);
      if (!made.ok) throw new Error(made.code);
      await store.fileDocument(made.document, buildFiscalXml(made.document), bill.id);
      bills.push(bill);
      filed.push(made.document);
    }
    expect(filed.slice(0, 12).every((d) => d.totals.igv === '15.65')).toBe(true);
    // Today the restaurant is on the reduced regime: recomputing would write every document at 10 %.
    const engine = memoryEngine(bills, emptyState(), REDUCED);
    const out = join(root, 'exports');
    const manifest = await exportDay({ engine, documents: store, root: out, clock: () => new Date('2026-12-01T05:00:00Z') }, '2026-11-30');

    const ple = manifest.files.find((f) => f.name.startsWith('LE'))!;
    const lines = (await readFile(join(out, '2026-11-30', ple.name), 'utf8')).split('\r\n').filter((l) => l !== '').map((l) => l.split('|'));
    expect(lines).toHaveLength(15);
    const byKey = new Map(filed.map((d) => [`${d.type}-${d.series}-${d.number}`, d]));
    for (const fields of lines) {
      const doc = byKey.get(fields[1]!)!;
      // Fields 14 (base), 16 (IGV) and 25 (total) are the stored document's.
      expect([fields[13], fields[15], fields[24]]).toEqual([doc.totals.taxable, doc.totals.igv, doc.totals.payable]);
    }
    const igvOf = (docs: FiscalDocument[]) => docs.reduce((n, d) => n + cents(d.totals.igv), 0);
    expect(lines.reduce((n, f) => n + cents(f[15]!), 0)).toBe(igvOf(filed));
    expect(lines.slice(0, 12).map((f) => f[15])).toEqual(Array(12).fill('15.65'));

    const month = parseCsv((await readFile(join(out, '2026-11-30', 'ventas-2026-11.csv'))).subarray(3).toString('utf8'), ',').map((r) => r.cells);
    const header = month[0]!;
    const base = header.indexOf('Base imponible');
    const igv = header.indexOf('IGV');
    const rows = month.slice(1);
    expect(rows).toHaveLength(15);
    expect(rows.slice(0, 12).map((r) => [r[base], r[igv]])).toEqual(Array(12).fill(['86.95', '15.65']));
    expect(rows.reduce((n, r) => n + cents(r[igv]!), 0)).toBe(igvOf(filed));
  });

  it("a day's sheet after the switch reads the stored document too", async () => {
    const store = new DocumentStore(join(root, 'data'));
    const engine = memoryEngine([sale(1, 1)], emptyState(), REDUCED);
    const out = join(root, 'exports-day');
    await exportDay({ engine, documents: store, root: out, clock: () => new Date('2026-11-02T05:00:00Z') }, '2026-11-01');
    const day = parseCsv((await readFile(join(out, '2026-11-01', 'ventas-2026-11-01.csv'))).subarray(3).toString('utf8'), ',').map((r) => r.cells);
    expect(day[1]![day[0]!.indexOf('IGV')]).toBe('15.65');
  });
});
