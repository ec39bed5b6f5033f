import type { CommandPayload, DomainEvent, Job, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { jobsOf } from '../jobs/lookup.ts';
import { getOwn } from '../records.ts';

/** The job reasons that mean SUNAT itself refused the summary (its own answer, not a missing link). */
const REFUSED_BY_SUNAT = new Set(['SUNAT_REJECTED', 'SUNAT_FIX_NEEDED']);

type SummaryJob = Extract<Job, { kind: 'einvoice.summary' }>;

/** The summary's job (the job table's index by summary id), when SUNAT's answer ended it for good. */
function failedSummaryJob(ctx: DecideContext, summaryId: string): SummaryJob | null {
  const job = jobsOf(ctx).summaryJob(summaryId);
  if (job?.kind !== 'einvoice.summary' || job.payload.key !== summaryId) return null;
  return job.status === 'failed' && job.reason !== null && REFUSED_BY_SUNAT.has(job.reason) && job.payload.summary ? job : null;
}

/**
 * `einvoice.requeueSummary` (hub-only, ../hub-rules.ts): a daily summary SUNAT
 * rejected or asked to fix registered none of its boletas, and planning it
 * took them out of `pendingSummary`; nothing would ever report them again.
 * Its lines wait once more for their day's summary (the planner or the owner
 * sends a new one, with a new RC number; SUNAT's rule 2282 refuses a summary
 * id sent before), and the failed job is given up, in one record. Asked by a
 * person, not by the hub: a summary refused for what it carries would be
 * refused again every minute.
 */
export function requeueSummary(s: State, p: CommandPayload<'einvoice.requeueSummary'>, ctx: DecideContext): Decision {
  const job = failedSummaryJob(ctx, p.summaryId);
  const summary = job?.payload.summary;
  if (!job || !summary) return refuse('SUMMARY_NOT_FAILED', 'summaryId');
  const events: DomainEvent[] = [];
  for (const line of summary.lines) {
    const key = `${line.type}-${line.series}-${line.number}`;
    if (getOwn(s.pendingSummary, key)) continue;
    events.push({ type: 'einvoice.summaryQueued', pending: { key, referenceDate: summary.referenceDate, line: { ...line, index: 0 } } });
  }
  events.push({ type: 'job.cancelled', jobId: job.id, at: ctx.now });
  return accept(events);
}
