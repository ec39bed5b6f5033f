import { describe, expect, it } from 'vitest';
import type { ExportDayView, ExportJobView } from '#hub/http/routes/exports/schema.ts';
import { dayStatus, sizeText } from './export-view.ts';

const files = [{ name: 'ventas-2026-11-23.csv', size: 10 }];
const job = (kind: ExportJobView['kind'], status: ExportJobView['status'], reason: ExportJobView['reason'] = null): ExportJobView => ({ id: `${kind}-${status}`, kind, status, reason, attempts: 1 });
const day = (over: Partial<ExportDayView>): ExportDayView => ({ day: '2026-11-23', createdAt: null, files: [], delivery: {}, jobs: [], ...over });

describe('a day export as the page shows it', () => {
  it.each([
    ['nothing yet', day({}), { folder: 'none', usb: 'none', mail: 'none', mailReason: null }],
    ['being written', day({ jobs: [job('export.day', 'running')] }), { folder: 'working', usb: 'none', mail: 'none', mailReason: null }],
    ['written, no stick, no mail set up', day({ files, delivery: { mail: { at: 'x', ok: false, reason: 'MAIL_NOT_SET_UP' } } }), { folder: 'done', usb: 'waiting', mail: 'notSetUp', mailReason: 'MAIL_NOT_SET_UP' }],
    ['copied and mailed', day({ files, delivery: { usb: { at: 'x', stick: 'K' }, mail: { at: 'x', ok: true, reason: null } } }), { folder: 'done', usb: 'done', mail: 'done', mailReason: null }],
    ['mail waiting for the internet', day({ files, jobs: [job('export.deliver', 'pending', 'MAIL_UNREACHABLE')] }), { folder: 'done', usb: 'waiting', mail: 'waiting', mailReason: 'MAIL_UNREACHABLE' }],
    ['mail refused', day({ files, jobs: [job('export.deliver', 'failed', 'MAIL_AUTH_FAILED')] }), { folder: 'done', usb: 'waiting', mail: 'failed', mailReason: 'MAIL_AUTH_FAILED' }],
    ['export failed', day({ jobs: [job('export.day', 'failed', 'IO_ERROR')] }), { folder: 'failed', usb: 'none', mail: 'none', mailReason: null }],
  ] as const)('%s', (_, view, expected) => {
    expect(dayStatus(view)).toEqual(expected);
  });

  it.each([
    [512, '512 B'],
    [12_000, '12 KB'],
    [1_500_000, '1.4 MB'],
  ])('%i bytes: %s', (bytes, text) => {
    expect(sizeText(bytes)).toBe(text);
  });
});
