import { describe, expect, it } from 'vitest';
import type { ExportDayView, ExportJobView } from '#hub/http/routes/exports/schema.ts';
import { dayStatus, folderProblem, sizeText } from './export-view.ts';

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

  // Issue 18 item 20: "Correo: En curso" with no mail server set. Without settings, a mail is "not set up", whatever job is in hand.
  it.each([
    ['its job still in hand', day({ files, jobs: [job('export.deliver', 'pending')] }), 'notSetUp'],
    ['its job running', day({ files, jobs: [job('export.deliver', 'running')] }), 'notSetUp'],
    ['nothing yet', day({ files }), 'notSetUp'],
    ['sent before the settings were removed', day({ files, delivery: { mail: { at: 'x', ok: true, reason: null } } }), 'done'],
  ] as const)('no mail server, %s', (_, view, mail) => {
    expect(dayStatus(view, false).mail).toBe(mail);
    // With a server saved (or not known yet) the job's own state shows.
    expect(dayStatus(view, true).mail).toBe(dayStatus(view).mail);
  });

  it.each([
    ['a file on a full disk', { file: 'ventas-2026-11-23.xlsx', code: 'ENOSPC' }, { file: 'ventas-2026-11-23.xlsx', folder: 'exports/2026-11-23', cause: 'ENOSPC', code: 'ENOSPC' }],
    ['the folder, no permission', { file: null, code: 'EPERM' }, { file: null, folder: 'exports/2026-11-23', cause: 'EACCES', code: 'EPERM' }],
    ['a read-only disk', { file: null, code: 'EROFS' }, { file: null, folder: 'exports/2026-11-23', cause: 'EROFS', code: 'EROFS' }],
    ['anything else', { file: 'manifest.json', code: 'EIO' }, { file: 'manifest.json', folder: 'exports/2026-11-23', cause: 'other', code: 'EIO' }],
  ] as const)('a folder that failed names what and where: %s', (_, folderError, expected) => {
    const view = day({ jobs: [job('export.day', 'failed', 'IO_ERROR')], delivery: { folderError: { at: 'x', ...folderError } } });
    expect(folderProblem(view, dayStatus(view))).toEqual(expected);
  });

  it('no folder problem while the folder is written or being written', () => {
    const written = day({ files, delivery: { folderError: { at: 'x', file: null, code: 'ENOSPC' } } });
    expect(folderProblem(written, dayStatus(written))).toBeNull();
    const failedSilently = day({ jobs: [job('export.day', 'failed', 'IO_ERROR')] });
    expect(folderProblem(failedSilently, dayStatus(failedSilently))).toBeNull();
  });

  it.each([
    [512, '512 B'],
    [12_000, '12 KB'],
    [1_500_000, '1.4 MB'],
  ])('%i bytes: %s', (bytes, text) => {
    expect(sizeText(bytes)).toBe(text);
  });
});
