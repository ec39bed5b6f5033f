import { describe, expect, it } from 'vitest';
import { JOB_KINDS, type Job, type JobKind } from '#protocol';
import { jobLane } from './lane.ts';
import { jobAt } from './test-jobs.ts';

/** Where each kind's jobs wait (pure: the hub's job table keeps its lane index with it). */

const payloads: Record<JobKind, Job['payload']> = {
  'test.echo': { text: 'x' },
  'test.mark': { text: 'x' },
  print: { printerId: 'pr-1', purpose: 'kitchen', document: { blocks: [], cut: true } },
  'drawer.kick': { printerId: 'pr-1', reason: 'x' },
  'einvoice.send': { key: '03-B001-1' },
  'einvoice.summary': { key: 'RC-20260315-1' },
  'export.day': { day: '2026-03-15' },
  'export.deliver': { day: '2026-03-15', target: 'mail' },
  'backup.make': { reason: 'nightly' },
} as unknown as Record<JobKind, Job['payload']>;

const expected: Record<JobKind, { key: string; ordered: boolean }> = {
  'test.echo': { key: 'test.echo', ordered: false },
  'test.mark': { key: 'test.mark', ordered: false },
  // A printer's tickets and its drawer kicks share its lane, strictly in the order they were made.
  print: { key: 'printer:pr-1', ordered: true },
  'drawer.kick': { key: 'printer:pr-1', ordered: true },
  // One conversation with SUNAT at a time: its gate pauses the one lane.
  'einvoice.send': { key: 'sunat', ordered: false },
  'einvoice.summary': { key: 'sunat', ordered: false },
  'export.day': { key: 'export', ordered: false },
  'export.deliver': { key: 'export-mail', ordered: false },
  // One backup at a time, in its own lane: a long one holds no export.
  'backup.make': { key: 'backup.make', ordered: false },
};

describe('jobLane', () => {
  it.each(JOB_KINDS)('%s', (kind) => {
    expect(jobLane(jobAt('j.0', 'pending', { kind, payload: payloads[kind] } as Partial<Job>))).toEqual(expected[kind]);
  });

  it('a printer named like an object member is still its own lane', () => {
    const job = jobAt('j.0', 'pending', { kind: 'print', payload: { printerId: '__proto__', purpose: 'kitchen', document: { blocks: [], cut: true } } } as unknown as Partial<Job>);
    expect(jobLane(job)).toEqual({ key: 'printer:__proto__', ordered: true });
  });
});
