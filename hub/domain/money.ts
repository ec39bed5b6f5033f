import type { LunchBox, Order, OrderDiscount, OrderLine } from '#protocol';

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

/** The line's portions at its price, before gifts and its discount. */
export function lineGoodsCents(line: OrderLine): number {
  return line.unitPriceCents * Math.max(0, billableQty(line));
}

/** What the gifted portions of the line would have cost. */
export function lineGiftCents(line: OrderLine): number {
  return line.unitPriceCents * (Math.max(0, billableQty(line)) - chargedQty(line));
}

/** The part of the line's discount that applies (never more than its charged portions cost). */
export function lineDiscountAppliedCents(line: OrderLine): number {
  return line.unitPriceCents * chargedQty(line) - lineTotalCents(line);
}

export function subtotalCents(order: Pick<Order, 'lines'>): number {
  return order.lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** The fee that tops a bill up to the table's minimum consumption (SPEC: minimum spend fee). */
export function minSpendFeeCents(subtotal: number, minimumCents: number): number {
  return Math.max(0, minimumCents - subtotal);
}

/** `value × percent / 100` rounded half up to the céntimo. */
export function percentOfCents(value: number, percent: number): number {
  return Math.floor((value * percent + 50) / 100);
}

/** The order discount in céntimos: a percentage of the subtotal, or an amount never above it. */
export function orderDiscountCents(discount: OrderDiscount | null | undefined, subtotal: number): number {
  if (!discount) return 0;
  return discount.kind === 'percent' ? percentOfCents(subtotal, discount.percent) : Math.min(discount.cents, subtotal);
}

/** Packing boxes: one per billable portion, or one price for the whole order. */
export function lunchBoxCents(box: LunchBox | null | undefined, lines: readonly OrderLine[]): number {
  if (!box) return 0;
  if (box.mode === 'perOrder') return box.priceCents;
  return box.priceCents * lines.reduce((n, l) => n + Math.max(0, billableQty(l)), 0);
}

/**
 * Every amount of a bill. The identities, exact in céntimos:
 * goods − gifts − line discounts = subtotal;
 * subtotal − order discount + fee + lunch boxes + tip = total (receivable);
 * total − deposit = due. The minimum-spend fee tops the subtotal (what was
 * consumed) up to the table's minimum, before the order discount: a manager
 * who discounts a private room's bill means to charge less than its minimum.
 */
export type Totals = {
  goodsCents: number;
  giftCents: number;
  lineDiscountCents: number;
  subtotalCents: number;
  orderDiscountCents: number;
  minSpendFeeCents: number;
  lunchBoxCents: number;
  tipCents: number;
  totalCents: number;
  /** The reservation deposit credited (never more than the total). */
  depositCents: number;
  /** What is left to pay: total − deposit. */
  dueCents: number;
};

/** What totals read from an order (older callers pass only its lines). */
export type TotalsInput = Pick<Order, 'lines'> & Partial<Pick<Order, 'orderDiscount' | 'tipCents' | 'lunchBox' | 'depositCents'>>;

export function orderTotals(order: TotalsInput, minimumCents: number): Totals {
  const lines = order.lines;
  const subtotal = subtotalCents(order);
  const discount = orderDiscountCents(order.orderDiscount, subtotal);
  const fee = minSpendFeeCents(subtotal, minimumCents);
  const boxes = lunchBoxCents(order.lunchBox, lines);
  const tip = order.tipCents ?? 0;
  const total = subtotal - discount + fee + boxes + tip;
  const deposit = Math.min(order.depositCents ?? 0, total);
  return {
    goodsCents: lines.reduce((n, l) => n + lineGoodsCents(l), 0),
    giftCents: lines.reduce((n, l) => n + lineGiftCents(l), 0),
    lineDiscountCents: lines.reduce((n, l) => n + lineDiscountAppliedCents(l), 0),
    subtotalCents: subtotal,
    orderDiscountCents: discount,
    minSpendFeeCents: fee,
    lunchBoxCents: boxes,
    tipCents: tip,
    totalCents: total,
    depositCents: deposit,
    dueCents: total - deposit,
  };
}

/** Soles for dollars at a rate in thousandths of a sol per dollar, rounded half up to the céntimo. */
export function usdToSolesCents(usdCents: number, rateMilli: number): number {
  return Math.floor((usdCents * rateMilli + 500) / 1000);
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
