import { createHash } from 'node:crypto';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { C14nCanonicalization, SignedXml } from 'xml-crypto';

const EXT_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';
/** Canonical XML 1.0, inclusive, without comments: what SUNAT's signed samples use. */
export const C14N_INCLUSIVE = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/**
 * The two pairs a UBL signature may name. `sha1` (rsa-sha1 + sha1 digest) is what both signed
 * samples in the SUNAT fixtures carry (README of this folder: sources); `sha256` is offered for
 * an OSE or a SUNAT rule that asks for it.
 */
export type SignatureAlgorithm = 'sha1' | 'sha256';
const ALGORITHMS: Record<SignatureAlgorithm, { signature: string; digest: string; hash: 'sha1' | 'sha256' }> = {
  sha1: { signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', digest: 'http://www.w3.org/2000/09/xmldsig#sha1', hash: 'sha1' },
  sha256: { signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', digest: 'http://www.w3.org/2001/04/xmlenc#sha256', hash: 'sha256' },
};

/** The default pair (see SignatureAlgorithm). */
export const DEFAULT_SIGNATURE_ALGORITHM: SignatureAlgorithm = 'sha1';

/** The key and certificate a signature is made with. */
export type SigningKey = { privateKeyPem: string; certificateBase64: string };

/** A signed document and the digest that its QR code and printed representation carry. */
export type SignedUbl = { xml: string; digestValue: string };

/** Options of `signUbl`. */
export type SignOptions = {
  algorithm?: SignatureAlgorithm;
  /** `ds:Signature/@Id`; UBL's `cac:Signature/cbc:ID` usually names the same. */
  signatureId?: string;
};

/** Thrown for a document that cannot carry a signature (not XML, or already signed). */
export class SignError extends Error {
  readonly code: 'SIGN_BAD_XML' | 'SIGN_ALREADY_SIGNED';
  constructor(code: SignError['code'], reason: string) {
    super(`${code}: ${reason}`);
    this.name = 'SignError';
    this.code = code;
  }
}

function parse(xml: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: (level: string, msg: unknown) => { if (level !== 'warning') errors.push(String(msg)); } }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !doc.documentElement) throw new SignError('SIGN_BAD_XML', errors[0] ?? 'no root element');
  return doc as unknown as Document;
}

/**
 * Makes sure the document has an empty `ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent`
 * for the signature (UBL requires UBLExtensions to be the root's first child) and returns the
 * XML with it. A document with a ds:Signature already is refused: signing twice would nest.
 */
function withEmptyExtensionContent(xml: string): string {
  const doc = parse(xml);
  if (doc.getElementsByTagNameNS(DS_NS, 'Signature').length > 0) throw new SignError('SIGN_ALREADY_SIGNED', 'the document already carries a ds:Signature');
  const contents = Array.from(doc.getElementsByTagNameNS(EXT_NS, 'ExtensionContent'));
  if (contents.some((c) => c.childNodes.length === 0 || (c.textContent ?? '').trim() === '' && c.getElementsByTagName('*').length === 0)) return xml;
  const root = doc.documentElement;
  let extensions = Array.from(root.childNodes).find((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === EXT_NS && (n as Element).localName === 'UBLExtensions');
  if (!extensions) {
    extensions = doc.createElementNS(EXT_NS, 'ext:UBLExtensions');
    root.insertBefore(extensions, root.firstChild);
  }
  const extension = doc.createElementNS(EXT_NS, 'ext:UBLExtension');
  extension.appendChild(doc.createElementNS(EXT_NS, 'ext:ExtensionContent'));
  extensions.appendChild(extension);
  return new XMLSerializer().serializeToString(doc as unknown as Node);
}

/** Index (among all ExtensionContent elements, document order) of the first empty one. */
function emptyExtensionIndex(xml: string): number {
  const contents = Array.from(parse(xml).getElementsByTagNameNS(EXT_NS, 'ExtensionContent'));
  return contents.findIndex((c) => c.getElementsByTagName('*').length === 0 && (c.textContent ?? '').trim() === '');
}

/**
 * Signs a UBL document as SUNAT expects: an enveloped XMLDSig (`Reference URI=""`, transform
 * enveloped-signature, Canonical XML 1.0 inclusive) placed in the first empty
 * `ext:ExtensionContent`, with the signing certificate in `KeyInfo/X509Data/X509Certificate`.
 * RSA PKCS#1 v1.5 is deterministic, so the same document and key give the same digest and value.
 */
export function signUbl(xml: string, key: SigningKey, options: SignOptions = {}): SignedUbl {
  const prepared = withEmptyExtensionContent(xml);
  const slot = emptyExtensionIndex(prepared) + 1;
  const algorithm = ALGORITHMS[options.algorithm ?? DEFAULT_SIGNATURE_ALGORITHM];
  const signer = new SignedXml({
    privateKey: key.privateKeyPem,
    signatureAlgorithm: algorithm.signature,
    canonicalizationAlgorithm: C14N_INCLUSIVE,
    getKeyInfoContent: () => `<ds:X509Data><ds:X509Certificate>${key.certificateBase64}</ds:X509Certificate></ds:X509Data>`,
  });
  // The whole document, by the empty URI; the enveloped transform takes the signature out and
  // inclusive C14N follows implicitly (XMLDSig 4.3.3.2), as in SUNAT's samples.
  signer.addReference({ xpath: '/*', transforms: [ENVELOPED], digestAlgorithm: algorithm.digest, uri: '', isEmptyUri: true });
  signer.computeSignature(prepared, {
    prefix: 'ds',
    attrs: { Id: options.signatureId ?? 'SignatureSP' },
    location: { reference: `(//*[local-name()='ExtensionContent' and namespace-uri()='${EXT_NS}'])[${slot}]`, action: 'append' },
  });
  const signed = signer.getSignedXml();
  return { xml: signed, digestValue: digestValueOf(signed) };
}

/** The `ds:DigestValue` of a signed document (what the receipt's QR carries), or '' if unsigned. */
export function digestValueOf(signedXml: string): string {
  const node = parse(signedXml).getElementsByTagNameNS(DS_NS, 'DigestValue')[0];
  return (node?.textContent ?? '').replace(/\s+/g, '');
}

/**
 * The `ds:DigestValue` that `signUbl` will write for this unsigned document, computed without
 * any key: the reference covers the whole document (`URI=""`) with the signature taken out by
 * the enveloped transform, so what is hashed is the canonical (C14N 1.0, inclusive, no comments)
 * form of the document as it is before signing, with its empty `ext:ExtensionContent`. The
 * receipt's QR code and "Hash" line are printed from this at once, while the outbox signs later
 * (or later still, once the owner uploads the certificate); both give the same value (tested for
 * every restaurant document in xmldsig.test.ts).
 */
export function digestOfUnsigned(unsignedXml: string, algorithm: SignatureAlgorithm = DEFAULT_SIGNATURE_ALGORITHM): string {
  const root = parse(withEmptyExtensionContent(unsignedXml)).documentElement;
  // C14N without comments: a same-document reference is dereferenced without them (XMLDSig 4.3.3.3).
  const canonical = new C14nCanonicalization().process(root as unknown as Node, {});
  return createHash(ALGORITHMS[algorithm].hash).update(canonical, 'utf8').digest('base64');
}

/**
 * True when the document's ds:Signature is valid: the digest matches the document and the
 * signature matches SignedInfo under `certificatePem` (or, without it, the certificate the
 * document carries in KeyInfo; that proves integrity only, not who signed).
 */
export function verifyUbl(signedXml: string, certificatePem?: string): boolean {
  const doc = parse(signedXml);
  const signature = doc.getElementsByTagNameNS(DS_NS, 'Signature')[0];
  if (!signature) return false;
  const verifier = new SignedXml(certificatePem ? { publicCert: certificatePem } : { getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  verifier.loadSignature(signature as unknown as Node);
  try {
    return verifier.checkSignature(signedXml);
  } catch {
    return false;
  }
}
