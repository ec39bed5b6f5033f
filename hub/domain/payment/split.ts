import type { BillPayment, BillShare, SaleDocument } from '#protocol';
import { documentRefusal, paymentsRefusal, storedDocument, type Refusal } from './payments.ts';
import { partTotals } from './split-parts.ts';

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

/** The shares as the bill keeps them: each one's amount, what its guest paid and the change handed back, and its own document when the parts have theirs. */
export function billShares(shares: readonly number[], payments: readonly BillPayment[], documents?: readonly SaleDocument[]): BillShare[] {
  return shares.map((amountCents, i) => {
    const paidCents = paymentsOfShare(payments, i).reduce((n, p) => n + p.amountCents, 0);
    const document = documents?.[i];
    return { amountCents, paidCents, changeCents: paidCents - amountCents, ...(document ? { document: storedDocument(document) } : {}) };
  });
}

/**
 * Whether each part of a split can take the document its guest asked for
 * (`shareDocuments`, one per share): as many documents as shares
 * (`SPLIT_DOCUMENTS_MISMATCH`), each valid for its part's total as a bill of
 * its own would be (a boleta from S/ 700 names its buyer; a factura its RUC:
 * field `shareDocuments.<i>.…`), and no boleta or factura for a part of
 * nothing (`SPLIT_SHARE_EMPTY`: SUNAT takes no document of S/ 0).
 */
export function shareDocumentsRefusal(docs: readonly SaleDocument[], shares: readonly number[] | undefined, depositCents: number): Refusal | null {
  if (!shares || docs.length !== shares.length) return { code: 'SPLIT_DOCUMENTS_MISMATCH', field: 'shareDocuments' };
  const totals = partTotals(shares, depositCents);
  for (const [i, doc] of docs.entries()) {
    if (doc.kind !== 'note' && totals[i]! === 0) return { code: 'SPLIT_SHARE_EMPTY', field: `shareDocuments.${i}` };
    const refusal = documentRefusal(doc, totals[i]!);
    if (refusal) return { code: refusal.code, field: refusal.field.replace(/^document/, `shareDocuments.${i}`) };
  }
  return null;
}
