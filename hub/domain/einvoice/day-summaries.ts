import type { DomainEvent, State } from '#protocol';
import { SUMMARY_MAX_LINES } from '#protocol';
import { applyAll } from '../apply.ts';
import type { Decision } from '../decision.ts';
import { pendingDays } from './pending-days.ts';
import { summarize } from './summary.ts';

/** The hub, as the actor of a summary its own rules plan. */
const HUB = { staffId: null, deviceId: 'hub' } as const;

/**
 * Keeps the boletas waiting for a summary to one summary's worth per day
 * (issue 20): the summary planner (hub/einvoice/outbox/summary-planner.ts)
 * summarizes a day once it is over, so a busy day's boletas (1,000 and more)
 * used to wait all day in `pendingSummary`, and every boleta settled copied
 * them all. When a decision queues the line that makes SUMMARY_MAX_LINES
 * (500) for its day, the same record numbers and plans that day's summary of
 * those 500 (`einvoice.summarize`'s own rule, summary.ts: a day that has
 * begun may be summarized, several summaries a day are SUNAT's usual way);
 * the rest of the day follows in the next one. A summary the rule refuses
 * (its counter full) leaves the decision as it was: the planner tries later.
 * Runs in the hub's rules (../hub-rules.ts), after the documents, before the jobs.
 */
export function withDaySummaries(state: State, decision: Decision, now: string): Decision {
  if (!decision.ok) return decision;
  const queued = decision.events.filter((e) => e.type === 'einvoice.summaryQueued');
  if (queued.length === 0) return decision;
  const waiting = pendingDays(state.pendingSummary);
  const dates = new Set(queued.map((e) => e.pending.referenceDate));
  const full = [...dates].filter((date) => (waiting.get(date) ?? 0) + queued.filter((e) => e.pending.referenceDate === date).length >= SUMMARY_MAX_LINES);
  if (full.length === 0) return decision;
  let after = applyAll(state, decision.events);
  const events: DomainEvent[] = [...decision.events];
  for (const referenceDate of full) {
    const summary = summarize(after, { referenceDate }, { now, actor: HUB });
    if (!summary.ok) continue;
    events.push(...summary.events);
    after = applyAll(after, summary.events);
  }
  return { ...decision, events };
}
