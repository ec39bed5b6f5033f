import type { MethodRow, PayMethod } from '#protocol';

/**
 * "By payment method" figures are what each drawer or terminal KEPT
 * (issue 18 item 15: cash counted before change read S/ 430.67 against
 * S/ 354.40 of sales). The change is always handed back in soles cash, so
 * the soles cash row is what the guests handed over less the change; every
 * other method (dollars included: the drawer keeps the dollars received)
 * is what it took. Bills keep both figures (`payments`, `changeCents`), so
 * this is read from the stored bills, never recomputed. One helper for the
 * order report, the shift report, the Z report, the shift page and the book.
 */

/** A per-method record (soles) with the change taken off soles cash. */
export function keptByMethod(received: Partial<Record<PayMethod, number>>, changeCents: number): Partial<Record<PayMethod, number>> {
  if (changeCents === 0) return { ...received };
  return { ...received, cash: (received.cash ?? 0) - changeCents };
}

/** Method rows (count, soles, dollars) with the change taken off the soles cash row (added when there was none). */
export function keptRows(rows: readonly MethodRow[], changeCents: number): MethodRow[] {
  if (changeCents === 0) return rows.map((r) => ({ ...r }));
  const out = rows.map((r) => (r.method === 'cash' ? { ...r, cents: r.cents - changeCents } : { ...r }));
  if (!rows.some((r) => r.method === 'cash')) out.push({ method: 'cash', count: 0, cents: -changeCents, usdCents: 0 });
  return out;
}
