import type { Order, OrderLine } from '#protocol';

/**
 * Money rules. Amounts are integer céntimos, so sums are exact and already
 * rounded to 2 decimals; nothing here ever sees a float price.
 */

/** Portions still on the bill after returns and cancellations (gifted ones included, at S/ 0). */
export function billableQty(line: OrderLine): number {
  return line.qty - line.returnedQty - line.cancelledQty;
}

/** Portions the guest pays for: billable ones that were not given free. */
export function chargedQty(line: OrderLine): number {
  return Math.max(0, billableQty(line) - line.giftedQty);
}

/** What the line costs the guest: its charged portions less its single-item discount, never below zero. */
export function lineTotalCents(line: OrderLine): number {
  return Math.max(0, line.unitPriceCents * chargedQty(line) - line.discountCents);
}

export function subtotalCents(order: Pick<Order, 'lines'>): number {
  return order.lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** The fee that tops a bill up to the table's minimum consumption (SPEC: minimum spend fee). */
export function minSpendFeeCents(subtotal: number, minimumCents: number): number {
  return Math.max(0, minimumCents - subtotal);
}

export type Totals = { subtotalCents: number; minSpendFeeCents: number; totalCents: number };

export function orderTotals(order: Pick<Order, 'lines'>, minimumCents: number): Totals {
  const subtotal = subtotalCents(order);
  const fee = minSpendFeeCents(subtotal, minimumCents);
  return { subtotalCents: subtotal, minSpendFeeCents: fee, totalCents: subtotal + fee };
}

/**
 * Parses what a person typed ("12", "12.5", "12,50") into céntimos; null when
 * it is not an amount with at most 2 decimals.
 */
export function parseCents(input: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(input);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = m[2] === undefined ? 0 : Number(m[2].padEnd(2, '0'));
  return whole * 100 + frac;
}

/** "S/ 1,234.50" style, as Peruvian receipts show soles. */
export function formatSoles(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}S/ ${whole}.${(abs % 100).toString().padStart(2, '0')}`;
}
