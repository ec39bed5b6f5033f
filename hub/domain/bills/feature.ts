import type { EventOf, State } from '#protocol';
import { hubOnly } from '../decision.ts';
import type { DomainFeature } from '../feature.ts';
import { getOwn, withOwn } from '../records.ts';
import { foldIntoShift, withCorrection } from '../shift/totals.ts';

/**
 * Closed bills after settlement: voids and refunds with their credit notes
 * (README.md here). The bill itself comes from the day archive in the
 * internal `bill.correct` command; what was corrected stays live per bill.
 * Only the hub decides `bill.correct` (its rule, correct.ts, is in
 * ../hub-rules.ts, so a device's bundle holds no credit-note arithmetic):
 * the shared entry here refuses, as a device never decides one.
 */
export const billsFeature = {
  name: 'bills',
  handlers: { 'bill.correct': hubOnly, 'bill.reprint': hubOnly },
  appliers: {
    'bill.corrected': (s: State, e: EventOf<'bill.corrected'>): State => {
      const before = getOwn(s.billCorrections, e.correction.billId) ?? { voided: false, corrections: [] };
      const after = { voided: before.voided || e.correction.kind === 'void', corrections: [...before.corrections, e.correction] };
      // Money given back during a shift comes off what its drawer should hold (hub/domain/shift/README.md).
      return foldIntoShift({ ...s, billCorrections: withOwn(s.billCorrections, e.correction.billId, after) }, (t) => withCorrection(t, e.correction));
    },
    // A reprint changes no state: it causes one print job (../printing/reactions.ts).
    'bill.reprinted': (s: State): State => s,
  },
  initialState: () => ({ billCorrections: {} }),
  migrations: [],
} satisfies DomainFeature;
