import { randomInt, timingSafeEqual } from 'node:crypto';

/** Letters and digits nobody misreads on a receipt: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;
/** How long a claim code is good for. */
export const CLAIM_TTL_MS = 15 * 60_000;

/** Upper case, without the dash or spaces a person may type. */
export function normalizeClaimCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * The one-time code that proves the person setting up a new hub has the box
 * in front of them (it is printed at start, on the console now and the
 * receipt printer later). Random (8 of 31 symbols, about 40 bits), good for
 * 15 minutes, used once; every start makes a fresh one.
 */
export class ClaimCode {
  /** As printed: `ABCD-EFGH`. */
  readonly code: string;
  readonly expiresAt: Date;
  private used = false;
  private readonly clock: () => Date;

  constructor(clock: () => Date, ttlMs: number = CLAIM_TTL_MS) {
    this.clock = clock;
    const raw = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    this.code = `${raw.slice(0, 4)}-${raw.slice(4)}`;
    this.expiresAt = new Date(clock().getTime() + ttlMs);
  }

  /** True when `input` is this code, not yet used and not expired. */
  matches(input: string): boolean {
    if (this.used || this.clock() >= this.expiresAt) return false;
    const a = Buffer.from(normalizeClaimCode(input));
    const b = Buffer.from(normalizeClaimCode(this.code));
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Marks the code used, before the slow part of setup, so two requests cannot both claim. */
  consume(): void {
    this.used = true;
  }

  /** Setup failed before anything was recorded for good: the same code may be tried again. */
  release(): void {
    this.used = false;
  }
}
