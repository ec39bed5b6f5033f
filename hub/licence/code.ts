import { createPrivateKey, sign, verify, type KeyObject } from 'node:crypto';
import { licenceTermsSchema, type LicenceTerms } from '#protocol';

/**
 * A licence code: `POS1-<terms>.<signature>`, both base64url, short enough
 * for a QR code a phone shows and a 2D scanner types into the licence page
 * (about 170 characters). The terms are `hubId|plan|paidUntil|issued`; the
 * Ed25519 signature covers them after a fixed label, so a signature made
 * for anything else the seller signs can never pass as a licence.
 */
export const LICENCE_PREFIX = 'POS1-';
const LABEL = 'pos-hub licence v1\n';

function signedBytes(terms: string): Buffer {
  return Buffer.from(LABEL + terms, 'utf8');
}

function termsText(t: LicenceTerms): string {
  return [t.hubId, t.plan, t.paidUntil, t.issued].join('|');
}

/** Signs terms with the seller's private key (PKCS#8 PEM): what installer/licence-sign.ts prints. */
export function signLicence(terms: LicenceTerms, privatePem: string): string {
  const checked = licenceTermsSchema.parse(terms);
  if (checked.hubId.includes('|')) throw new RangeError('a hub id may not hold |');
  const text = termsText(checked);
  const signature = sign(null, signedBytes(text), createPrivateKey(privatePem));
  return `${LICENCE_PREFIX}${Buffer.from(text, 'utf8').toString('base64url')}.${signature.toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The terms of a code if one of `keys` signed it, else null. Whitespace a
 * person or a scanner adds (spaces, line breaks) is dropped first; anything
 * else that is not exactly a signed code is null, never a throw.
 */
export function readLicenceCode(code: string, keys: readonly KeyObject[]): LicenceTerms | null {
  const compact = code.replace(/\s+/g, '');
  if (!compact.toUpperCase().startsWith(LICENCE_PREFIX)) return null;
  const [body, sig, ...rest] = compact.slice(LICENCE_PREFIX.length).split('.');
  if (rest.length > 0 || !body || !sig || !BASE64URL.test(body) || !BASE64URL.test(sig)) return null;
  const signature = Buffer.from(sig, 'base64url');
  if (signature.length !== 64) return null;
  const text = Buffer.from(body, 'base64url').toString('utf8');
  // Re-encoding must give the same text back: no second spelling of one code.
  if (Buffer.from(text, 'utf8').toString('base64url') !== body) return null;
  if (!keys.some((key) => verify(null, signedBytes(text), key, signature))) return null;
  const [hubId, plan, paidUntil, issued, ...more] = text.split('|');
  if (more.length > 0) return null;
  const parsed = licenceTermsSchema.safeParse({ hubId, plan, paidUntil, issued });
  return parsed.success ? parsed.data : null;
}
