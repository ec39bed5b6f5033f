import type { EventOf, State } from '#protocol';
import { hubOnly } from '../decision.ts';
import type { DomainFeature } from '../feature.ts';
import { getOwn, withOwn, withoutOwn } from '../records.ts';

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
    'fiscal.numbered': (s: State, e: EventOf<'fiscal.numbered'>): State => ({
      ...s,
      fiscalNumbers: withOwn(s.fiscalNumbers, e.series, Math.max(getOwn(s.fiscalNumbers, e.series) ?? 0, e.number)),
    }),
    'einvoice.summaryQueued': (s: State, e: EventOf<'einvoice.summaryQueued'>): State => ({ ...s, pendingSummary: withOwn(s.pendingSummary, e.pending.key, e.pending) }),
    'einvoice.summaryPlanned': (s: State, e: EventOf<'einvoice.summaryPlanned'>): State => {
      let pendingSummary = s.pendingSummary;
      for (const key of e.keys) pendingSummary = withoutOwn(pendingSummary, key);
      return { ...s, pendingSummary };
    },
  },
  initialState: () => ({ fiscal: null, fiscalNumbers: {}, pendingSummary: {} }),
  migrations: [],
} satisfies DomainFeature;
