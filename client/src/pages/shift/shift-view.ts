import type { CountedMethod, PayMethod, Shift, ShiftTotals, State } from '#protocol';
import { parseCents } from '#hub/domain/money.ts';
import { keptByMethod } from '#hub/domain/kept-by-method.ts';
import { cashMoved, depositsTakenCents, expectedByMethod } from '#hub/domain/shift/totals.ts';

/**
 * What the shift page shows, computed from the shift alone (pure: tested
 * without a browser). The expected figures are the domain's own
 * (hub/domain/shift/totals.ts), so the page and the close can never disagree.
 */

export type Tone = 'over' | 'short' | 'even';

/** Whether a difference (counted − expected) is money over, short or even. */
export function toneOf(differenceCents: number): Tone {
  return differenceCents > 0 ? 'over' : differenceCents < 0 ? 'short' : 'even';
}

/** One line of the close dialog: the method, what the shift expects, and what the cashier typed. */
export type CountLine = { method: CountedMethod; expectedCents: number; text: string };

/** The close dialog's lines: every method the shift expects, cash first, the field filled with nothing. */
export function countLines(shift: Shift): CountLine[] {
  return Object.entries(expectedByMethod(shift)).map(([method, expectedCents]) => ({ method: method as CountedMethod, expectedCents, text: '' }));
}

/** The difference of a line as typed: null while the field is empty or not an amount. */
export function differenceOf(line: CountLine): number | null {
  const counted = parseCents(line.text);
  return counted === null ? null : counted - line.expectedCents;
}

/** The payload's counted amounts, or the first method whose field is not an amount. */
export function countedOf(lines: readonly CountLine[]): { ok: true; counted: Partial<Record<CountedMethod, number>> } | { ok: false; method: CountedMethod } {
  const counted: Partial<Record<CountedMethod, number>> = {};
  for (const l of lines) {
    const cents = parseCents(l.text);
    if (cents === null) return { ok: false, method: l.method };
    counted[l.method] = cents;
  }
  return { ok: true, counted };
}

/** The by-method rows as the drawer and terminals kept them (soles cash net of change), largest first, without the empty ones. */
export function receivedRows(t: ShiftTotals): { method: PayMethod; cents: number }[] {
  return (Object.entries(keptByMethod(t.receivedByMethod, t.changeCents)) as [PayMethod, number][]).filter(([, c]) => c !== 0).map(([method, cents]) => ({ method, cents })).sort((a, b) => b.cents - a.cents);
}

/** The figures block of a shift (open or closed). */
export function figuresOf(shift: Shift) {
  const t = shift.totals;
  const { inCents, outCents } = cashMoved(shift);
  const refundCents = Object.values(t.refundsByMethod).reduce((a, c) => a + (c ?? 0), 0);
  return { ...t, inCents, outCents, refundCents, depositsCents: depositsTakenCents(t), expectedCash: expectedByMethod(shift).cash ?? shift.floatCents };
}

/** A staff member's name, or '—' (a shift opened by the hub itself, or a person since removed). */
export function nameOf(state: State, staffId: string | null): string {
  return (staffId !== null && Object.hasOwn(state.staff, staffId) ? state.staff[staffId]?.name : undefined) ?? '—';
}
