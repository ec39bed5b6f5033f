import type { ErrorCode, ExchangeRate, PaymentInput, PayMethod, SaleDocument } from '#protocol';
import { CASH_METHODS } from '#protocol';
import { documentRefusal, limaDay, toBillPayments } from '#hub/domain/payment/payments.ts';
import { splitRefusal } from '#hub/domain/payment/split.ts';

/**
 * The till's side of settling: the payments typed so far, what is left to
 * pay, the change, and whether the hub would take it. The checks are the
 * hub's own (hub/domain/payment/payments.ts), so the button is only enabled
 * for what the hub accepts; the hub checks again anyway.
 */

/** Methods on the till, in the order a Peruvian cashier reaches for them. */
export const TILL_METHODS: readonly PayMethod[] = ['cash', 'yape', 'plin', 'visa', 'mastercard', 'otherCard', 'transfer', 'usd', 'onAccount', 'balance'];

/** The payments typed so far and, for a split bill, the shares they pay (null: paid together). */
export type DraftState = { payments: PaymentInput[]; rate: ExchangeRate | null; now: string; split?: number[] | null };

/** Soles of each payment (dollars at the day's rate; 0 when it has none). */
export function solesOf(p: PaymentInput, rate: ExchangeRate | null, now: string): number {
  if (p.method !== 'usd') return p.amountCents;
  const converted = toBillPayments([p], rate, now);
  return Array.isArray(converted) ? converted[0]!.amountCents : 0;
}

export type DraftSummary = { paidCents: number; leftCents: number; changeCents: number; cashCents: number };

/** What the payments of one share (index) add up to against that share's amount. */
export function summarizeShare(d: DraftState, share: number, shareCents: number): DraftSummary {
  return summarize({ ...d, payments: d.payments.filter((p) => (p.share ?? 0) === share) }, shareCents);
}

/** What the payments add up to against `dueCents`. */
export function summarize(d: DraftState, dueCents: number): DraftSummary {
  const soles = d.payments.map((p) => solesOf(p, d.rate, d.now));
  const paid = soles.reduce((n, v) => n + v, 0);
  const cash = d.payments.reduce((n, p, i) => n + (CASH_METHODS.includes(p.method) ? soles[i]! : 0), 0);
  return { paidCents: paid, leftCents: Math.max(0, dueCents - paid), changeCents: Math.max(0, paid - dueCents), cashCents: cash };
}

/** The code the hub would refuse this settlement with, or null when it would take it. */
export function settleRefusal(d: DraftState, doc: SaleDocument, totalCents: number, dueCents: number): { code: ErrorCode; field: string } | null {
  const converted = toBillPayments(d.payments, d.rate, d.now);
  if (!Array.isArray(converted)) return converted;
  return documentRefusal(doc, totalCents) ?? splitRefusal(d.split ?? undefined, converted, dueCents);
}

/** Whether today's rate is set (a rate holds for its Lima day only). */
export function rateForToday(rate: ExchangeRate | null, now: string): ExchangeRate | null {
  return rate && rate.day === limaDay(now) ? rate : null;
}

/** Reads "3.745" or "3,75" as thousandths of a sol per dollar (3745, 3750); null when it is no rate. */
export function parseRate(input: string): number | null {
  const m = /^\s*(\d{1,2})(?:[.,](\d{1,3}))?\s*$/.exec(input);
  if (!m) return null;
  const milli = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return milli >= 1000 && milli <= 20_000 ? milli : null;
}

/** "3.745" */
export function formatRate(milli: number): string {
  return `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`;
}

/** "US$ 20.00" */
export function formatDollars(cents: number): string {
  return `US$ ${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Reads a discount percentage 0–99. SPEC.md's negative range (-0 to -99) is
 * the same discount written as the receipt prints it: "-10" means 10 % off.
 */
export function parsePercent(input: string): number | null {
  const m = /^\s*-?\s*(\d{1,2})\s*%?\s*$/.exec(input);
  return m ? Number(m[1]) : null;
}
