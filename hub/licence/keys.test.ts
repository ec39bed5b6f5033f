import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyFingerprint, newSellerKeyPair, readSellerKey, REPO_SELLER_KEY_FILE, SELLER_PUBLIC_KEY } from './keys.ts';
import { TEST_PRIVATE_KEY_PEM, TEST_PUBLIC_KEY } from './testing/test-key.ts';

describe('the seller key a hub trusts', () => {
  it('from source is the repo key file', () => {
    expect(SELLER_PUBLIC_KEY).toBe(readFileSync(REPO_SELLER_KEY_FILE, 'utf8').trim());
  });

  it('reads a key file as the raw key or a PEM public key, both the same key', () => {
    const { publicRaw } = newSellerKeyPair();
    expect(readSellerKey(`${publicRaw}\n`)).toBe(publicRaw);
    const pem = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicRaw }, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    expect(readSellerKey(pem)).toBe(publicRaw);
  });

  it.each([
    ['a private key (a build must never embed one)', TEST_PRIVATE_KEY_PEM],
    ['an RSA public key', generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString()],
    ['a key one character short', TEST_PUBLIC_KEY.slice(1)],
    ['a path', '../../etc/passwd'],
    ['__proto__', '__proto__'],
    ['nothing', ''],
  ])('refuses %s', (_what, text) => {
    expect(() => readSellerKey(text)).toThrow();
  });

  it('gives a short fingerprint a technician can read out, the same for the same key, another for another', () => {
    expect(keyFingerprint(TEST_PUBLIC_KEY)).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/);
    expect(keyFingerprint(TEST_PUBLIC_KEY)).toBe(keyFingerprint(TEST_PUBLIC_KEY));
    expect(keyFingerprint(TEST_PUBLIC_KEY)).not.toBe(keyFingerprint(SELLER_PUBLIC_KEY));
  });
});
