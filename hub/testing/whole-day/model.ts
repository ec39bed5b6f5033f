import type { PaymentInput, TaxRegime } from '#protocol';

/**
 * What the whole-day test did, written down as it did it (./play.ts): the
 * figures the hub's screens and files must agree with, added up here from
 * the test's own commands, never from the hub's arithmetic.
 */
/** `parts`: how many documents the bill has (2 for a split whose parts have their own). */
export type SoldBill = { billId: string; due: number; numbered: boolean; regime: TaxRegime; parts: number };

export type DayModel = {
  bills: SoldBill[];
  salesCents: number;
  /** What each drawer or terminal kept: soles cash net of the change handed back; what was left on account. */
  kept: Record<string, number>;
  changeCents: number;
  /** Debts collected that day, by method. */
  debts: Record<string, number>;
  writeOffs: number;
  writeOffCents: number;
  withdrawn: number;
  corrections: { void: number; refund: number };
  /** Of those, the ones on sale notes (no credit note is issued for them). */
  noteCorrections: number;
  refusals: number;
  splits: number;
  fiscalChanges: number;
  regime: TaxRegime;
};

export const emptyModel = (): DayModel => ({
  bills: [],
  salesCents: 0,
  kept: {},
  changeCents: 0,
  debts: {},
  writeOffs: 0,
  writeOffCents: 0,
  withdrawn: 0,
  corrections: { void: 0, refund: 0 },
  noteCorrections: 0,
  refusals: 0,
  splits: 0,
  fiscalChanges: 0,
  regime: 'general',
});

/** A bill settled with `payments`: its charge, and what each method kept (change comes out of the cash). */
export function keep(m: DayModel, sale: SoldBill & { payments: PaymentInput[] }): void {
  const paid = sale.payments.reduce((n, p) => n + ('amountCents' in p ? p.amountCents : 0), 0);
  const change = paid - sale.due;
  m.bills.push({ billId: sale.billId, due: sale.due, numbered: sale.numbered, regime: sale.regime, parts: sale.parts });
  m.salesCents += sale.due;
  m.changeCents += change;
  for (const p of sale.payments) if ('amountCents' in p) m.kept[p.method] = (m.kept[p.method] ?? 0) + p.amountCents;
  if (change > 0) m.kept.cash = (m.kept.cash ?? 0) - change;
}
