import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrintDocument, Printer } from '#protocol';
import { createDriver } from './create-driver.ts';
import { VIRTUAL_PAPER_KEPT, readVirtualPaper, virtualDriver } from './virtual.ts';

const docNo = (n: number): PrintDocument => ({ blocks: [{ kind: 'text', text: `Ticket ${n}` }], cut: true });

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'virtual-printer-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('virtual printer', () => {
  it('keeps each printout with its job id and time, newest first', async () => {
    const driver = virtualDriver(dataDir, 'caja', () => new Date('2026-01-02T03:04:05.000Z'));
    expect(await driver.print(docNo(1), { jobId: 'job-1' })).toEqual({ ok: true });
    expect(await driver.print(docNo(2))).toEqual({ ok: true });
    expect(await driver.openDrawer()).toEqual({ ok: true });
    expect(await driver.status()).toEqual({ state: 'ok' });
    expect(await readVirtualPaper(dataDir, 'caja', 10)).toEqual([
      { at: '2026-01-02T03:04:05.000Z', document: docNo(2) },
      { jobId: 'job-1', at: '2026-01-02T03:04:05.000Z', document: docNo(1) },
    ]);
    expect(await readVirtualPaper(dataDir, 'caja', 1)).toHaveLength(1);
    expect(await readVirtualPaper(dataDir, 'other', 10)).toEqual([]);
  });

  it('two prints at once both land; only the newest 500 are kept', async () => {
    const driver = virtualDriver(dataDir, 'caja');
    await Promise.all(Array.from({ length: VIRTUAL_PAPER_KEPT + 5 }, (_, i) => driver.print(docNo(i))));
    const paper = await readVirtualPaper(dataDir, 'caja', 1000);
    expect(paper).toHaveLength(VIRTUAL_PAPER_KEPT);
    expect(paper[0]?.document).toEqual(docNo(VIRTUAL_PAPER_KEPT + 4));
    expect(paper.at(-1)?.document).toEqual(docNo(5));
  });

  it('createDriver: virtual keeps paper, screen answers NO_PRINTER', async () => {
    const printer: Printer = {
      id: 'p1', name: 'Virtual', connection: { type: 'virtual' }, paper: 80, codePage: 'cp858', cjk: 'gb18030',
      qr: 'native', language: 'es', receipts: true, prebills: true, stations: [], drawer: false,
    };
    await createDriver(printer, { dataDir }).print(docNo(7), { jobId: 'j7' });
    expect((await readVirtualPaper(dataDir, 'p1', 5))[0]?.jobId).toBe('j7');
    const screen = createDriver({ ...printer, connection: { type: 'screen' } }, { dataDir });
    expect(await screen.print(docNo(1))).toEqual({ ok: false, canRetry: false, reason: 'NO_PRINTER', written: 0 });
  });

  it.each(['../escape', '__proto__', 'a/b', ''])('a printer id %j never names a file outside the folder', async (id) => {
    expect(() => virtualDriver(dataDir, id)).toThrow();
    expect(await readVirtualPaper(dataDir, id, 5)).toEqual([]);
  });
});
