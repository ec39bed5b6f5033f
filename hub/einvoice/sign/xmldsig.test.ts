import { describe, expect, it } from 'vitest';
import { readPkcs12 } from '../secrets/pkcs12.ts';
import { makeTestPkcs12 } from '../secrets/test-certificate.ts';
import { limaToday, restaurantDocuments } from '../testing/restaurant-documents.ts';
import { buildFiscalXml, buildSummaryXml, buildVoidedXml } from '../ubl/index.ts';
import { digestOfUnsigned, digestValueOf, signUbl, verifyUbl } from './xmldsig.ts';

const made = makeTestPkcs12('pw');
const key = readPkcs12(made.p12, 'pw', new Date());
const other = makeTestPkcs12('pw');

/** A small UBL invoice with the empty extension slot SUNAT's samples carry. */
const INVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">
  <ext:UBLExtensions>
    <ext:UBLExtension>
      <ext:ExtensionContent/>
    </ext:UBLExtension>
  </ext:UBLExtensions>
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:ID>F001-1</cbc:ID>
  <cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="PEN">1652.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
</Invoice>`;

describe('signUbl', () => {
  const signed = signUbl(INVOICE, key);

  it('puts an enveloped signature in ext:ExtensionContent as SUNAT expects', () => {
    expect(signed.xml).toMatch(/<ext:ExtensionContent><ds:Signature Id="SignatureSP" xmlns:ds="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
    expect(signed.xml).toContain('<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>');
    expect(signed.xml).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>');
    expect(signed.xml).toContain('<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></ds:Transforms>');
    expect(signed.xml).toContain(`<ds:X509Certificate>${key.certificateBase64}</ds:X509Certificate>`);
    expect(signed.digestValue).toMatch(/^[A-Za-z0-9+/]{27}=$/); // sha1, base64
    expect(digestValueOf(signed.xml)).toBe(signed.digestValue);
  });

  it('verifies under the certificate, and under the one it carries', () => {
    expect(verifyUbl(signed.xml, made.certificatePem)).toBe(true);
    expect(verifyUbl(signed.xml)).toBe(true);
  });

  it.each([
    ['an amount changed', (x: string) => x.replace('>1652.00<', '>1700.00<')],
    ['the number changed', (x: string) => x.replace('>F001-1<', '>F001-2<')],
    ['an element added', (x: string) => x.replace('</Invoice>', '<cbc:Note>x</cbc:Note></Invoice>')],
    ['the digest changed', (x: string) => x.replace(/<ds:DigestValue>[^<]+/, '<ds:DigestValue>AAAAAAAAAAAAAAAAAAAAAAAAAAA=')],
  ])('tampering (%s) breaks verification', (_label, tamper) => {
    expect(verifyUbl(tamper(signed.xml), made.certificatePem)).toBe(false);
  });

  it('does not verify under someone else\'s certificate', () => {
    expect(verifyUbl(signed.xml, other.certificatePem)).toBe(false);
  });

  it('is deterministic: signing twice gives the same digest and signature', () => {
    expect(signUbl(INVOICE, key)).toEqual(signed);
  });

  it('with sha256 names rsa-sha256 and a sha256 digest, and verifies', () => {
    const s256 = signUbl(INVOICE, key, { algorithm: 'sha256', signatureId: 'SignIMM' });
    expect(s256.xml).toContain('xmldsig-more#rsa-sha256');
    expect(s256.xml).toContain('<ds:Signature Id="SignIMM"');
    expect(s256.digestValue).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(verifyUbl(s256.xml, made.certificatePem)).toBe(true);
  });

  it('adds the extension slot when the document has none, as the first child', () => {
    const bare = INVOICE.replace(/<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>/, '');
    const result = signUbl(bare, key);
    expect(result.xml).toMatch(/<Invoice[^>]*><ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><ds:Signature/);
    expect(verifyUbl(result.xml, made.certificatePem)).toBe(true);
  });

  it.each([
    ['already signed', () => signed.xml, 'SIGN_ALREADY_SIGNED'],
    ['not XML', () => 'no soy XML <', 'SIGN_BAD_XML'],
  ])('refuses a document %s', (_label, xml, code) => {
    expect(() => signUbl(xml(), key)).toThrow(code);
  });

  it('returns false, never throws, for a document without a signature', () => {
    expect(verifyUbl(INVOICE)).toBe(false);
  });
});

describe('digestOfUnsigned', () => {
  const documents = restaurantDocuments(limaToday());
  const built: [string, string][] = [
    ['factura', buildFiscalXml(documents.factura)],
    ['boleta', buildFiscalXml(documents.boleta)],
    ['escaped names', buildFiscalXml(documents.escaped)],
    ['credit note', buildFiscalXml(documents.creditNote)],
    ['credit note on a boleta', buildFiscalXml(documents.boletaCreditNote)],
    ['summary', buildSummaryXml(documents.summary)],
    ['voiding', buildVoidedXml(documents.voided)],
  ];

  it.each(built)('%s: equals the DigestValue the signature writes, sha1 and sha256, whatever the key', (_label, xml) => {
    expect(digestOfUnsigned(xml)).toBe(signUbl(xml, key).digestValue);
    expect(digestOfUnsigned(xml)).toBe(signUbl(xml, readPkcs12(other.p12, 'pw', new Date())).digestValue);
    expect(digestOfUnsigned(xml, 'sha256')).toBe(signUbl(xml, key, { algorithm: 'sha256' }).digestValue);
  });

  it('is the same for a document with no extension slot, and changes with any amount', () => {
    const bare = INVOICE.replace(/<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>/, '');
    expect(digestOfUnsigned(bare)).toBe(signUbl(bare, key).digestValue);
    expect(digestOfUnsigned(INVOICE)).toBe(signUbl(INVOICE, key).digestValue);
    expect(digestOfUnsigned(INVOICE.replace('>1652.00<', '>1652.01<'))).not.toBe(digestOfUnsigned(INVOICE));
  });

  it('ignores comments (a same-document reference drops them) but not whitespace inside elements', () => {
    expect(digestOfUnsigned(INVOICE.replace('<cbc:ID>', '<!-- nota --><cbc:ID>'))).toBe(digestOfUnsigned(INVOICE));
    expect(digestOfUnsigned(INVOICE.replace('<cbc:ID>F001-1', '<cbc:ID> F001-1'))).not.toBe(digestOfUnsigned(INVOICE));
  });

  it.each([
    ['already signed', () => signUbl(INVOICE, key).xml, 'SIGN_ALREADY_SIGNED'],
    ['not XML', () => 'no soy XML <', 'SIGN_BAD_XML'],
  ])('refuses a document %s, like signUbl', (_label, xml, code) => {
    expect(() => digestOfUnsigned(xml())).toThrow(code);
  });
});
