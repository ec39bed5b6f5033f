import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Bill, BillCorrection, FiscalDocument } from '#protocol';
import { fiscalKey } from '#protocol';
import { testBill, testSettings } from '#hub/domain/einvoice/test-bills.ts';
import { fiscalDocumentOf } from '#hub/domain/einvoice/tax.ts';
import { FIXTURES, pleFixturesUnavailable } from '#hub/einvoice/testing/sunat-validator.ts';
import { parseCsv } from '#hub/goods-io/csv.ts';
import { buildPle141, PLE_EOL, ple141FileName } from './ple141.ts';

/** The field table as SUNAT publishes it (fixtures/sunat/ple/libros/140100.csv): number, length, required, format. */
type FieldRule = { n: number; length: string; required: boolean; format: string; rules: string };
const unavailable = pleFixturesUnavailable();
if (unavailable) console.warn(`PLE field checks skipped: ${unavailable}`);
const fixture = (file: string) => (unavailable ? '' : readFileSync(path.join(FIXTURES, file), 'utf8'));
const TABLE: FieldRule[] = parseCsv(fixture('ple/libros/140100.csv'), ',')
  .slice(1)
  .filter((r) => /^\d+$/.test(r.cells[0]!))
  .map((r) => ({ n: Number(r.cells[0]), length: r.cells[1]!, required: r.cells[2] === 'Si', format: r.cells[5]!, rules: r.cells[6] ?? '' }));

/** The codes of an annex table (fixtures/sunat/ple/anexos/3_tabla_N.csv). */
function annex(n: number): Set<string> {
  return new Set(parseCsv(fixture(`ple/anexos/3_tabla_${n}.csv`), ',').slice(1).map((r) => r.cells[0]!.trim()));
}
const DOC_TYPES = annex(10);
const ID_TYPES = annex(2);
const CURRENCIES = annex(4);

const RUC = '20131312955';
const BAG = 'bag';
const SETTINGS = testSettings({ bagProductIds: [BAG] });
const AMOUNT = /^-?\d{1,12}\.\d{2}$/;

/** A March 2026 month: a boleta with a plastic bag, a factura with a tip, a sale note, a withdrawn bill, a February boleta. */
function month(): { bills: Bill[]; corrections: BillCorrection[] } {
  const boleta = { ...testBill([{ price: 3000, qty: 2 }, { price: 60, productId: BAG, name: 'Bolsa' }], { paidAt: '2026-03-02T18:00:00.000Z' }), id: 'b-1' };
  const factura = {
    ...testBill([{ price: 11800 }], {
      tip: 500,
      paidAt: '2026-03-05T01:30:00.000Z',
      document: { kind: 'factura', docId: '20100066603', name: 'Distribuidora | Norte / Sur & Cía' },
      fiscal: { type: '01', series: 'F001', number: 7 },
    }),
    id: 'b-2',
  };
  const note = { ...testBill([{ price: 2500 }], { fiscal: null, paidAt: '2026-03-03T18:00:00.000Z' }), id: 'b-3' };
  const withdrawn = { ...testBill([{ price: 900 }], { fiscal: null }), id: 'b-4', deleted: 2 as const, payments: [] };
  const february = { ...testBill([{ price: 4000 }], { paidAt: '2026-02-27T18:00:00.000Z', fiscal: { type: '03', series: 'B001', number: 1 } }), id: 'b-5' };
  const withDni = { ...testBill([{ price: 80000 }], { paidAt: '2026-03-31T20:00:00.000Z', document: { kind: 'boleta', docId: '45678912', name: 'Quispe Mamani Rosa' }, fiscal: { type: '03', series: 'B001', number: 3 } }), id: 'b-6' };
  boleta.fiscal = { type: '03', series: 'B001', number: 2 };
  const corrections: BillCorrection[] = [
    correction('c-1', boleta, 'refund', [{ lineId: 'l-1', qty: 1 }], '2026-03-02T19:00:00.000Z', { series: 'BC01', number: 1 }),
    correction('c-2', factura, 'void', [], '2026-03-06T15:00:00.000Z', { series: 'FC01', number: 1 }),
    correction('c-3', february, 'void', [], '2026-03-01T15:00:00.000Z', { series: 'BC01', number: 2 }),
  ];
  return { bills: [factura, boleta, note, withdrawn, february, withDni], corrections };
}

function correction(id: string, bill: Bill, kind: 'void' | 'refund', lines: { lineId: string; qty: number }[], at: string, note: { series: string; number: number }): BillCorrection {
  const of = bill.fiscal as { type: '01' | '03'; series: string; number: number };
  return { id, billId: bill.id, billNo: bill.billNo, kind, lines, amountCents: 0, reason: 'Cliente devolvió', method: 'cash', at, by: 'staff-1', creditNote: { type: '07', ...note, of } };
}

function build() {
  const { bills, corrections } = month();
  return buildPle141({ ruc: RUC, year: 2026, month: 3, bills, corrections, settings: SETTINGS });
}

function rows(content: string): string[][] {
  expect(content.endsWith(PLE_EOL)).toBe(true);
  return content.slice(0, -PLE_EOL.length).split(PLE_EOL).map((line) => {
    expect(line.endsWith('|')).toBe(true);
    return line.slice(0, -1).split('|');
  });
}

/** A field's length rule from the table's "longitud" column. */
function lengthOk(rule: FieldRule, value: string): boolean {
  const l = rule.length;
  if (l.startsWith('Hasta 12 enteros')) return AMOUNT.test(value);
  if (l === '1 entero y 3 decimales') return /^\d\.\d{3}$/.test(value);
  let m = /^Hasta (\d+)$/.exec(l);
  if (m) return value.length <= Number(m[1]);
  m = /^De (\d+) hasta (\d+)$/.exec(l);
  if (m) return value.length >= Number(m[1]) && value.length <= Number(m[2]);
  return value.length === Number(l);
}

/** A field's format rule from the table's "formato" column. */
function formatOk(rule: FieldRule, value: string): boolean {
  if (rule.format === 'DD/MM/AAAA') {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    return !!m && new Date(`${m[3]}-${m[2]}-${m[1]}T00:00:00Z`).toISOString().slice(0, 10) === `${m[3]}-${m[2]}-${m[1]}`;
  }
  if (rule.format === 'Numérico') return rule.length.startsWith('Hasta 12') || rule.length.includes('decimales') ? AMOUNT.test(value) || /^\d\.\d{3}$/.test(value) : /^\d+$/.test(value);
  if (rule.format === 'Alfanumérico') return /^[A-Za-z0-9(),.-]+$/.test(value);
  if (rule.format === 'Texto') return !/[|/\\]/.test(value);
  throw new Error(`format ${rule.format}`);
}

describe.skipIf(Boolean(unavailable))('PLE 14.1 sales register', () => {
  it('reads 35 fields from the fixture table', () => {
    expect(TABLE.map((r) => r.n)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
  });

  it('writes every line with 35 fields, each of the table’s length, format and required-ness', () => {
    const file = build();
    const lines = rows(file.content);
    expect(lines).toHaveLength(6);
    for (const fields of lines) {
      expect(fields).toHaveLength(35);
      for (const rule of TABLE) {
        const value = fields[rule.n - 1]!;
        if (rule.required) expect(value, `field ${rule.n} required`).not.toBe('');
        if (value === '') continue;
        expect(lengthOk(rule, value), `field ${rule.n} length: ${value}`).toBe(true);
        expect(formatOk(rule, value), `field ${rule.n} format: ${value}`).toBe(true);
      }
      const [type, state] = [fields[5]!, fields[34]!];
      // Conditional rules of the table: 4 unless estado 2; 23 for 01/03/07; 27 when 26; 28–31 for a note.
      expect(fields[3]).not.toBe('');
      if (['01', '03', '07'].includes(type)) expect(fields[22]).toMatch(AMOUNT);
      if (fields[25]) expect(fields[26]).toBe('1.000');
      if (type === '07' && state !== '2') for (const i of [27, 28, 29, 30]) expect(fields[i], `note field ${i + 1}`).not.toBe('');
      if (type !== '07') for (const i of [27, 28, 29, 30]) expect(fields[i]).toBe('');
      // Field 10 (identity type) is required on a factura and never 0 where it is optional; 1 = 1: period, 3 starts with M.
      if (type === '01') expect(ID_TYPES.has(fields[9]!)).toBe(true);
      if (fields[9]) expect(ID_TYPES.has(fields[9])).toBe(true);
      expect(DOC_TYPES.has(type)).toBe(true);
      if (fields[28]) expect(DOC_TYPES.has(fields[28])).toBe(true);
      expect(CURRENCIES.has(fields[25]!)).toBe(true);
      expect(fields[0]).toBe('20260300');
      expect(fields[2]).toMatch(/^M\d{1,9}$/);
      expect(state).toBe('1');
      // The table's rule for 4 and 28: on or before the period.
      expect(fields[3]!.slice(3)).toBe('03/2026');
      // Total = base + IGV + exonerated + unaffected + ICBPER + other charges, to the céntimo.
      const cents = (i: number) => Math.round(Number(fields[i]) * 100);
      expect(cents(13) + cents(15) + cents(17) + cents(18) + cents(22) + cents(23)).toBe(cents(24));
    }
    expect(new Set(lines.map((f) => f[1])).size).toBe(lines.length);
    expect(lines.map((f) => f[2])).toEqual(['M1', 'M2', 'M3', 'M4', 'M5', 'M6']);
    expect(file.skipped).toEqual([]);
  });

  it('lists the month’s documents by date with their fiscal amounts, notes negative and naming their original', () => {
    const lines = rows(build().content);
    const byKey = new Map(lines.map((f) => [f[1]!, f]));
    // Ordered by issue date: the February boleta's note (1 March), the boleta and its refund note (2 March), ...
    expect(lines.map((f) => f[1])).toEqual(['07-BC01-2', '03-B001-2', '07-BC01-1', '01-F001-7', '07-FC01-1', '03-B001-3']);
    const boleta = byKey.get('03-B001-2')!;
    const doc = fiscalDocumentOf(month().bills[1]!, SETTINGS);
    if (!doc.ok) throw new Error(doc.code);
    expect(boleta.slice(3, 12)).toEqual(['02/03/2026', '', '03', 'B001', '2', '', '', '', '']);
    expect([boleta[13], boleta[15], boleta[22], boleta[24]]).toEqual([doc.document.totals.taxable, doc.document.totals.igv, '0.50', '60.60']);
    const factura = byKey.get('01-F001-7')!;
    // Paid at 01:30 UTC on the 5th: Lima's 4 March. The buyer's name loses the "|" and "/" free text refuses; "&" is refused only in fields 2-3.
    expect(factura.slice(3, 12)).toEqual(['04/03/2026', '', '01', 'F001', '7', '', '6', '20100066603', 'Distribuidora Norte Sur & Cía']);
    expect([factura[13], factura[15], factura[23], factura[24]]).toEqual(['100.00', '18.00', '5.00', '123.00']);
    const voided = byKey.get('07-FC01-1')!;
    expect([voided[13], voided[15], voided[23], voided[24]]).toEqual(['-100.00', '-18.00', '-5.00', '-123.00']);
    expect(voided.slice(27, 31)).toEqual(['04/03/2026', '01', 'F001', '7']);
    expect(voided[9]).toBe('6');
    const refund = byKey.get('07-BC01-1')!;
    expect(refund[24]).toBe('-30.00');
    expect(refund.slice(27, 31)).toEqual(['02/03/2026', '03', 'B001', '2']);
    // A note in March on a February boleta: listed in March, its original's date in February.
    expect(byKey.get('07-BC01-2')!.slice(27, 31)).toEqual(['27/02/2026', '03', 'B001', '1']);
    expect(byKey.has('03-B001-1')).toBe(false);
    // A boleta of S/ 800 names its buyer (DNI, type 1).
    expect(byKey.get('03-B001-3')!.slice(9, 12)).toEqual(['1', '45678912', 'Quispe Mamani Rosa']);
  });

  it('prefers the documents stored with the send jobs, and reports what it could not read', () => {
    const { bills, corrections } = month();
    const stored = new Map<string, FiscalDocument>();
    const doc = fiscalDocumentOf(bills[0]!, SETTINGS);
    if (!doc.ok) throw new Error(doc.code);
    stored.set(fiscalKey(doc.document), { ...doc.document, totals: { ...doc.document.totals, payable: '999.99' } });
    const file = buildPle141({ ruc: RUC, year: 2026, month: 3, bills, corrections, documents: stored });
    const lines = rows(file.content);
    expect(lines.map((f) => f[1])).toEqual(['01-F001-7']);
    expect(lines[0]![24]).toBe('999.99');
    expect(file.skipped.map((s) => s.key).sort()).toEqual(['03-B001-1', '03-B001-2', '03-B001-3', '07-BC01-1', '07-BC01-2', '07-FC01-1']);
    expect(new Set(file.skipped.map((s) => s.reason))).toEqual(new Set(['DOCUMENT_MISSING']));
  });

  it('names the file as SUNAT does: LE + RUC + period + 00 140100 00 + 1 + content + 1 (soles) + 1', () => {
    expect(build().fileName).toBe('LE2013131295520260300140100001111.txt');
    const empty = buildPle141({ ruc: RUC, year: 2026, month: 4, bills: month().bills, corrections: month().corrections, settings: SETTINGS });
    expect(empty).toMatchObject({ fileName: 'LE2013131295520260400140100001011.txt', content: '', lines: 0 });
    expect(ple141FileName(RUC, 2026, 12, false)).toHaveLength(37);
  });

  it('leaves sale notes and withdrawn bills out, and refuses a malformed period or RUC', () => {
    const keys = rows(build().content).map((f) => `${f[5]}-${f[6]}`);
    expect(keys.every((k) => /^(01-F|03-B|07-[FB])/.test(k))).toBe(true);
    expect(() => buildPle141({ ruc: '2013131295', year: 2026, month: 3, bills: [], corrections: [] })).toThrow(RangeError);
    expect(() => buildPle141({ ruc: RUC, year: 2026, month: 13, bills: [], corrections: [] })).toThrow(RangeError);
    expect(() => buildPle141({ ruc: RUC, year: 2026.5, month: 1, bills: [], corrections: [] })).toThrow(RangeError);
  });
});
