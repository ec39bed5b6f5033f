import { describe, expect, it } from 'vitest';
import type { Job, JobStatus, PrintHistoryItem, PrintJob } from '#protocol';
import { emptyState } from '#domain';
import { historyRows, type PrintOutcome } from './history-rows.ts';

const doc = { blocks: [], cut: true };
type PrintJobRecord = Extract<Job, { kind: 'print' }>;
function job(id: string, status: JobStatus, payload: Partial<PrintJob> = {}, createdAt = '2026-01-01T10:00:00Z'): PrintJobRecord {
  return {
    id,
    kind: 'print',
    payload: { printerId: 'kit', purpose: 'kitchen', document: doc, ...payload },
    status,
    attempts: 1,
    nextAt: createdAt,
    reason: status === 'failed' ? 'PAPER_OUT' : status === 'maybeDone' ? 'INTERRUPTED' : null,
    createdAt,
    updatedAt: createdAt,
  };
}
const item = (j: PrintJobRecord): PrintHistoryItem => ({ id: j.id, status: j.status, reason: j.reason, createdAt: j.createdAt, updatedAt: j.updatedAt, payload: j.payload, reprintable: false });

describe('historyRows: a printer\'s history as shown', () => {
  it.each<[JobStatus, PrintOutcome, boolean]>([
    ['done', 'printed', false],
    ['pending', 'waiting', false],
    ['running', 'printing', false],
    ['failed', 'failed', true],
    ['maybeDone', 'maybePrinted', true],
    ['cancelled', 'cancelled', false],
  ])('a %s job reads %s (stuck: %s)', (status, outcome, stuck) => {
    const [row] = historyRows('kit', [item(job('j1', status))], null);
    expect(row).toMatchObject({ outcome, stuck, reprintable: false });
    expect(row!.reason !== null).toBe(stuck);
  });

  it('the live state wins over the fetched page, adds new jobs, and marks what can be reprinted', () => {
    const state = emptyState();
    state.jobs = {
      j1: job('j1', 'done'),
      j3: job('j3', 'pending', { purpose: 'receipt', billNo: 12 }, '2026-01-01T10:10:00Z'),
      other: job('other', 'done', { printerId: 'bar' }),
    };
    const fetched = [item(job('j1', 'pending')), item(job('j0', 'done', { ticket: undefined }, '2026-01-01T09:00:00Z'))];
    const rows = historyRows('kit', fetched, state);
    expect(rows.map((r) => [r.jobId, r.outcome, r.reprintable, r.billNo])).toEqual([
      ['j3', 'waiting', true, 12],
      ['j1', 'printed', true, null],
      ['j0', 'printed', false, null],
    ]);
  });

  it('a kitchen ticket names its table; a reprint is marked', () => {
    const ticket = { station: 's', stationName: 'Cocina', orderId: 'o1', orderNo: 3, table: '5', waiter: 'Ana', people: 2, at: '2026-01-01T10:00:00Z', marker: 'new' as const, reason: '', lines: [] };
    const [row] = historyRows('kit', [item(job('j1', 'done', { ticket, reprintOf: 'j0' }))], null);
    expect(row).toMatchObject({ table: '5', reprint: true, purpose: 'kitchen' });
  });

  it('a job keyed __proto__ in a page is not read from the prototype', () => {
    const state = emptyState();
    const rows = historyRows('kit', [item(job('__proto__', 'done'))], state);
    expect(rows[0]).toMatchObject({ jobId: '__proto__', reprintable: false });
  });
});
