import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JobTable } from '#hub/engine/job-table.ts';
import type { Job, JobStatus } from '#protocol';
import { HISTORY_FILE_BYTES, historyDir, PrintHistory, type HistoryJobs } from './history.ts';

/** The print history file: written when a job's fate settles, backfilled at start, bounded, paged without gaps. */

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const at = (s: number) => new Date(Date.UTC(2026, 4, 1, 12, 0, s)).toISOString();

function printJob(id: string, status: JobStatus, createdSec: number, printerId = 'pr-1'): Job {
  return {
    id,
    kind: 'print',
    payload: { printerId, purpose: 'kitchen', document: { blocks: [{ kind: 'text', text: 'x'.repeat(200) }], cut: true } },
    status,
    attempts: 1,
    nextAt: at(createdSec),
    reason: status === 'failed' ? 'PARTIAL_WRITE' : null,
    createdAt: at(createdSec),
    updatedAt: at(createdSec + 1),
  };
}

/** The hub's job table holding these jobs (made in this order). */
function stateWith(jobs: Job[]): JobTable {
  const table = new JobTable();
  table.load(jobs.map((job, n) => ({ n, job })), jobs.length);
  return table;
}

/** The table, counting the index pages read and the jobs they held. */
function counted(table: HistoryJobs): HistoryJobs & { pages: number; rows: number } {
  const out = {
    pages: 0,
    rows: 0,
    get: (id: string) => table.get(id),
    list: (q: Parameters<HistoryJobs['list']>[0]) => {
      const page = table.list(q);
      out.pages++;
      out.rows += page.jobs.length;
      return page;
    },
  };
  return out;
}

describe('print history', () => {
  it('writes a line when a print job settles (done, given up, maybe done, cancelled), not while it waits for a retry', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pos-print-history-'));
    const h = new PrintHistory(dir);
    const s = stateWith([printJob('a.0', 'done', 1), printJob('b.0', 'pending', 2), printJob('c.0', 'failed', 3)]);
    h.record(
      [
        { type: 'job.succeeded', jobId: 'a.0', at: at(2) },
        { type: 'job.failed', jobId: 'b.0', at: at(3), reason: 'UNREACHABLE', retryAt: at(5) },
        { type: 'job.failed', jobId: 'c.0', at: at(4), reason: 'PARTIAL_WRITE', retryAt: null },
        { type: 'job.succeeded', jobId: '__proto__', at: at(4) },
      ],
      s,
    );
    await h.flushed();
    const lines = await h.lines('pr-1');
    expect(lines.map((l) => [l.id, l.status])).toEqual([
      ['a.0', 'done'],
      ['c.0', 'failed'],
    ]);
    expect(JSON.stringify(lines)).not.toContain('xxxx'); // the paper is not kept twice
  });

  it('at start, settled jobs still in the state that the file lacks are written once', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pos-print-history-'));
    const s = stateWith([printJob('a.0', 'done', 1), printJob('b.0', 'maybeDone', 2), printJob('c.0', 'pending', 3)]);
    await new PrintHistory(dir).backfill(s);
    await new PrintHistory(dir).backfill(s);
    expect((await new PrintHistory(dir).lines('pr-1')).map((l) => l.id)).toEqual(['a.0', 'b.0']);
  });

  it('pages newest first without splitting jobs made at the same moment; live jobs are reprintable and win over the file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pos-print-history-'));
    const h = new PrintHistory(dir);
    const old = [printJob('a.0', 'done', 1), printJob('b.0', 'done', 2), printJob('b.1', 'done', 2), printJob('c.0', 'done', 3)];
    await h.backfill(stateWith(old));
    const live = stateWith([{ ...printJob('c.0', 'failed', 3) }, printJob('d.0', 'pending', 4)]);
    const first = await h.page(live, 'pr-1', undefined, 3);
    expect(first.jobs.map((j) => [j.id, j.status, j.reprintable])).toEqual([
      ['d.0', 'pending', true],
      ['c.0', 'failed', true],
      ['b.1', 'done', false],
      ['b.0', 'done', false],
    ]);
    expect(first.more).toBe(true);
    const next = await h.page(live, 'pr-1', first.jobs.at(-1)!.createdAt, 3);
    expect(next).toMatchObject({ jobs: [{ id: 'a.0' }], more: false });
    expect((await h.page(live, 'pr-2', undefined, 3)).jobs).toEqual([]);
  });

  it('a printer off all weekend: the first page reads as much of the table with 10,000 tickets waiting as with 100', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pos-print-history-'));
    const h = new PrintHistory(dir);
    const cost = async (waiting: number) => {
      const table = counted(stateWith(Array.from({ length: waiting }, (_, i) => ({ ...printJob(`w${i}.0`, 'pending', i), attempts: 0, updatedAt: at(i) }))));
      const page = await h.page(table, 'pr-1', undefined, 50);
      expect(page.jobs.map((j) => j.id).slice(0, 2)).toEqual([`w${waiting - 1}.0`, `w${waiting - 2}.0`]);
      expect(page).toMatchObject({ more: true });
      return { pages: table.pages, rows: table.rows };
    };
    expect(await cost(10_000)).toEqual(await cost(100));
  });

  it('tickets settled while a write is under way go together, each printer\'s lines in the order they settled', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pos-print-history-'));
    const h = new PrintHistory(dir);
    const jobs = Array.from({ length: 60 }, (_, i) => printJob(`j${i}.0`, 'done', i, i % 3 === 0 ? 'pr-2' : 'pr-1'));
    // No await between them: a busy evening's settlements arriving faster than the disk takes them.
    for (const job of jobs) h.record([{ type: 'job.succeeded', jobId: job.id, at: job.updatedAt }], stateWith([job]));
    await h.flushed();
    for (const printerId of ['pr-1', 'pr-2']) {
      const ids = (await h.lines(printerId)).map((l) => l.id);
      expect(ids).toEqual(jobs.filter((j) => j.kind === 'print' && j.payload.printerId === printerId).map((j) => j.id));
    }
    // Later lines after the burst land after it (the size kept in memory stays right).
    const late = printJob('late.0', 'done', 99);
    h.record([{ type: 'job.succeeded', jobId: late.id, at: late.updatedAt }], stateWith([late]));
    await h.flushed();
    expect((await h.lines('pr-1')).at(-1)?.id).toBe('late.0');
  });

  it('a file past its bound is set aside (one older kept): reads stay small, recent history stays', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pos-print-history-'));
    const h = new PrintHistory(dir);
    const jobs = Array.from({ length: 3_000 }, (_, i) => printJob(`j${i}.0`, 'done', i));
    for (const job of jobs) h.record([{ type: 'job.succeeded', jobId: job.id, at: job.updatedAt }], stateWith([job]));
    await h.flushed();
    const file = path.join(historyDir(dir), 'pr-1.jsonl');
    expect((await stat(file)).size).toBeLessThanOrEqual(HISTORY_FILE_BYTES + 1_000);
    expect((await readFile(`${file}.1`, 'utf8')).length).toBeGreaterThan(0);
    const lines = await h.lines('pr-1');
    expect(lines.at(-1)?.id).toBe('j2999.0');
    expect(lines.length).toBeLessThan(3_000);
  });
});
