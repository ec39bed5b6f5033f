import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventOf, Job, JobReason, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { fiscalState } from '../bills/test-bills.ts';
import { decide } from '../decide.ts';
import type { DecideContext } from '../decision.ts';
import { MemoryJobs } from '../jobs/memory-jobs.ts';
import { command, ctxAt } from '../test-fixtures.ts';
import { summaryQueued } from './summary-queue.ts';
import { fiscalDocumentOf } from './tax.ts';
import { testBill } from './test-bills.ts';

/**
 * einvoice.requeueSummary: a summary SUNAT refused (its job failed for good
 * with SUNAT_REJECTED or SUNAT_FIX_NEEDED) gives its boletas back to the
 * lines waiting for a summary, and its job is given up, in one decision;
 * anything else is refused and changes nothing.
 */

const NOW = '2026-03-15T15:00:00.000Z';
const SOLD = '2026-03-14T20:00:00.000Z';

/** The context of `staffId` with `jobs` as the hub's job table. */
const ctxWith = (jobs: MemoryJobs, staffId: string | null): DecideContext => ({ ...ctxAt(NOW, staffId), jobs });

/** Two boletas of 2026-03-14 summarized; the summary's job then as `end` leaves it. Returns the state, the job table, the job and the summary's id. */
function planned(end: (jobId: string) => DomainEvent[]): { s: State; jobs: MemoryJobs; job: Job; id: string } {
  let s = fiscalState();
  for (const number of [1, 2]) {
    const doc = fiscalDocumentOf({ ...testBill([{ price: 1180 * number }], { paidAt: SOLD }), id: `o-${number}`, fiscal: { type: '03', series: 'B001', number } }, s.fiscal!);
    if (!doc.ok) throw new Error(doc.code);
    s = applyAll(s, [summaryQueued(doc.document)!]);
  }
  const d = decide(s, command('einvoice.summarize', { referenceDate: '2026-03-14' }), ctxAt(NOW, null));
  if (!d.ok) throw new Error(d.code);
  s = applyAll(s, d.events);
  const created = d.events.find((e): e is EventOf<'job.created'> => e.type === 'job.created')!;
  const jobs = new MemoryJobs().apply(d.events).apply(end(created.job.id));
  const job = jobs.get(created.job.id)!;
  return { s, jobs, job, id: job.kind === 'einvoice.summary' ? job.payload.key : '' };
}

const failed = (reason: JobReason) => (jobId: string): DomainEvent[] => [
  { type: 'job.started', jobId, at: NOW },
  { type: 'job.failed', jobId, at: NOW, reason, retryAt: null },
];

describe('einvoice.requeueSummary', () => {
  it.each(['SUNAT_REJECTED', 'SUNAT_FIX_NEEDED'] as const)('a summary ended %s: its boletas wait again, its job is given up', (reason) => {
    const { s, jobs, job, id } = planned(failed(reason));
    expect(Object.keys(s.pendingSummary)).toEqual([]);
    const d = decide(s, command('einvoice.requeueSummary', { summaryId: id }), ctxWith(jobs, 'staff-demo-owner'));
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.events.map((e) => e.type)).toEqual(['einvoice.summaryQueued', 'einvoice.summaryQueued', 'job.cancelled']);
    const after = applyAll(s, d.events);
    expect(Object.values(after.pendingSummary).map((p) => [p.key, p.referenceDate, p.line.index])).toEqual([['03-B001-1', '2026-03-14', 0], ['03-B001-2', '2026-03-14', 0]]);
    expect(jobs.copy().apply(d.events).get(job.id)?.status).toBe('cancelled');
    // And the next summary of that day carries them again, under a new number.
    const again = decide(after, command('einvoice.summarize', { referenceDate: '2026-03-14' }), ctxAt(NOW, null));
    expect(again.ok && again.events.find((e) => e.type === 'einvoice.summaryPlanned')).toMatchObject({ summary: { id: 'RC-20260315-2', lines: [{ index: 1, number: 1 }, { index: 2, number: 2 }] } });
  });

  const refused: [string, (jobId: string) => DomainEvent[], string | null][] = [
    ['still waiting to be sent', () => [], null],
    ['accepted', (jobId) => [{ type: 'job.started', jobId, at: NOW }, { type: 'job.succeeded', jobId, at: NOW }], null],
    ['failed for a reason that is not SUNAT\'s answer', failed('UNKNOWN'), null],
    ['unknown', failed('SUNAT_REJECTED'), 'RC-20260315-9'],
    ['named __proto__', failed('SUNAT_REJECTED'), '__proto__'],
  ];
  it.each(refused)('a summary %s: SUMMARY_NOT_FAILED, nothing changes', (_name, end, otherId) => {
    const { s, jobs, id } = planned(end);
    const before = JSON.stringify(jobs.values());
    const d = decide(s, command('einvoice.requeueSummary', { summaryId: otherId ?? id }), ctxWith(jobs, 'staff-demo-owner'));
    expect(d).toEqual({ ok: false, code: 'SUMMARY_NOT_FAILED', message: 'summaryId' });
    expect(JSON.stringify(jobs.values())).toBe(before);
  });

  it('twice: the second finds the job given up and is refused', () => {
    const { s, jobs, id } = planned(failed('SUNAT_REJECTED'));
    const first = decide(s, command('einvoice.requeueSummary', { summaryId: id }), ctxWith(jobs, 'staff-demo-owner'));
    if (!first.ok) throw new Error(first.code);
    const second = decide(applyAll(s, first.events), command('einvoice.requeueSummary', { summaryId: id }), ctxWith(jobs.copy().apply(first.events), 'staff-demo-owner'));
    expect(second).toMatchObject({ ok: false, code: 'SUMMARY_NOT_FAILED' });
  });
});
