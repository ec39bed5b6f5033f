import type { BillPayment, BillShare } from '#protocol';
import { paymentsRefusal, type Refusal } from './payments.ts';

/**
 * Splitting a bill so several guests pay separately (M0095 "split the bill by
 * people or amount") without giving up "paid in full or not at all": the
 * shares travel inside the one `order.settle` command, each payment names the
 * share it pays, and the hub takes the whole bill or none of it
 * (README.md here: the split model).
 */

/** The most shares a bill is split into (a long table of twenty pays one by one). */
export const MAX_SHARES = 20;

/**
 * `dueCents` in `people` equal shares: the céntimos that do not divide go one
 * each to the first shares, so shares differ by at most one céntimo and add up
 * to the amount due exactly (S/ 100.01 by 3 is 33.34, 33.34, 33.33).
 */
export function splitEvenly(dueCents: number, people: number): number[] {
  const n = Math.max(1, Math.min(MAX_SHARES, Math.trunc(people)));
  const base = Math.floor(dueCents / n);
  const rest = dueCents - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}

/**
 * Whether the payments pay the shares: the shares add up to the amount due
 * (`SPLIT_SUM_MISMATCH`), every payment names a share that exists
 * (`SPLIT_SHARE_UNKNOWN`), and each share is paid like a bill of its own
 * (enough, change only from cash: `paymentsRefusal`). Without shares the
 * payments pay the whole amount due, and none may name a share past the first.
 */
export function splitRefusal(shares: readonly number[] | undefined, payments: readonly BillPayment[], dueCents: number): Refusal | null {
  if (!shares) {
    if (payments.some((p) => (p.share ?? 0) !== 0)) return { code: 'SPLIT_SHARE_UNKNOWN', field: 'payments' };
    return paymentsRefusal(payments, dueCents);
  }
  if (shares.reduce((n, c) => n + c, 0) !== dueCents) return { code: 'SPLIT_SUM_MISMATCH', field: 'split' };
  const unknown = payments.findIndex((p) => (p.share ?? 0) >= shares.length);
  if (unknown >= 0) return { code: 'SPLIT_SHARE_UNKNOWN', field: `payments.${unknown}` };
  for (const [i, amount] of shares.entries()) {
    const refusal = paymentsRefusal(paymentsOfShare(payments, i), amount);
    if (refusal) return { code: refusal.code, field: `split.${i}` };
  }
  return null;
}

/** The payments that pay share `index` (a payment naming no share pays the first). */
export function paymentsOfShare(payments: readonly BillPayment[], index: number): BillPayment[] {
  return payments.filter((p) => (p.share ?? 0) === index);
}

/** The shares as the bill keeps them: each one's amount, what its guest paid and the change handed back. */
export function billShares(shares: readonly number[], payments: readonly BillPayment[]): BillShare[] {
  return shares.map((amountCents, i) => {
    const paidCents = paymentsOfShare(payments, i).reduce((n, p) => n + p.amountCents, 0);
    return { amountCents, paidCents, changeCents: paidCents - amountCents };
  });
}
