import { addDays } from './keys.ts';
import type { StoredKind } from './types.ts';

/**
 * The last Lima day (inclusive) on which SUNAT (or the OSE) must receive a
 * document, by kind and issue day. Pure. Rules and sources: README.md of
 * this folder ("Deadlines"). "N calendar days counted from the day after
 * the issue day" means the last day is the issue day + N.
 */

/** A rule in force for documents issued from `from` (Lima day) on. */
type DatedRule = { from: string; days: number; source: string };

/** Facturas and the notes on them, newest rule first. */
export const FACTURA_RULES: readonly DatedRule[] = [
  { from: '2023-01-05', days: 3, source: 'R.S. N.° 000003-2023/SUNAT (El Peruano, 5 Jan 2023)' },
  { from: '2022-01-01', days: 1, source: 'R.S. N.° 150-2021/SUNAT' },
  { from: '0000-01-01', days: 7, source: 'R.S. N.° 097-2012/SUNAT as it stood in 2021' },
];

/** Boletas and the notes on them (sent in their daily summary): see README, not confirmed by a primary text. */
export const BOLETA_DAYS = 3;
/** A communication of voiding (RA): counted from the issue day of the documents it voids; see README. */
export const VOIDING_DAYS = 7;

/** What decides a deadline: the kind, the issue day (a summary or voiding: its reference day), and for a note what it corrects. */
export type DeadlineInput = { kind: StoredKind; day: string; corrects?: '01' | '03' | null; series?: string };

function facturaDays(day: string): number {
  return (FACTURA_RULES.find((rule) => day >= rule.from) ?? FACTURA_RULES[FACTURA_RULES.length - 1]!).days;
}

/** Whether a credit note corrects a factura: its reference says so, else its series' first letter (F/B, SUNAT's rule). */
function noteOnFactura(input: DeadlineInput): boolean {
  if (input.corrects) return input.corrects === '01';
  return (input.series ?? '').startsWith('F');
}

/** The last Lima day to report the document to SUNAT. */
export function deadlineOf(input: DeadlineInput): string {
  switch (input.kind) {
    case '01':
      return addDays(input.day, facturaDays(input.day));
    case '07':
      return noteOnFactura(input) ? addDays(input.day, facturaDays(input.day)) : addDays(input.day, BOLETA_DAYS);
    case '03':
    case 'RC':
      return addDays(input.day, BOLETA_DAYS);
    case 'RA':
      return addDays(input.day, VOIDING_DAYS);
  }
}

/** Where a deadline stands on `today`: past it, within `soonDays` (inclusive), or later. */
export function deadlineState(deadline: string, today: string, soonDays = 2): 'overdue' | 'dueSoon' | 'later' {
  if (today > deadline) return 'overdue';
  return deadline <= addDays(today, soonDays) ? 'dueSoon' : 'later';
}
