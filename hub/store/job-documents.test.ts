import { describe, expect, it } from 'vitest';
import type { Job } from '#protocol';
import { isLeftOnDisk, JobDocuments, LEFT_ON_DISK, StringPool } from './job-documents.ts';

/**
 * A print job as memory keeps it after a start (issue 20, RSS at start-up):
 * its paper stays in the file, and equal texts of a load share one string.
 * Sharing is invisible to every reader: the stub made through a pool equals
 * the one made without, field for field.
 */

const AT = '2026-11-29T03:40:49.679Z';
const ORDER = '3072c09a-d522-4d03-bf7b-d5d8e81ba06c';

function ticket(id: string, times: { createdAt: string; nextAt: string; updatedAt: string; writingAt?: string }, orderId: string | null = ORDER): Job {
  return {
    kind: 'print',
    id,
    status: 'pending',
    attempts: 0,
    reason: null,
    ...times,
    payload: { printerId: 'pr-kitchen', purpose: 'kitchen', document: { blocks: [{ kind: 'text', text: 'Mesa 4' }], cut: true }, ...(orderId ? { orderId } : {}) },
  } as Job;
}

describe('JobDocuments.stub through a StringPool', () => {
  it.each<[string, Job, number]>([
    ['a ticket never tried (three equal times)', ticket('a.0', { createdAt: AT, nextAt: AT, updatedAt: AT }), 3],
    ['a ticket tried and waiting (two times)', ticket('b.0', { createdAt: AT, nextAt: '2026-11-29T03:41:00.000Z', updatedAt: AT }), 4],
    ['a ticket being written (writingAt)', ticket('c.0', { createdAt: AT, nextAt: AT, updatedAt: AT, writingAt: '2026-11-29T03:41:02.000Z' }), 4],
    ['a ticket with no order', ticket('d.0', { createdAt: AT, nextAt: AT, updatedAt: AT }, null), 2],
  ])('%s: equal to the stub made without a pool; the pool holds each distinct text once', (_label, job, distinct) => {
    const pool = new StringPool();
    const shared = JobDocuments.stub(job, pool.share);
    expect(shared).toEqual(JobDocuments.stub(job));
    expect(isLeftOnDisk(shared)).toBe(true);
    expect(shared.kind === 'print' && shared.payload.document).toBe(LEFT_ON_DISK);
    // printerId, orderId and the distinct times.
    expect(pool.size).toBe(distinct);
    // The job given is left as it was (its paper still there).
    expect(job.kind === 'print' && job.payload.document.blocks.length).toBe(1);
  });

  it('a second ticket of the same order and instant adds nothing to the pool', () => {
    const pool = new StringPool();
    JobDocuments.stub(ticket('a.0', { createdAt: AT, nextAt: AT, updatedAt: AT }), pool.share);
    const before = pool.size;
    const second = JobDocuments.stub(ticket('a.1', { createdAt: AT, nextAt: AT, updatedAt: AT }), pool.share);
    expect(pool.size).toBe(before);
    expect(second.id).toBe('a.1');
  });

  it.each(['__proto__', 'constructor', 'toString', ''])('shares the text %j as any other (a Map, not an object)', (text) => {
    const pool = new StringPool();
    expect(pool.share(text)).toBe(text);
    expect(pool.share(text)).toBe(text);
    expect(pool.size).toBe(1);
  });

  it('a job that is not a print job is kept as it is', () => {
    const kick = { kind: 'drawer.kick', id: 'k.0', status: 'pending', attempts: 0, reason: null, createdAt: AT, nextAt: AT, updatedAt: AT, payload: { printerId: 'pr-kitchen' } } as unknown as Job;
    const pool = new StringPool();
    expect(JobDocuments.stub(kick, pool.share)).toBe(kick);
    expect(pool.size).toBe(0);
  });
});
