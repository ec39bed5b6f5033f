import { beforeAll, describe, expect, it } from 'vitest';
import type { Bill, FiscalDocument } from '#protocol';
import { ACCOUNT_CODES, cashPayment } from '#protocol';
import { makeTestPkcs12 } from '#hub/einvoice/secrets/test-certificate.ts';
import { signUbl } from '#hub/einvoice/sign/xmldsig.ts';
import { fileNameOf } from '#hub/einvoice/testing/homologation-documents.ts';
import { sunatCheckUnavailable, validateBatch, type ValidationResult } from '#hub/einvoice/testing/sunat-validator.ts';
import { buildFiscalXml, SIGNATURE_ID } from '#hub/einvoice/ubl/index.ts';
import { fiscalDocumentOf } from './tax.ts';
import { testBill, testSettings } from './test-bills.ts';

/**
 * Members' bills as SUNAT receives them (issue 22, hub/domain/payment/README.md "SUNAT"): a
 * boleta for a dinner at the member's VIP prices paid partly from the prepaid balance (the meal
 * is what is sold; the balance is only how it was paid, and no payment is on the document), and
 * a factura with a coupon's S/ 15 as its discount (a global discount before IGV, as a manual
 * one). Each built, signed with the test certificate and checked against SUNAT's XSD and
 * published rules: no error, no observation. Dated now: SUNAT's rules compare dates with today.
 */

const unavailable = sunatCheckUnavailable();
if (unavailable) console.warn(`SUNAT checks of members' documents skipped: ${unavailable}`);

const SOLD = new Date(Date.now() - 60_000).toISOString();
const { certificatePem, privateKeyPem } = makeTestPkcs12('secret');
const key = { privateKeyPem, certificateBase64: certificatePem.replace(/-----[^-]+-----|\s/g, '') };
const settings = testSettings();
const ANA = { id: 'm-ana', no: '000001', name: 'Ana P.' };

/** 2 ceviches at the VIP S/ 28 (list S/ 32) and a chicha: S/ 62.00, S/ 50 of it from the balance. */
function balanceBoleta(): Bill {
  const bill = testBill([{ price: 2800, qty: 2, name: 'Ceviche' }, { price: 600, qty: 1, name: 'Chicha morada' }], { paidAt: SOLD, document: { kind: 'boleta', docId: '45678912', name: 'Ana Pérez' } });
  const balance = { ...cashPayment(5000), method: 'balance' as const, accountCode: ACCOUNT_CODES.balance };
  return {
    ...bill,
    lines: bill.lines.map((l) => (l.names.es === 'Ceviche' ? { ...l, listUnitPriceCents: 3200, vipUnitPriceCents: 2800 } : l)),
    payments: [balance, cashPayment(bill.dueCents - 5000)],
    payMethod: 'mixed',
    member: ANA,
  };
}

/** A factura for a lunch of S/ 109 with a S/ 15 coupon: S/ 94.00. */
function couponFactura(): Bill {
  const bill = testBill([{ price: 3200, qty: 2, name: 'Ceviche' }, { price: 3800, qty: 1, name: 'Lomo saltado' }, { price: 600, qty: 1, name: 'Chicha morada' }, { price: 100, qty: 1, name: 'Agua' }], {
    orderDiscount: { kind: 'amount', cents: 1500 },
    paidAt: SOLD,
    document: { kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' },
    fiscal: { type: '01', series: 'F001', number: 7 },
  });
  return { ...bill, coupon: { code: 'VERANO-7KQ2M9XA', batchId: 'b-verano', name: 'Verano 15', deductionCents: 1500, category: 1 } };
}

function documentOf(bill: Bill): FiscalDocument {
  const made = fiscalDocumentOf(bill, settings);
  if (!made.ok) throw new Error(made.code);
  return made.document;
}

const BOLETA = documentOf(balanceBoleta());
const FACTURA = documentOf(couponFactura());
const CHECKED = [BOLETA, FACTURA].map((doc) => ({ doc, name: `${doc.series}-${doc.number} ${doc.totals.payable}`, xml: signUbl(buildFiscalXml(doc), key, { signatureId: SIGNATURE_ID }).xml }));

it('the boleta sells the meal at the VIP prices for its whole price, whatever part the balance paid', () => {
  expect(BOLETA.totals.payable).toBe('62.00');
  expect(BOLETA.lines.map((l) => l.description)).toEqual(['Ceviche', 'Chicha morada']);
  // The unit price SUNAT sees is the VIP price charged, never the list price kept beside it.
  expect(buildFiscalXml(BOLETA)).toContain('>28.00<');
  expect(buildFiscalXml(BOLETA)).not.toContain('>32.00<');
});

it("the factura's coupon is its discount: S/ 109.00 less S/ 15.00", () => {
  expect(FACTURA.totals.payable).toBe('94.00');
});

describe.skipIf(Boolean(unavailable))("members' documents against SUNAT's schemas and rules", () => {
  let results: ValidationResult[] = [];
  beforeAll(async () => {
    results = await validateBatch(CHECKED.flatMap((c) => [
      { kind: c.doc.type, check: 'xsd' as const, xml: c.xml },
      { kind: c.doc.type, check: 'rules' as const, xml: c.xml, fileName: fileNameOf(c.doc) },
    ]));
  });

  it.each(CHECKED.map((c, index) => [c.name, index] as const))('%s', (_name, index) => {
    expect(results[2 * index]!.errors).toEqual([]);
    expect(results[2 * index + 1]!.errors).toEqual([]);
    expect(results[2 * index + 1]!.observations).toEqual([]);
  });
});
