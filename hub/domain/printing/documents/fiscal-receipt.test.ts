import { describe, expect, it } from 'vitest';
import { TICKET_LANGUAGES, type BillCorrection, type FiscalDocument, type PrintDocument, type TicketLanguage } from '#protocol';
import { fiscalDocumentOf } from '../../einvoice/tax.ts';
import { testBill, testSettings } from '../../einvoice/test-bills.ts';
import { formatSoles } from '../../money.ts';
import { correctionSlipDocument } from './correction-slip.ts';
import { fiscalQrData, HASH_LABEL, withFiscalDigest } from './fiscal-qr.ts';
import { CHECK_AT, receiptFiscalOf } from './fiscal-receipt.ts';
import { receiptDocument } from './receipt.ts';
import { markedReprint } from './reprint.ts';

/** The texts of a document, one per block ("label | amount" for a row, "QR:" + data for a QR). */
function texts(doc: PrintDocument): string[] {
  return doc.blocks.map((b) => (b.kind === 'text' ? b.text : b.kind === 'columns' ? `${b.left} | ${b.right}` : b.kind === 'qr' ? `QR:${b.data}` : ''));
}

function documentOf(...args: Parameters<typeof testBill>): FiscalDocument {
  const made = fiscalDocumentOf(testBill(...args), testSettings());
  if (!made.ok) throw new Error(made.code);
  return made.document;
}

const DIGEST = 'qqnr2dN4p/HmaEA/CJuVGo7dv5g=';
const PAID_AT = '2026-03-02T18:05:09.000Z'; // 13:05:09 in Lima

/** A boleta without a buyer: two dishes and a gift; a boleta with a DNI; a factura with a discount, a tip and part on account. */
const anonymous = documentOf([{ price: 3200, qty: 2 }, { price: 1500, gifted: 1 }], { paidAt: PAID_AT, fiscal: { type: '03', series: 'B001', number: 17 } });
const withDni = documentOf([{ price: 11_800 }], { paidAt: PAID_AT, document: { kind: 'boleta', docId: '45678912', name: 'Begoña Ñáñez' }, fiscal: { type: '03', series: 'B001', number: 18 } });
const facturaBill = testBill([{ price: 5000, qty: 2 }], {
  paidAt: PAID_AT,
  orderDiscount: { kind: 'percent', percent: 10 },
  tip: 500,
  document: { kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' },
  fiscal: { type: '01', series: 'F001', number: 7 },
});
const factura = ((): FiscalDocument => {
  const onAccount = { ...facturaBill, payments: [{ ...facturaBill.payments[0]!, method: 'onAccount' as const, person: 'Ana', contact: '' }] };
  const made = fiscalDocumentOf(onAccount, testSettings());
  if (!made.ok) throw new Error(made.code);
  return made.document;
})();

describe('the QR payload (RUC|type|series|number|IGV|total|date|buyer type|buyer number|digest|)', () => {
  it.each([
    ['an anonymous boleta: consumidor final as the XML writes it (0, -)', anonymous, ['20131312955', '03', 'B001', '17', anonymous.totals.igv, '64.00', '2026-03-02', '0', '-', DIGEST, '']],
    ['a boleta with a DNI', withDni, ['20131312955', '03', 'B001', '18', '18.00', '118.00', '2026-03-02', '1', '45678912', DIGEST, '']],
    ['a factura: the RUC, the total with the tip', factura, ['20131312955', '01', 'F001', '7', factura.totals.igv, '95.00', '2026-03-02', '6', '20100070970', DIGEST, '']],
  ])('%s', (_label, doc, fields) => {
    expect(fiscalQrData(doc, DIGEST).split('|')).toEqual(fields);
  });

  it('the amounts are the document\'s own (what SUNAT holds), never recomputed', () => {
    expect(withDni.totals).toMatchObject({ taxable: '100.00', igv: '18.00', payable: '118.00' });
    expect(anonymous.totals.payable).toBe('64.00'); // the gift is not charged
  });

  it('a stray `|` in a field cannot shift the fields', () => {
    const hostile = { ...withDni, customer: { ...withDni.customer, idNumber: '4567|8912' } };
    expect(fiscalQrData(hostile, DIGEST).split('|')).toHaveLength(11);
  });
});

describe('withFiscalDigest: the runner completes the QR and prints the hash', () => {
  const doc = receiptDocument({ businessName: 'El Sabor', ruc: '', address: '', bill: testBill([{ price: 11_800 }]), cashier: 'Óscar', fiscal: receiptFiscalOf(withDni) }, 'es');

  it('the QR gets the digest and a Hash line follows it; nothing else changes', () => {
    const sealed = withFiscalDigest(doc, withDni, DIGEST);
    const qrAt = sealed.blocks.findIndex((b) => b.kind === 'qr');
    expect(sealed.blocks[qrAt]).toMatchObject({ kind: 'qr', data: fiscalQrData(withDni, DIGEST) });
    expect(sealed.blocks[qrAt + 1]).toMatchObject({ kind: 'text', text: `${HASH_LABEL} ${DIGEST}` });
    expect(sealed.blocks.filter((b) => b.kind !== 'qr' && !(b.kind === 'text' && b.text.startsWith(HASH_LABEL)))).toEqual(doc.blocks.filter((b) => b.kind !== 'qr'));
  });

  it('a reprint (REPRINT on top) is sealed the same way', () => {
    const sealed = withFiscalDigest(markedReprint(doc, 'zh'), withDni, DIGEST);
    expect(texts(sealed)[0]).toBe('重印');
    expect(texts(sealed)).toContain(`QR:${fiscalQrData(withDni, DIGEST)}`);
  });

  it.each([
    ['no digest', doc, withDni, ''],
    ['another document\'s QR (the fields must match)', doc, { ...withDni, number: 19 }, DIGEST],
    ['a document already sealed', withFiscalDigest(doc, withDni, DIGEST), withDni, 'AAAA'],
  ])('leaves the paper as it is with %s', (_label, paper, fiscal, digest) => {
    expect(withFiscalDigest(paper, fiscal, digest)).toEqual(paper);
  });
});

describe('the fiscal part of a receipt', () => {
  it('boleta: title with series-number, issuer as registered, date and time, buyer, legal amounts, words, representation, where to check', () => {
    const f = receiptFiscalOf(withDni);
    expect(f.title).toBe('BOLETA DE VENTA ELECTRÓNICA B001-18');
    expect(f.issuer).toEqual({ legalName: 'RESTAURANTE EL SABOR S.A.C.', ruc: '20131312955', address: 'Av. Abancay 123, Lima, Lima, Lima' });
    expect(f.head).toEqual(['FECHA DE EMISIÓN: 02/03/2026 13:05:09', 'DNI: 45678912', 'CLIENTE: Begoña Ñáñez']);
    expect(f.totals).toEqual([
      { label: 'OP. GRAVADA', value: 'S/ 100.00' },
      { label: 'IGV 18%', value: 'S/ 18.00' },
      { label: 'IMPORTE TOTAL', value: 'S/ 118.00', bold: true },
    ]);
    expect(f.notes).toEqual(['SON: CIENTO DIECIOCHO CON 00/100 SOLES']);
    expect(f.footer).toEqual(['Representación impresa de la BOLETA DE VENTA ELECTRÓNICA', CHECK_AT]);
  });

  it('anonymous boleta: CLIENTES VARIOS, no number; a gift shows as OP. GRATUITA', () => {
    const f = receiptFiscalOf(anonymous);
    expect(f.head.slice(1)).toEqual(['CLIENTE: CLIENTES VARIOS']);
    expect(f.totals.map((t) => t.label)).toEqual(['OP. GRAVADA', 'OP. GRATUITA', 'IGV 18%', 'IMPORTE TOTAL']);
    expect(f.totals.find((t) => t.label === 'OP. GRATUITA')?.value).toBe(formatSoles(1271)); // 15.00 without IGV
  });

  it('factura: RUC and legal name, the discount, the tip as another charge, credit terms with the due date', () => {
    const f = receiptFiscalOf(factura);
    expect(f.title).toBe('FACTURA ELECTRÓNICA F001-7');
    expect(f.head.slice(1)).toEqual(['RUC: 20100070970', 'RAZÓN SOCIAL: Supermercados Peruanos S.A.']);
    const rows = Object.fromEntries(f.totals.map((t) => [t.label, t.value]));
    expect(rows).toMatchObject({ 'OTROS CARGOS': 'S/ 5.00', 'IMPORTE TOTAL': 'S/ 95.00' });
    expect(rows['DESCUENTO GLOBAL']).toMatch(/^-S\/ /);
    expect(f.notes).toEqual(['SON: NOVENTA Y CINCO CON 00/100 SOLES', 'FORMA DE PAGO: CRÉDITO', 'CUOTA 1: S/ 95.00 VENCE 01/04/2026']);
  });

  it('a factura paid at the till is CONTADO; bags show their ICBPER; a reduced rate its own percent', () => {
    const contado = fiscalDocumentOf(facturaBill, testSettings());
    expect(contado.ok && receiptFiscalOf(contado.document).notes).toContain('FORMA DE PAGO: CONTADO');
    const reduced = documentOf([{ price: 1100 }], { paidAt: PAID_AT });
    const atTen = receiptFiscalOf({ ...reduced, lines: reduced.lines.map((l) => ({ ...l, igvPercent: '10.00' })) });
    expect(atTen.totals.map((t) => t.label)).toContain('IGV 10%');
    const bag = receiptFiscalOf({ ...withDni, totals: { ...withDni.totals, icbper: '0.50' } });
    expect(bag.totals).toContainEqual({ label: 'ICBPER', value: 'S/ 0.50' });
  });
});

describe('the receipt of a numbered boleta in every language', () => {
  const bill = testBill([{ price: 11_800 }], { paidAt: PAID_AT, document: { kind: 'boleta', docId: '45678912', name: 'Begoña Ñáñez' }, fiscal: { type: '03', series: 'B001', number: 18 } });
  const thanks: Record<TicketLanguage, string> = { es: '¡Gracias por su visita!', en: 'Thank you for your visit!', zh: '谢谢光临！' };
  const hint: Record<TicketLanguage, string | null> = { es: null, en: 'ELECTRONIC SALES RECEIPT (BOLETA)', zh: '电子销售小票 (BOLETA)' };

  it.each(TICKET_LANGUAGES)('%s: the legal texts in Spanish, the rest in the printer\'s language, one QR, totals equal the bill', (lang) => {
    const doc = receiptDocument({ businessName: 'El Sabor', ruc: '20131312955', address: 'x', bill, cashier: 'Óscar', fiscal: receiptFiscalOf(withDni) }, lang);
    const all = texts(doc);
    for (const legal of ['BOLETA DE VENTA ELECTRÓNICA B001-18', 'RUC 20131312955', 'RESTAURANTE EL SABOR S.A.C.', 'OP. GRAVADA | S/ 100.00', 'IGV 18% | S/ 18.00', 'IMPORTE TOTAL | S/ 118.00', 'SON: CIENTO DIECIOCHO CON 00/100 SOLES', 'Representación impresa de la BOLETA DE VENTA ELECTRÓNICA', CHECK_AT, 'DNI: 45678912']) {
      expect(all).toContain(legal);
    }
    expect(all).toContain(thanks[lang]);
    if (hint[lang]) expect(all).toContain(hint[lang]);
    expect(doc.blocks.filter((b) => b.kind === 'qr')).toEqual([{ kind: 'qr', data: fiscalQrData(withDni, ''), align: 'center' }]);
    expect(formatSoles(bill.totalCents)).toBe('S/ 118.00');
  });
});

describe('correction slips', () => {
  const correction: BillCorrection = {
    id: 'c-1', billId: 'o-1', billNo: 12, kind: 'refund', lines: [{ lineId: 'l-1', qty: 1 }], amountCents: 3200, reason: 'plato frío', method: 'cash', at: PAID_AT, by: 'staff-1',
  };
  const note: FiscalDocument = {
    ...documentOf([{ price: 3200 }], { paidAt: PAID_AT, fiscal: { type: '03', series: 'B001', number: 17 } }),
    type: '07',
    series: 'BC01',
    number: 3,
    reference: { type: '03', series: 'B001', number: 17, reasonCode: '07', reason: 'plato frío' },
  };

  it('with a credit note: its legal title, what it modifies and why, the lines, the amounts, the QR (type 07)', () => {
    const doc = correctionSlipDocument({ businessName: 'El Sabor', correction: { ...correction, creditNote: { type: '07', series: 'BC01', number: 3, of: { type: '03', series: 'B001', number: 17 } } }, by: 'Óscar', note }, 'zh');
    const all = texts(doc);
    for (const part of ['NOTA DE CRÉDITO ELECTRÓNICA BC01-3', '电子贷记单', 'DOC. QUE MODIFICA: BOLETA DE VENTA ELECTRÓNICA B001-17', 'MOTIVO: 07 plato frío', '1 × Plato 1 | S/ 32.00', 'IMPORTE TOTAL | S/ 32.00', '退还 (现金) | S/ 32.00', '经办人: Óscar', 'Representación impresa de la NOTA DE CRÉDITO ELECTRÓNICA']) {
      expect(all).toContain(part);
    }
    expect(all).toContain(`QR:${fiscalQrData(note, '')}`);
    expect(fiscalQrData(note, DIGEST).split('|').slice(0, 6)).toEqual(['20131312955', '07', 'BC01', '3', note.totals.igv, '32.00']);
  });

  it.each([
    ['es', 'refund', 'DEVOLUCIÓN', 'Motivo: plato frío', 'Devuelto (Efectivo) | S/ 32.00'],
    ['en', 'void', 'VOID', 'Reason: plato frío', 'Returned (Cash) | S/ 32.00'],
    ['zh', 'refund', '退款', '原因: plato frío', '退还 (现金) | S/ 32.00'],
  ] as const)('a sale note\'s correction in %s: a plain %s slip without QR', (lang, kind, title, reason, amount) => {
    const doc = correctionSlipDocument({ businessName: 'El Sabor', correction: { ...correction, kind }, by: '' }, lang);
    const all = texts(doc);
    for (const part of [title, reason, amount, '12']) expect(all.join('\n')).toContain(part);
    expect(doc.blocks.some((b) => b.kind === 'qr')).toBe(false);
    expect(doc.cut).toBe(true);
  });
});
