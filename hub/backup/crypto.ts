import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The backup's encryption: a key from the owner's passphrase by scrypt, then
 * AES-256-GCM over chunks of about 1 MiB (the STREAM construction): each
 * chunk's nonce is the file's random prefix and the chunk's number, and its
 * authenticated data holds the header's hash, its number and whether it is
 * the last one. So a chunk cannot be moved, dropped or replayed from another
 * file, and a file cut after any chunk but the last is known to be cut.
 */

/** scrypt's cost: about 0.1 s and 32 MiB on a PC, under a second on a Raspberry Pi; once per key, never per chunk. */
export type KdfParams = { salt: string; N: number; r: number; p: number };
export const DEFAULT_KDF = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
export const TAG_BYTES = 16;
export const NONCE_PREFIX_BYTES = 8;

export function newKdfParams(): KdfParams {
  return { salt: randomBytes(16).toString('base64'), ...DEFAULT_KDF };
}

/** The 32-byte key of a passphrase under a file's scrypt parameters. */
export function deriveKey(passphrase: string, kdf: KdfParams): Promise<Buffer> {
  // Parameters come from a file that may be hostile: bounded before any work.
  if (!Number.isInteger(kdf.N) || kdf.N < 1024 || kdf.N > 1 << 20 || (kdf.N & (kdf.N - 1)) !== 0) throw new RangeError('scrypt N');
  if (!Number.isInteger(kdf.r) || kdf.r < 1 || kdf.r > 16 || !Number.isInteger(kdf.p) || kdf.p < 1 || kdf.p > 4) throw new RangeError('scrypt r/p');
  const salt = Buffer.from(kdf.salt, 'base64');
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, KEY_BYTES, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + (1 << 20) }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A value that tells a wrong passphrase from a damaged file, and says nothing of the key. */
export function keyCheck(key: Buffer): string {
  return createHmac('sha256', key).update('pos-hub backup key check').digest('base64');
}

export function keyMatches(key: Buffer, check: string): boolean {
  const a = Buffer.from(keyCheck(key), 'base64');
  const b = Buffer.from(check, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

function nonceOf(prefix: Buffer, index: number): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0, 0, NONCE_PREFIX_BYTES);
  nonce.writeUInt32BE(index, NONCE_PREFIX_BYTES);
  return nonce;
}

function aadOf(headerHash: Buffer, index: number, last: boolean): Buffer {
  const aad = Buffer.alloc(headerHash.length + 5);
  headerHash.copy(aad);
  aad.writeUInt32BE(index, headerHash.length);
  aad[headerHash.length + 4] = last ? 1 : 0;
  return aad;
}

export type ChunkContext = { key: Buffer; noncePrefix: Buffer; headerHash: Buffer };

/** Ciphertext followed by its tag. */
export function sealChunk(ctx: ChunkContext, index: number, last: boolean, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', ctx.key, nonceOf(ctx.noncePrefix, index));
  cipher.setAAD(aadOf(ctx.headerHash, index, last));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The plaintext, or null when the chunk is not this file's chunk `index` as written (damaged, moved, or `last` wrong). */
export function openChunk(ctx: ChunkContext, index: number, last: boolean, sealed: Buffer): Buffer | null {
  if (sealed.length < TAG_BYTES) return null;
  const decipher = createDecipheriv('aes-256-gcm', ctx.key, nonceOf(ctx.noncePrefix, index));
  decipher.setAAD(aadOf(ctx.headerHash, index, last));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
