import { describe, expect, it } from 'vitest';
import type { Job, JobBoard } from '#protocol';
import { BOARD_STUCK_LIMIT, jobBoardSchema, ROLE_PRESETS } from '#protocol';
import { boardFor, fullBoard, jobSummary, type BoardSource, type LaneCounters } from './job-board.ts';
import type { Viewer } from './viewer.ts';

const at = '2026-11-28T12:00:00.000Z';
const doc = { blocks: [{ kind: 'text' as const, text: 'LOMO SALTADO x2  S/ 64.00' }], cut: true };
const ticket = { station: 's', stationName: 'Cocina', orderId: 'o1', orderNo: 3, table: '4', waiter: 'Ana', people: 2, at, marker: 'new' as const, reason: '', lines: [] };

function printJob(id: string, over: Partial<Job> = {}, payload: Record<string, unknown> = {}): Job {
  return { id, kind: 'print', payload: { printerId: 'p-kitchen', purpose: 'kitchen', document: doc, ticket, ...payload }, status: 'failed', attempts: 3, nextAt: at, reason: 'UNREACHABLE', createdAt: at, updatedAt: at, ...over } as Job;
}

const counters = (over: Partial<LaneCounters>): LaneCounters => ({ key: 'printer:p-kitchen', kind: 'print', printerId: 'p-kitchen', waiting: 0, running: null, stuck: 0, nextAt: null, lastReason: null, ...over });

/** A job table's view for the board, as plain data (the presenter reads nothing else). */
function source(lanes: LaneCounters[], stuck: Job[] = []): BoardSource & { asked: number[] } {
  const asked: number[] = [];
  return { asked, laneCounters: () => lanes, newestStuck: (limit) => (asked.push(limit), stuck.slice(0, limit)) };
}

const viewer = (roleId: keyof typeof ROLE_PRESETS): Viewer => ({ staffId: `s-${roleId}`, roleId, aliases: new Set(ROLE_PRESETS[roleId]) });

describe('the job board', () => {
  it('sums the lanes, leaves empty lanes out, and lists printers first in a stable order', () => {
    const board = fullBoard(
      source([
        counters({ key: 'einvoice.send', kind: 'einvoice.send', printerId: null, waiting: 4, lastReason: 'SUNAT_UNREACHABLE', nextAt: at }),
        counters({ key: 'printer:p-bar', printerId: 'p-bar', waiting: 0 }),
        counters({ waiting: 30, running: printJob('r.0', { status: 'running' }), stuck: 1, nextAt: at, lastReason: 'UNREACHABLE' }),
        counters({ key: 'einvoice.summary', kind: 'einvoice.summary', printerId: null, waiting: 1, stuck: 2 }),
      ]),
    );
    expect(jobBoardSchema.parse(board)).toEqual(board);
    expect(board.lanes.map((l) => l.key)).toEqual(['printer:p-kitchen', 'einvoice.send', 'einvoice.summary']);
    expect(board.lanes[0]).toEqual({ key: 'printer:p-kitchen', kind: 'print', printerId: 'p-kitchen', waiting: 30, running: 1, stuck: 1, nextAt: at, lastReason: 'UNREACHABLE' });
    expect(board.totals).toEqual({ waiting: 35, running: 1, stuck: 3 });
    expect(board.stuckTotal).toBe(3);
    // Held: waiting in a lane whose last try failed (SUNAT down).
    expect(board.einvoice).toEqual({ waiting: 5, held: 4, stuck: 2 });
  });

  it('asks the table for the newest 50 stuck jobs only (never a scan), and sends them without their document', () => {
    const many = Array.from({ length: 80 }, (_, i) => printJob(`j${i}.0`));
    const src = source([counters({ stuck: 80 })], many);
    const board = fullBoard(src);
    expect(src.asked).toEqual([BOARD_STUCK_LIMIT]);
    expect(board.stuck).toHaveLength(BOARD_STUCK_LIMIT);
    expect(board.stuckTotal).toBe(80);
    expect(JSON.stringify(board)).not.toContain('LOMO');
    expect(JSON.stringify(board)).not.toContain('document');
  });

  it.each([
    ['owner', true],
    ['manager', true],
    ['cashier', false],
    ['waiter', false],
    ['kitchen', false],
  ] as const)('%s: counts always, stuck summaries only with settings (%s)', (role, seesStuck) => {
    const full = fullBoard(source([counters({ waiting: 2, stuck: 1 })], [printJob('a.0')]));
    const shown: JobBoard = boardFor(full, viewer(role));
    expect(shown.totals).toEqual(full.totals);
    expect(shown.lanes).toEqual(full.lanes);
    expect(shown.stuckTotal).toBe(1);
    expect(shown.stuck.length).toBe(seesStuck ? 1 : 0);
    // Nothing of a ticket's contents reaches anyone through the board, and no amount at all.
    expect(JSON.stringify(shown)).not.toMatch(/LOMO|Cents|document/);
  });
});

describe('a job summary', () => {
  it.each<[string, Job, Partial<ReturnType<typeof jobSummary>>]>([
    ['kitchen ticket: its table', printJob('a.0'), { kind: 'print', printerId: 'p-kitchen', purpose: 'kitchen', title: '4' }],
    ['receipt: its bill number', printJob('b.0', {}, { purpose: 'receipt', ticket: undefined, billNo: 12 }), { purpose: 'receipt', title: '12' }],
    ['Z report: its day', printJob('c.0', {}, { purpose: 'shiftReport', ticket: undefined, shift: { id: 'sh1', day: '2026-11-28' } }), { title: '2026-11-28' }],
    ['test page: nothing', printJob('d.0', {}, { purpose: 'test', ticket: undefined }), { title: '' }],
    ['drawer kick: its printer', { id: 'e.0', kind: 'drawer.kick', payload: { printerId: 'p-till', reason: 'venta' }, status: 'failed', attempts: 3, nextAt: at, reason: 'UNREACHABLE', createdAt: at, updatedAt: at }, { printerId: 'p-till', purpose: null, title: '' }],
    ['e-invoice: its key, never its document', { id: 'f.0', kind: 'einvoice.send', payload: { key: '03-B001-7', document: { totalCents: 6400 } as never }, status: 'failed', attempts: 1, nextAt: at, reason: 'SUNAT_REJECTED', createdAt: at, updatedAt: at }, { printerId: null, title: '03-B001-7' }],
    ['export: its day', { id: 'g.0', kind: 'export.deliver', payload: { day: '2026-11-27', target: 'mail' }, status: 'failed', attempts: 1, nextAt: at, reason: 'MAIL_AUTH_FAILED', createdAt: at, updatedAt: at }, { title: '2026-11-27' }],
    ['test: its text, cut to 80', { id: 'h.0', kind: 'test.echo', payload: { text: 'x'.repeat(200) }, status: 'failed', attempts: 1, nextAt: at, reason: 'IO_ERROR', createdAt: at, updatedAt: at }, { title: 'x'.repeat(80) }],
  ])('%s', (_name, job, expected) => {
    const summary = jobSummary(job);
    expect(summary).toMatchObject({ id: job.id, status: job.status, attempts: job.attempts, reason: job.reason, ...expected });
    expect(Object.keys(summary).sort()).toEqual(['attempts', 'createdAt', 'id', 'kind', 'nextAt', 'printerId', 'purpose', 'reason', 'status', 'title', 'updatedAt']);
    expect(JSON.stringify(summary)).not.toMatch(/LOMO|Cents/);
  });
});
