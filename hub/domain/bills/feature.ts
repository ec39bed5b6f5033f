import type { EventOf, State } from '#protocol';
import type { DomainFeature } from '../feature.ts';
import { getOwn, withOwn } from '../records.ts';
import { correctBill } from './correct.ts';

/**
 * Closed bills after settlement: voids and refunds with their credit notes
 * (README.md here). The bill itself comes from the day archive in the
 * internal `bill.correct` command; what was corrected stays live per bill.
 */
export const billsFeature = {
  name: 'bills',
  handlers: { 'bill.correct': correctBill },
  appliers: {
    'bill.corrected': (s: State, e: EventOf<'bill.corrected'>): State => {
      const before = getOwn(s.billCorrections, e.correction.billId) ?? { voided: false, corrections: [] };
      const after = { voided: before.voided || e.correction.kind === 'void', corrections: [...before.corrections, e.correction] };
      return { ...s, billCorrections: withOwn(s.billCorrections, e.correction.billId, after) };
    },
  },
  initialState: () => ({ billCorrections: {} }),
  migrations: [],
} satisfies DomainFeature;
