import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Set by installer/bundle.ts from `build:binary --licence-public-key FILE`: the raw public key the binary trusts. */
declare const __POS_SELLER_KEY__: string | undefined;

/**
 * The repo's default key file: a developer build and the hub run from source
 * trust it. Its private half was never kept, so no code signed for it exists:
 * a box that is sold is built with the seller's own public key
 * (installer/README.md "The seller's key").
 */
export const REPO_SELLER_KEY_FILE = new URL('./seller-public-key.txt', import.meta.url);

/**
 * The seller's Ed25519 public key this hub trusts: a licence code counts only
 * when its private half signed it. Compiled into the binary at build time
 * (`npm run build:binary -- --licence-public-key FILE`, default the repo's
 * file); from source, read from the repo's file.
 */
export const SELLER_PUBLIC_KEY: string = typeof __POS_SELLER_KEY__ === 'string' ? __POS_SELLER_KEY__ : readSellerKey(readFileSync(REPO_SELLER_KEY_FILE, 'utf8'));

/** A raw Ed25519 public key (32 bytes, base64url, as a JWK's `x`) as a key object. */
export function publicKeyFromRaw(x: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

/**
 * A public key file's text as the raw key: either the raw key on a line (what
 * `licence-sign.ts keygen` writes as licence-public.key) or a PEM public key
 * (`openssl pkey -pubout`). Throws for anything else, a private key included:
 * a build must never embed one.
 */
export function readSellerKey(text: string): string {
  const trimmed = text.trim();
  if (/PRIVATE KEY/.test(trimmed)) throw new Error('this is a private key: give the build the public one (licence-public.key)');
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN PUBLIC KEY-----') ? createPublicKey(trimmed) : publicKeyFromRaw(rawOnly(trimmed));
  } catch (err) {
    throw new Error('not an Ed25519 public key (a line of 43 base64url characters, or a PEM public key)', { cause: err });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`a ${key.asymmetricKeyType ?? 'unknown'} key: the licence needs Ed25519`);
  const jwk = key.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Ed25519 public key without x');
  return jwk.x;
}

function rawOnly(text: string): string {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) throw new Error('not 43 base64url characters');
  return text;
}

/**
 * What a technician reads to tell seller keys apart (`pos-hub --version`, the
 * licence page): the first 8 bytes of the SHA-256 of the raw key, hex in
 * groups of four (`3f9a-1c2d-7e4b-6a01`). Short enough to read out on the phone.
 */
export function keyFingerprint(raw: string): string {
  const hex = createHash('sha256').update(Buffer.from(raw, 'base64url')).digest('hex').slice(0, 16);
  return hex.match(/.{4}/g)!.join('-');
}

/** A new seller key pair: the private key as PKCS#8 PEM (keep it offline), the public one raw (licence-public.key). */
export function newSellerKeyPair(): { privatePem: string; publicRaw: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Ed25519 public key without x');
  return { privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicRaw: jwk.x };
}
