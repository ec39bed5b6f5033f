import { hubOnly } from '../decision.ts';
import type { EventOf, State } from '#protocol';
import type { DomainFeature } from '../feature.ts';
import { closeShift, moveCash, openShift } from './handlers.ts';

/**
 * Shift handover (M006; README.md here). Its totals are moved on by other
 * features' events (`order.settled`, `bill.corrected`): their appliers call
 * `foldIntoShift` (totals.ts), since each event has one applier.
 */
export const shiftFeature = {
  name: 'shift',
  handlers: { 'shift.open': openShift, 'shift.cashMove': moveCash, 'shift.close': closeShift, 'shift.printReport': hubOnly },
  appliers: {
    'shift.opened': (s: State, e: EventOf<'shift.opened'>): State => ({ ...s, openShift: e.shift }),
    'shift.cashMoved': (s: State, e: EventOf<'shift.cashMoved'>): State => (s.openShift ? { ...s, openShift: { ...s.openShift, moves: [...s.openShift.moves, e.move] } } : s),
    // The closed shift leaves the live state into its day file (shiftsFiledBy in ../archived.ts).
    'shift.closed': (s: State): State => ({ ...s, openShift: null }),
    // A Z report printed again changes no state: it causes the print job (../printing/reactions.ts).
    'shift.reportReprinted': (s: State): State => s,
  },
  initialState: () => ({ openShift: null }),
  migrations: [],
} satisfies DomainFeature;
