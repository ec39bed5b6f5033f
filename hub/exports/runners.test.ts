import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobOf } from '#hub/jobs/runner.ts';
import { emptyState } from '#hub/domain/registry.ts';
import { memoryEngine } from './month-export.ts';
import { exportDayRunner, folderFailure } from './runners.ts';

/**
 * A day's folder that cannot be written says what and where (issue 18 item
 * 20: "No se pudo escribir" alone helped nobody): the runner hands the file
 * (or the folder) and the system's code to its hooks, which the page and the
 * console word.
 */
const documents = { list: () => Promise.resolve([]), meta: () => Promise.resolve(null), read: () => Promise.resolve(null) };
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const job = (day: string) => ({ id: 'c1.0', kind: 'export.day', payload: { day } }) as unknown as JobOf<'export.day'>;

describe('folderFailure', () => {
  it.each([
    [Object.assign(new Error('x'), { code: 'ENOSPC', path: '/data/exports/.tmp-2026-11-27-ab12cd34/ventas-2026-11-27.xlsx' }), { file: 'ventas-2026-11-27.xlsx', code: 'ENOSPC' }],
    [Object.assign(new Error('x'), { code: 'EACCES', path: '/data/exports/.tmp-2026-11-27-ab12cd34' }), { file: null, code: 'EACCES' }],
    [Object.assign(new Error('x'), { code: 'EROFS', path: '/data/exports/2026-11-27' }), { file: null, code: 'EROFS' }],
    [Object.assign(new Error('x'), { code: 'EIO', path: '/data/exports' }), { file: null, code: 'EIO' }],
    [new RangeError('file name: x'), { file: null, code: 'UNKNOWN' }],
    [null, { file: null, code: 'UNKNOWN' }],
    ['__proto__', { file: null, code: 'UNKNOWN' }],
  ])('%#', (err, expected) => expect(folderFailure(err)).toEqual(expected));
});

describe('the export.day runner', () => {
  it('a folder it cannot write: IO_ERROR to retry, and the hooks told which and why', async () => {
    // procfs refuses new files even to root (no permission bit would stop root here).
    const failed: [string, { file: string | null; code: string }][] = [];
    const written: string[] = [];
    const runner = exportDayRunner(
      { engine: memoryEngine([], emptyState(), null), documents, root: '/proc/sys/kernel', clock: () => new Date('2026-11-28T12:00:00Z') },
      { written: (d) => written.push(d), failed: (d, f) => Promise.resolve(void failed.push([d, f])) },
    );
    expect(await runner.perform(job('2026-11-27'))).toEqual({ ok: false, canRetry: true, reason: 'IO_ERROR' });
    expect(written).toEqual([]);
    expect(failed).toHaveLength(1);
    expect(failed[0]![0]).toBe('2026-11-27');
    expect(failed[0]![1].file).toBeNull();
    expect(failed[0]![1].code).toMatch(/^E[A-Z]+$/);
  });

  it('a folder it can write: written, nothing failed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pos-export-runner-'));
    dirs.push(root);
    const failed: string[] = [];
    const written: string[] = [];
    const runner = exportDayRunner(
      { engine: memoryEngine([], emptyState(), null), documents, root, clock: () => new Date('2026-11-28T12:00:00Z') },
      { written: (d) => written.push(d), failed: (d) => Promise.resolve(void failed.push(d)) },
    );
    expect(await runner.perform(job('2026-11-27'))).toEqual({ ok: true });
    expect([written, failed]).toEqual([['2026-11-27'], []]);
  });
});
