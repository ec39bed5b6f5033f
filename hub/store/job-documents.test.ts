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

describe('JobDocuments places', () => {
  const FILE = 'jobs/table-0.jsonl';
  it.each<[string, { file: string; start: number; end: number }]>([
    ['the first line', { file: FILE, start: 0, end: 812 }],
    ['an empty line', { file: FILE, start: 90, end: 90 }],
    ['far into a large file (5 GB)', { file: FILE, start: 5 * 2 ** 30, end: 5 * 2 ** 30 + 2_400 }],
    ['a line of a megabyte or more (kept as given)', { file: FILE, start: 4_096, end: 4_096 + 2 ** 20 + 5 }],
    ['a line in another file (kept as given)', { file: 'jobs/table-9.jsonl', start: 10, end: 20 }],
  ])('%s reads back as placed', (_label, line) => {
    const docs = new JobDocuments();
    docs.place('first.0', { file: FILE, start: 1, end: 2 });
    docs.place('__proto__', line);
    expect(docs.lineOf('__proto__')).toEqual(line);
    expect(docs.lineOf('first.0')).toEqual({ file: FILE, start: 1, end: 2 });
    expect(docs.lineOf('never')).toBeUndefined();
    expect(docs.size).toBe(2);
  });

  it('a job placed again moves; a whole rewrite leaves only the moved lines, in the new file', () => {
    const docs = new JobDocuments();
    docs.place('a.0', { file: FILE, start: 0, end: 10 });
    docs.place('b.0', { file: 'jobs/other.jsonl', start: 0, end: 10 });
    docs.place('b.0', { file: FILE, start: 11, end: 30 });
    expect(docs.lineOf('b.0')).toEqual({ file: FILE, start: 11, end: 30 });
    expect(docs.size).toBe(2);
    docs.rewritten('jobs/table-50.jsonl', [{ id: 'b.0', start: 0, end: 19 }]);
    expect(docs.lineOf('a.0')).toBeUndefined();
    expect(docs.lineOf('b.0')).toEqual({ file: 'jobs/table-50.jsonl', start: 0, end: 19 });
    expect(docs.size).toBe(1);
  });
});
