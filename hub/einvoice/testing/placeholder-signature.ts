/**
 * A structurally valid but cryptographically meaningless `ds:Signature` for
 * the signature slot, so tests can XSD-validate a builder's output without
 * a certificate (an empty `ext:ExtensionContent` is invalid: the schema
 * wants one element there). The real signer (hub/einvoice/sign) replaces it.
 */
import { EXTENSION_CONTENT_SLOT, SIGNATURE_ID } from '../ubl/index.ts';

const PLACEHOLDER = [
  '<ext:ExtensionContent>',
  `<ds:Signature Id="${SIGNATURE_ID}">`,
  '<ds:SignedInfo>',
  '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>',
  '<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>',
  '<ds:Reference URI="">',
  '<ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></ds:Transforms>',
  '<ds:DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>',
  '<ds:DigestValue>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</ds:DigestValue>',
  '</ds:Reference>',
  '</ds:SignedInfo>',
  '<ds:SignatureValue>AAAA</ds:SignatureValue>',
  '</ds:Signature>',
  '</ext:ExtensionContent>',
].join('');

/** The builder's XML with a placeholder signature in its (only) signature slot. */
export function withPlaceholderSignature(xml: string): string {
  if (!xml.includes(EXTENSION_CONTENT_SLOT)) throw new Error('no empty signature slot in this XML');
  return xml.replace(EXTENSION_CONTENT_SLOT, PLACEHOLDER);
}
