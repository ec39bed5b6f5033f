import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/**
 * The seller's Ed25519 public key, compiled into every hub: a licence code
 * counts only when this key's private half signed it. The private half never
 * enters the repo: the seller made the pair with
 * `node installer/licence-sign.ts keygen --out <folder>` and keeps it offline
 * (installer/README.md "Licence codes"). Replace this line with the `x` the
 * tool prints to change sellers; codes signed with the old key stop counting.
 */
export const SELLER_PUBLIC_KEY = 'fHSSOnQ2DaDePvwsJLUerEx571ACOeQ3yGaz7RWx98o';

/** A raw Ed25519 public key (32 bytes, base64url, as a JWK's `x`) as a key object. */
export function publicKeyFromRaw(x: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

/** A new seller key pair: the private key as PKCS#8 PEM (keep it offline), the public one raw for SELLER_PUBLIC_KEY. */
export function newSellerKeyPair(): { privatePem: string; publicRaw: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Ed25519 public key without x');
  return { privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicRaw: jwk.x };
}
