import { describe, expect, it } from 'vitest';
import type { FiscalDocument } from '#protocol';
import { fiscalDocumentOf } from './tax.ts';
import { testBill, testSettings, type BillSpec, type LineSpec } from './test-bills.ts';

/** Lima 13:00 on 2 March 2026. */
const MAR_2026 = '2026-03-02T18:00:00.000Z';
const BAG = 'p-bolsa';

function documentOf(lines: LineSpec[], spec: BillSpec = {}, regime: 'general' | 'reduced' = 'general'): FiscalDocument {
  const r = fiscalDocumentOf(testBill(lines, spec), testSettings({ regime, bagProductIds: [BAG] }));
  if (!r.ok) throw new Error(r.code);
  return r.document;
}

type Line = Partial<Pick<FiscalDocument['lines'][number], 'lineExtension' | 'igv' | 'unitValue' | 'unitPrice' | 'qty' | 'igvPercent' | 'unitCode' | 'free' | 'discount' | 'icbper'>>;
type Totals = Partial<FiscalDocument['totals']>;

/** Worked examples, by hand: base = round(price / (1 + rate), 2), IGV = price − base. */
const CASES: { name: string; lines: LineSpec[]; spec?: BillSpec; regime?: 'general' | 'reduced'; expectLines: Line[]; totals: Totals; words?: string }[] = [
  {
    name: 'one line of S/ 118.00 at 18 %',
    lines: [{ price: 11800 }],
    expectLines: [{ lineExtension: '100.00', igv: '18.00', unitValue: '100.00', unitPrice: '118.00', igvPercent: '18.00' }],
    totals: { taxable: '100.00', igv: '18.00', taxInclusive: '118.00', payable: '118.00', charges: '0.00' },
    words: 'SON: CIENTO DIECIOCHO CON 00/100 SOLES',
  },
  {
    name: 'two lines: 2 × S/ 32 and S/ 6 (64/1.18 = 54.237 → 54.24; 6/1.18 = 5.084 → 5.08)',
    lines: [{ price: 3200, qty: 2 }, { price: 600 }],
    expectLines: [
      { qty: '2', lineExtension: '54.24', igv: '9.76', unitValue: '27.12', unitPrice: '32.00' },
      { qty: '1', lineExtension: '5.08', igv: '0.92' },
    ],
    totals: { taxable: '59.32', igv: '10.68', payable: '70.00' },
    words: 'SON: SETENTA CON 00/100 SOLES',
  },
  {
    name: 'a line discount of S/ 10 on S/ 50: allowance 42.37 − 33.90 = 8.47 without IGV',
    lines: [{ price: 5000, discount: 1000 }],
    expectLines: [{ lineExtension: '33.90', igv: '6.10', unitValue: '42.37', discount: { base: '42.37', amount: '8.47' } }],
    totals: { taxable: '33.90', igv: '6.10', payable: '40.00' },
  },
  {
    name: 'an order discount of 10 % on S/ 100: global discount 8.47 lowers the base 84.75',
    lines: [{ price: 10000 }],
    spec: { orderDiscount: { kind: 'percent', percent: 10 } },
    expectLines: [{ lineExtension: '84.75', igv: '15.25' }],
    totals: { taxable: '76.28', igv: '13.72', globalDiscount: { factor: '0.09994', base: '84.75', amount: '8.47' }, lineExtension: '76.28', payable: '90.00' },
    words: 'SON: NOVENTA CON 00/100 SOLES',
  },
  {
    name: 'a gift: 3 × S/ 20 with one given free (its value shown, nothing charged)',
    lines: [{ price: 2000, qty: 3, gifted: 1 }],
    expectLines: [
      { qty: '2', lineExtension: '33.90', igv: '6.10' },
      { qty: '1', lineExtension: '16.95', igv: '3.05', unitPrice: '20.00', free: true },
    ],
    totals: { taxable: '33.90', igv: '6.10', free: '16.95', payable: '40.00' },
  },
  {
    name: 'lunch boxes at S/ 1.00 a portion: one line of 2 boxes',
    lines: [{ price: 1500, qty: 2 }],
    spec: { lunchBox: { mode: 'perItem', priceCents: 100 } },
    expectLines: [{ lineExtension: '25.42', igv: '4.58' }, { qty: '2', lineExtension: '1.69', igv: '0.31', unitPrice: '1.00', unitCode: 'NIU' }],
    totals: { taxable: '27.11', igv: '4.89', payable: '32.00' },
  },
  {
    name: 'the table minimum: S/ 30 fee as a service line (ZZ)',
    lines: [{ price: 5000 }],
    spec: { minimum: 8000 },
    expectLines: [{ lineExtension: '42.37' }, { unitCode: 'ZZ', lineExtension: '25.42', igv: '4.58' }],
    totals: { taxable: '67.79', igv: '12.21', payable: '80.00' },
  },
  {
    name: 'two plastic bags at S/ 0.60 in 2026: ICBPER 2 × 0.50, the other 0.20 splits into 0.17 + 0.03',
    lines: [{ price: 3000 }, { price: 60, qty: 2, productId: BAG, name: 'Bolsa' }],
    expectLines: [{ lineExtension: '25.42' }, { lineExtension: '0.17', igv: '0.03', icbper: { bags: 2, perBag: '0.50', amount: '1.00' } }],
    totals: { taxable: '25.59', igv: '4.61', icbper: '1.00', taxInclusive: '31.20', payable: '31.20' },
  },
  {
    name: 'a plastic bag in 2020: ICBPER S/ 0.20',
    lines: [{ price: 60, productId: BAG }],
    spec: { paidAt: '2020-06-01T17:00:00.000Z' },
    expectLines: [{ icbper: { bags: 1, perBag: '0.20', amount: '0.20' }, lineExtension: '0.34', igv: '0.06' }],
    totals: { icbper: '0.20', payable: '0.60' },
  },
  {
    name: 'a tip of S/ 10: a charge outside the base, no IGV',
    lines: [{ price: 10000 }],
    spec: { tip: 1000 },
    expectLines: [{ lineExtension: '84.75', igv: '15.25' }],
    totals: { taxable: '84.75', igv: '15.25', taxInclusive: '100.00', charges: '10.00', payable: '110.00' },
    words: 'SON: CIENTO DIEZ CON 00/100 SOLES',
  },
  {
    name: 'a reservation deposit of S/ 50: the document still covers the whole consumption',
    lines: [{ price: 11800 }],
    spec: { deposit: 5000 },
    expectLines: [{ lineExtension: '100.00' }],
    totals: { payable: '118.00' },
  },
  {
    name: 'reduced regime in 2026: 10 % (IGV 8 % + IPM 2 %)',
    lines: [{ price: 11000 }],
    regime: 'reduced',
    expectLines: [{ lineExtension: '100.00', igv: '10.00', igvPercent: '10.00' }],
    totals: { taxable: '100.00', igv: '10.00', payable: '110.00' },
  },
  {
    name: 'reduced regime, 31 Dec 2024 23:59 in Lima: still 10 %',
    lines: [{ price: 11000 }],
    regime: 'reduced',
    spec: { paidAt: '2025-01-01T04:59:00.000Z' },
    expectLines: [{ igvPercent: '10.00', igv: '10.00' }],
    totals: { payable: '110.00' },
  },
  {
    name: 'reduced regime, 1 Jan 2025 00:00 in Lima: 10 % (extended)',
    lines: [{ price: 11000 }],
    regime: 'reduced',
    spec: { paidAt: '2025-01-01T05:00:00.000Z' },
    expectLines: [{ igvPercent: '10.00' }],
    totals: { igv: '10.00' },
  },
  {
    name: 'reduced regime, 31 Dec 2026 23:30 in Lima (already 2027 in UTC): 10 %',
    lines: [{ price: 11000 }],
    regime: 'reduced',
    spec: { paidAt: '2027-01-01T04:30:00.000Z' },
    expectLines: [{ igvPercent: '10.00' }],
    totals: { igv: '10.00' },
  },
  {
    name: 'reduced regime, 1 Jan 2027 in Lima: 14 % (IGV 12 % + IPM 2 %)',
    lines: [{ price: 11400 }],
    regime: 'reduced',
    spec: { paidAt: '2027-01-01T05:00:00.000Z' },
    expectLines: [{ igvPercent: '14.00', lineExtension: '100.00', igv: '14.00' }],
    totals: { igv: '14.00' },
  },
  {
    name: 'reduced regime from 2028: back to 18 %',
    lines: [{ price: 11800 }],
    regime: 'reduced',
    spec: { paidAt: '2028-01-01T05:00:00.000Z' },
    expectLines: [{ igvPercent: '18.00', igv: '18.00' }],
    totals: { igv: '18.00' },
  },
];

describe('tax rules: worked examples', () => {
  it.each(CASES)('$name', ({ lines, spec, regime, expectLines, totals, words }) => {
    const doc = documentOf(lines, { paidAt: MAR_2026, ...spec }, regime);
    expect(doc.lines).toHaveLength(expectLines.length);
    expectLines.forEach((want, i) => expect(doc.lines[i]).toMatchObject(want));
    expect(doc.totals).toMatchObject(totals);
    if (words) expect(doc.legends).toEqual([{ code: '1000', text: words }]);
  });
});

describe('tax rules: the document around the amounts', () => {
  it('carries the number, the Lima date and time, the issuer and a nameless buyer on a small boleta', () => {
    const doc = documentOf([{ price: 1000 }], { paidAt: '2026-03-03T02:15:09.000Z' });
    expect(doc).toMatchObject({ type: '03', series: 'B001', number: 1, issueDate: '2026-03-02', issueTime: '21:15:09', currency: 'PEN' });
    expect(doc.issuer).toMatchObject({ ruc: '20131312955', address: { ubigeo: '150101', establishmentCode: '0000' } });
    expect(doc.customer).toEqual({ idType: '-', idNumber: '-', name: 'CLIENTES VARIOS' });
    expect(doc.paymentTerms).toBeUndefined();
  });

  it('names the DNI on a boleta and the RUC on a factura (cash: Contado; on account: Credito due in 30 days)', () => {
    expect(documentOf([{ price: 1000 }], { document: { kind: 'boleta', docId: '45781236', name: 'Ana Ruiz' } }).customer).toEqual({ idType: '1', idNumber: '45781236', name: 'Ana Ruiz' });
    const factura = documentOf([{ price: 1000 }], { document: { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' }, fiscal: { type: '01', series: 'F001', number: 7 } });
    expect(factura).toMatchObject({ type: '01', series: 'F001', number: 7, customer: { idType: '6', idNumber: '20100070970' }, paymentTerms: { kind: 'Contado' } });
    const bill = testBill([{ price: 1000 }], { paidAt: MAR_2026, document: { kind: 'factura', docId: '20100070970', name: 'X SAC' }, fiscal: { type: '01', series: 'F001', number: 8 } });
    const onAccount = fiscalDocumentOf({ ...bill, payments: [{ ...bill.payments[0]!, method: 'onAccount', accountCode: 3 }] }, testSettings());
    expect(onAccount.ok && onAccount.document.paymentTerms).toEqual({ kind: 'Credito', amount: '10.00', dueDate: '2026-04-01' });
  });

  it('refuses a bill without a number, a day without a rate, a bag priced below its ICBPER', () => {
    expect(fiscalDocumentOf(testBill([{ price: 1000 }], { fiscal: null }), testSettings())).toEqual({ ok: false, code: 'NOT_NUMBERED' });
    expect(fiscalDocumentOf(testBill([{ price: 1000 }], { paidAt: '2010-01-01T17:00:00.000Z' }), testSettings())).toEqual({ ok: false, code: 'FISCAL_RATE_MISSING' });
    expect(fiscalDocumentOf(testBill([{ price: 40, productId: BAG }], { paidAt: MAR_2026 }), testSettings({ bagProductIds: [BAG] }))).toEqual({ ok: false, code: 'BAG_PRICE_BELOW_ICBPER' });
  });

  it('reads the rate from the settings, never a number of its own', () => {
    const settings = testSettings({ rates: { ...testSettings().rates, general: [{ from: '2026-01-01', basisPoints: 1900 }] } });
    const r = fiscalDocumentOf(testBill([{ price: 11900 }], { paidAt: MAR_2026 }), settings);
    expect(r.ok && r.document.lines[0]).toMatchObject({ igvPercent: '19.00', lineExtension: '100.00', igv: '19.00' });
  });
});
