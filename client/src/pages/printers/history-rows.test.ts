import { describe, expect, it } from 'vitest';
import type { Job, JobStatus, PrintHistoryItem, PrintJob } from '#protocol';
import { historyRows, mergeHistory, type PrintOutcome } from './history-rows.ts';

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
const item = (j: PrintJobRecord, reprintable = false): PrintHistoryItem => ({ id: j.id, status: j.status, reason: j.reason, createdAt: j.createdAt, updatedAt: j.updatedAt, payload: j.payload, reprintable });

describe('historyRows: a printer\'s history as shown', () => {
  it.each<[JobStatus, PrintOutcome, boolean]>([
    ['done', 'printed', false],
    ['pending', 'waiting', false],
    ['running', 'printing', false],
    ['failed', 'failed', true],
    ['maybeDone', 'maybePrinted', true],
    ['cancelled', 'cancelled', false],
  ])('a %s job reads %s (stuck: %s)', (status, outcome, stuck) => {
    const [row] = historyRows('kit', [item(job('j1', status))]);
    expect(row).toMatchObject({ outcome, stuck, reprintable: false });
    expect(row!.reason !== null).toBe(stuck);
  });

  it('a job read again (a later page) shows its newer status; other printers\' jobs are left out; the hub says what can be reprinted', () => {
    const fetched = [
      item(job('j1', 'pending')),
      item(job('j0', 'done', { ticket: undefined }, '2026-01-01T09:00:00Z')),
      item(job('other', 'done', { printerId: 'bar' })),
      item(job('j3', 'pending', { purpose: 'receipt', billNo: 12 }, '2026-01-01T10:10:00Z'), true),
      item(job('j1', 'done'), true),
    ];
    const rows = historyRows('kit', fetched);
    expect(rows.map((r) => [r.jobId, r.outcome, r.reprintable, r.billNo])).toEqual([
      ['j3', 'waiting', true, 12],
      ['j1', 'printed', true, null],
      ['j0', 'printed', false, null],
    ]);
  });

  it('a kitchen ticket names its table; a reprint is marked', () => {
    const ticket = { station: 's', stationName: 'Cocina', orderId: 'o1', orderNo: 3, table: '5', waiter: 'Ana', people: 2, at: '2026-01-01T10:00:00Z', marker: 'new' as const, reason: '', lines: [] };
    const [row] = historyRows('kit', [item(job('j1', 'done', { ticket, reprintOf: 'j0' }))]);
    expect(row).toMatchObject({ table: '5', reprint: true, purpose: 'kitchen' });
  });

  it('a job keyed __proto__ in a page is not read from the prototype', () => {
    const rows = historyRows('kit', [item(job('__proto__', 'done'))]);
    expect(rows[0]).toMatchObject({ jobId: '__proto__', reprintable: false });
  });

  it('folding the first page in again keeps one item per job, the fresh one (a dialog open through 2,000 tickets stays small)', () => {
    let kept: PrintHistoryItem[] = [];
    for (let round = 0; round < 100; round++) kept = mergeHistory(kept, [item(job('j1', round < 99 ? 'pending' : 'done')), item(job('j2', 'pending'))]);
    expect(kept.map((i) => [i.id, i.status])).toEqual([
      ['j1', 'done'],
      ['j2', 'pending'],
    ]);
  });
});
