import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_MIN, PIN_PATTERN } from '#protocol';

/**
 * PINs and passwords at rest: scrypt with a random salt per secret, compared
 * in constant time. A 4-digit PIN cannot be made strong by hashing (10,000
 * tries offline); what protects it is that auth.json never leaves the box and
 * that the hub throttles guesses. Session and device tokens are random and
 * long, so a plain sha256 of them is enough to keep them useless if read.
 */
export type SecretHash = { salt: string; hash: string; n: number };

/** scrypt cost: about 50 ms on a Raspberry Pi 4 for N=2^14; the work runs on libuv's pool, not the event loop. */
const N = 2 ** 14;
const KEY_LEN = 32;
const MAXMEM = 64 * 1024 * 1024;

function derive(secret: string, salt: Buffer, n: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r: 8, p: 1, maxmem: MAXMEM };
  return new Promise((resolve, reject) => scrypt(secret.normalize('NFC'), salt, KEY_LEN, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** Hashes a new PIN or password with a fresh random salt. */
export async function hashSecret(secret: string): Promise<SecretHash> {
  const salt = randomBytes(16);
  const hash = await derive(secret, salt, N);
  return { salt: salt.toString('base64'), hash: hash.toString('base64'), n: N };
}

/** Whether a typed secret matches a stored hash (compared in constant time). */
export async function verifySecret(secret: string, stored: SecretHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const got = await derive(secret, Buffer.from(stored.salt, 'base64'), stored.n);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

const DUMMY: Promise<SecretHash> = hashSecret('not-a-real-secret');

/** Spends the time a real check would, so an unknown name answers as slowly as a wrong PIN. */
export async function verifyNothing(secret: string): Promise<false> {
  await verifySecret(secret, await DUMMY);
  return false;
}

/** The shapes the hub accepts: a PIN of 4-6 digits, a password of at least 6 characters. */
export const isPinFormat = (pin: string): boolean => PIN_PATTERN.test(pin);
export const isPasswordFormat = (password: string): boolean => password.length >= PASSWORD_MIN && password.trim().length > 0;

/** A random token of 256 bits for a cookie (session or device). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps of a token: its sha256, so a copy of auth.json signs nobody in. */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
