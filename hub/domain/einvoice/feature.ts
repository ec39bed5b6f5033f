import type { EventOf, State } from '#protocol';
import { hubOnly } from '../decision.ts';
import type { DomainFeature } from '../feature.ts';
import { getOwn, NO_IDS, withChanges, withOwn } from '../records.ts';
import { carryPendingDays } from './pending-days.ts';

/** A daily summary's counter: `RC-YYYYMMDD`, one per issue day (summary.ts). */
const SUMMARY_COUNTER = /^RC-\d{8}$/;

/**
 * The summary counters of issue days before `series` when `series` opens a
 * new day's: a summary is only ever numbered on its issue day (today), so a
 * past day's counter is never read again, and keeping one a day would grow
 * `fiscalNumbers` (copied by every boleta's numbering) by 365 entries a year.
 * A later day's counter stays (a clock set back must not restart it). Walks
 * `fiscalNumbers` once a day, when it holds the series (a handful) and one
 * counter; a store from before this drops its past ones at its next summary.
 */
function pastSummaryCounters(numbers: Readonly<Record<string, number>>, series: string): ReadonlySet<string> {
  if (!SUMMARY_COUNTER.test(series) || Object.hasOwn(numbers, series)) return NO_IDS;
  // collection-guard: the series' counters, bounded by this very rule (see above).
  return new Set(Object.keys(numbers).filter((key) => SUMMARY_COUNTER.test(key) && key < series));
}

/**
 * E-invoicing (issue 11): the owner's fiscal settings, and the counter per
 * series that `order.settle` numbers boletas and facturas from (numbering.ts;
 * the tax rules that turn a bill into a FiscalDocument are tax.ts). README.md
 * here: the rules, the decisions and their sources.
 */
export const einvoiceFeature = {
  name: 'einvoice',
  // All hub-only (settings.ts, summary.ts, requeue.ts, run through ../hub-rules.ts): a device's view never
  // needs them, since numbering and documents are the hub's; the hub's change shows the result.
  handlers: { 'fiscal.saveSettings': hubOnly, 'einvoice.summarize': hubOnly, 'einvoice.requeueSummary': hubOnly },
  appliers: {
    'fiscal.settingsSaved': (s: State, e: EventOf<'fiscal.settingsSaved'>): State => ({ ...s, fiscal: e.settings }),
    // Never backwards: a number once used stays used.
    'fiscal.numbered': (s: State, e: EventOf<'fiscal.numbered'>): State => {
      const number = Math.max(getOwn(s.fiscalNumbers, e.series) ?? 0, e.number);
      return { ...s, fiscalNumbers: withChanges(s.fiscalNumbers, [[e.series, number]], pastSummaryCounters(s.fiscalNumbers, e.series)) };
    },
    'einvoice.summaryQueued': (s: State, e: EventOf<'einvoice.summaryQueued'>): State => {
      const before = getOwn(s.pendingSummary, e.pending.key);
      const pendingSummary = withOwn(s.pendingSummary, e.pending.key, e.pending);
      carryPendingDays(s.pendingSummary, pendingSummary, [e.pending], before ? [before] : []);
      return { ...s, pendingSummary };
    },
    'einvoice.summaryPlanned': (s: State, e: EventOf<'einvoice.summaryPlanned'>): State => {
      // Up to 500 lines leave in one copy of the waiting ones, not one copy per line.
      const pendingSummary = withChanges(s.pendingSummary, [], new Set(e.keys));
      carryPendingDays(s.pendingSummary, pendingSummary, [], e.keys.flatMap((key) => getOwn(s.pendingSummary, key) ?? []));
      return { ...s, pendingSummary };
    },
  },
  initialState: () => ({ fiscal: null, fiscalNumbers: {}, pendingSummary: {} }),
  migrations: [],
} satisfies DomainFeature;
