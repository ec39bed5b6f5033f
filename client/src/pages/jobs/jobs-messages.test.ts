import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { emptyJobBoard, JOB_KINDS, JOB_REASONS, type JobBoard, type JobSummary } from '#protocol';
import { jobsEn } from './i18n/en.ts';
import { jobsEs } from './i18n/es.ts';
import { jobsZh } from './i18n/zh.ts';
import { summarySubject } from './job-text.ts';
import { queuedCount, queuedLanes, stuckStamp, visibleStuck } from './stuck-jobs.ts';

/** Reads a dotted key (`kinds.test.echo`) from a message tree. */
function at(tree: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

const jobsMessages = { es: jobsEs.jobs, en: jobsEn.jobs, zh: jobsZh.jobs };

describe('stuck jobs page texts', () => {
  it.each(['es', 'en', 'zh'] as const)('%s names every job kind and every failure reason', (lang) => {
    for (const kind of JOB_KINDS) expect(at(jobsMessages[lang], `kinds.${kind}`), kind).toBeTypeOf('string');
    for (const reason of JOB_REASONS) expect(at(jobsMessages[lang], `reasons.${reason}`), reason).toBeTypeOf('string');
  });
});

describe('stuck jobs list', () => {
  const summary = (id: string, updatedAt: string, over: Partial<JobSummary> = {}): JobSummary => ({
    id,
    kind: 'print',
    status: 'failed',
    attempts: 1,
    reason: 'UNREACHABLE',
    createdAt: updatedAt,
    updatedAt,
    nextAt: updatedAt,
    printerId: 'p1',
    purpose: 'kitchen',
    title: '4',
    ...over,
  });

  it('counts the queue from the board (waiting and running, every lane)', () => {
    const board = emptyJobBoard();
    board.totals = { waiting: 30, running: 1, stuck: 2 };
    expect(queuedCount(board)).toBe(31);
    expect(queuedCount(emptyJobBoard())).toBe(0);
  });

  it('says where the queue waits: lanes with jobs, the longest first, the one being tried counted', () => {
    const lane = (key: string, printerId: string | null, waiting: number, running = 0): JobBoard['lanes'][number] => ({ key, kind: printerId ? 'print' : 'einvoice.send', printerId, waiting, running, stuck: 0, nextAt: null, lastReason: null });
    const board = { ...emptyJobBoard(), lanes: [lane('sunat', null, 3), lane('printer:bar', 'bar', 0), lane('printer:cocina', 'cocina', 29, 1), lane('printer:caja', 'caja', 3)] };
    expect(queuedLanes(board).map((l) => [l.key, l.queued])).toEqual([
      ['printer:cocina', 30],
      ['printer:caja', 3],
      ['sunat', 3],
    ]);
  });

  it('asks the hub again when a stuck job comes, goes, or is retried and stuck again', () => {
    const board = (rows: JobSummary[]) => ({ ...emptyJobBoard(), stuck: rows, stuckTotal: rows.length });
    const a = summary('a.0', '2026-01-01T10:00:00.000Z');
    const b = summary('b.0', '2026-01-01T11:00:00.000Z');
    const base = stuckStamp(board([b, a]));
    expect(stuckStamp(board([b, a]))).toBe(base);
    expect(stuckStamp(board([a]))).not.toBe(base);
    expect(stuckStamp(board([summary('b.0', '2026-01-01T12:00:00.000Z'), a]))).not.toBe(base);
    // Past the newest 50 the board lists, the total still moves the stamp.
    expect(stuckStamp({ ...board([b, a]), stuckTotal: 51 })).not.toBe(base);
  });

  it('hides a row acted on here until the hub lists it changed', () => {
    const a = summary('a.0', '2026-01-01T10:00:00.000Z');
    const b = summary('b.0', '2026-01-01T11:00:00.000Z');
    const acted = new Map([['a.0', a.updatedAt]]);
    expect(visibleStuck([b, a], acted).map((r) => r.id)).toEqual(['b.0']);
    expect(visibleStuck([b, summary('a.0', '2026-01-01T12:00:00.000Z')], acted).map((r) => r.id)).toEqual(['b.0', 'a.0']);
  });

  it('names what a job was about from its kind, purpose and title', () => {
    const t = ((key: string, opts?: Record<string, unknown>) => (opts ? `${key}(${Object.values(opts).join(',')})` : key)) as unknown as TFunction;
    expect(summarySubject(t, summary('a.0', ''), 'Cocina')).toBe('printers.historyView.purposes.kitchen · printers.historyView.table(4) · Cocina');
    expect(summarySubject(t, summary('a.0', '', { purpose: 'receipt', title: '12' }), null)).toBe('printers.historyView.purposes.receipt · printers.historyView.bill(12)');
    expect(summarySubject(t, summary('a.0', '', { kind: 'einvoice.send', purpose: null, printerId: null, title: '03-B001-7' }), null)).toBe('03-B001-7');
    expect(summarySubject(t, summary('a.0', '', { kind: 'drawer.kick', purpose: null, title: '' }), null)).toBe('');
  });
});
