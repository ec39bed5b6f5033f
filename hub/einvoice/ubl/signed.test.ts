import { beforeAll, describe, expect, test } from 'vitest';
import { makeTestPkcs12 } from '../secrets/test-certificate.ts';
import { signUbl, verifyUbl } from '../sign/xmldsig.ts';
import { batchFileNameOf, fileNameOf } from '../testing/homologation-documents.ts';
import { limaToday, restaurantDocuments } from '../testing/restaurant-documents.ts';
import { sunatCheckUnavailable, validateBatch, type SunatKind, type ValidationResult } from '../testing/sunat-validator.ts';
import { buildFiscalXml, buildSummaryXml, buildVoidedXml, SIGNATURE_ID } from './index.ts';

const unavailable = sunatCheckUnavailable();
if (unavailable) console.warn(`signed-document checks skipped: ${unavailable}`);

// The builders' output signed by the real signer (hub/einvoice/sign): the signature lands in the
// slot the builders leave, and the signed document is still valid against the XSD and the rules.
const docs = restaurantDocuments(limaToday());
const { certificatePem, privateKeyPem } = makeTestPkcs12('secret');
const key = { privateKeyPem, certificateBase64: certificatePem.replace(/-----[^-]+-----|\s/g, '') };
const SIGNED: { name: string; kind: SunatKind; xml: string; fileName: string }[] = [
  ...[docs.factura, docs.boleta, docs.creditNote].map((doc) => ({ name: `${doc.type} ${doc.series}-${doc.number}`, kind: doc.type, xml: signUbl(buildFiscalXml(doc), key, { signatureId: SIGNATURE_ID }).xml, fileName: fileNameOf(doc) })),
  { name: docs.summary.id, kind: 'RC', xml: signUbl(buildSummaryXml(docs.summary), key, { signatureId: SIGNATURE_ID }).xml, fileName: batchFileNameOf(docs.summary) },
  { name: docs.voided.id, kind: 'RA', xml: signUbl(buildVoidedXml(docs.voided), key, { signatureId: SIGNATURE_ID }).xml, fileName: batchFileNameOf(docs.voided) },
];

test.each(SIGNED.map((signed) => [signed.name, signed.xml] as const))('%s: the signature sits in the slot and verifies', (_name, xml) => {
  expect(xml).toMatch(/<ext:ExtensionContent>\s*<ds:Signature[^>]*Id="SignatureSP"/);
  expect(verifyUbl(xml, certificatePem)).toBe(true);
});

describe.skipIf(Boolean(unavailable))('signed documents against SUNAT\'s schemas and rules', () => {
  let results: ValidationResult[] = [];
  beforeAll(async () => {
    results = await validateBatch(SIGNED.flatMap((signed) => [
      { kind: signed.kind, check: 'xsd' as const, xml: signed.xml },
      { kind: signed.kind, check: 'rules' as const, xml: signed.xml, fileName: signed.fileName },
    ]));
  });

  test.each(SIGNED.map((signed, index) => [signed.name, index] as const))('%s', (_name, index) => {
    expect(results[2 * index]!.errors).toEqual([]);
    expect(results[2 * index + 1]!.errors).toEqual([]);
    expect(results[2 * index + 1]!.observations).toEqual([]);
  });
});
