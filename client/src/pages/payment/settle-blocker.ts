import type { ErrorCode, Order, SaleDocument } from '#protocol';
import { BOLETA_ID_THRESHOLD_CENTS } from '#protocol';
import { settleRefusal, summarize, type DraftState } from './draft.ts';

/**
 * Why "Cobrar" is grey, in one place (issue 18 items 13 and 18): the till
 * shows this reason beside the button, never below the fold. The order of
 * the checks is the order a cashier can fix them in: dishes, the kitchen,
 * the shift, then the document and the payments (the hub's own rules,
 * draft.ts `settleRefusal`, so the reason is the hub's).
 */
export type SettleBlocker =
  /** Nothing on the bill yet. */
  | { kind: 'empty' }
  /** Dishes not sent to the kitchen (a hung-up order seated at a table): one tap sends them. */
  | { kind: 'unsent'; dishes: number }
  /** No shift open: a sale would belong to no shift's count. */
  | { kind: 'noShift' }
  /** The payments do not cover the bill yet. */
  | { kind: 'missing'; cents: number }
  /** Anything else the hub would refuse (document, split, a payment's details). */
  | { kind: 'refusal'; code: ErrorCode; field: string };

export type SettleCheck = { order: Order; shiftOpen: boolean; draft: DraftState; doc: SaleDocument; totalCents: number; dueCents: number };

/** The first reason the hub would refuse this settlement, or null when "Cobrar" may be tapped. */
export function settleBlocker(c: SettleCheck): SettleBlocker | null {
  if (c.order.lines.length === 0) return { kind: 'empty' };
  const unsent = c.order.lines.filter((l) => l.sentBatch === null);
  if (unsent.length > 0) return { kind: 'unsent', dishes: unsent.reduce((n, l) => n + l.qty, 0) };
  if (!c.shiftOpen) return { kind: 'noShift' };
  const refusal = settleRefusal(c.draft, c.doc, c.totalCents, c.dueCents);
  if (!refusal) return null;
  if (refusal.code === 'AMOUNT_TOO_LOW') {
    const left = summarize(c.draft, c.dueCents).leftCents;
    // A split bill can be short in one share while the whole is covered: then the hub's words say which.
    if (left > 0) return { kind: 'missing', cents: left };
  }
  return { kind: 'refusal', code: refusal.code, field: refusal.field };
}

/**
 * The boleta's rule as the form states it, from the same threshold the hub
 * checks (payments.ts `documentRefusal`): below it the buyer is optional, but
 * a buyer's document number always needs the buyer's name; from it on, both.
 */
export function boletaRuleKey(totalCents: number): 'pay.doc.boletaRuleAbove' | 'pay.doc.boletaRuleBelow' {
  return totalCents >= BOLETA_ID_THRESHOLD_CENTS ? 'pay.doc.boletaRuleAbove' : 'pay.doc.boletaRuleBelow';
}
