import { describe, expect, it } from 'vitest';
import { HOSTILE_FILES } from './hostile-xlsx.ts';
import { readMenuFile } from './menu-file.ts';
import { MenuFileError } from './menu-file-error.ts';
import { readZip, writeZip } from './zip.ts';

/**
 * Issue 7, item 8: workbooks made to stop the hub. Each is read by the real
 * reader; the outcome is the refusal the owner would see, and the process's
 * memory grows by far less than 100 MB while it is read (sampled as the
 * reader gives way to the event loop). The figures with times are in the
 * `menu-hostile` benchmark; nothing here depends on how fast the machine is.
 */

const MB = 1024 * 1024;

/** Reads `bytes` as a menu file while sampling the process's memory; the outcome and the peak growth. */
async function readMeasured(bytes: Buffer): Promise<{ outcome: string; rows: number; growthMb: number; samples: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  let samples = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    samples++;
  }, 2);
  try {
    const table = await readMenuFile(bytes);
    return { outcome: 'read', rows: table.rows.length, growthMb: (Math.max(peak, process.memoryUsage().rss) - before) / MB, samples };
  } catch (err) {
    if (!(err instanceof MenuFileError)) throw err;
    return { outcome: err.issue, rows: 0, growthMb: (Math.max(peak, process.memoryUsage().rss) - before) / MB, samples };
  } finally {
    clearInterval(timer);
  }
}

describe('hostile workbooks are refused, never read into the ground', () => {
  it.each(HOSTILE_FILES.map((f) => [f.name, f] as const))('%s', async (_name, file) => {
    const bytes = await file.make();
    expect(bytes.length).toBeLessThan(1 * MB); // each attack is small as a file
    const r = await readMeasured(bytes);
    expect(r.outcome).toBe(file.expect);
    expect(r.growthMb).toBeLessThan(100);
  });

  it('the unclosed-cell file that once froze the hub for minutes is refused after reading one row', async () => {
    const file = HOSTILE_FILES.find((f) => f.name.includes('unclosed'))!;
    await expect(readMenuFile(await file.make())).rejects.toMatchObject({ issue: 'fileDamaged', detail: expect.stringContaining('cell out of place') });
  });

  it('a workbook nested a million deep is read to its rows: the scanner keeps no stack', async () => {
    const file = HOSTILE_FILES.find((f) => f.name.includes('nested'))!;
    const table = await readMenuFile(await file.make());
    expect(table).toEqual({ header: ['Código', 'Precio'], rows: [{ row: 2, cells: ['1', '2'] }] });
  });

  it('a million empty rows keep nothing: only the rows with something in them come back', async () => {
    const file = HOSTILE_FILES.find((f) => f.name.includes('empty <row/>'))!;
    const table = await readMenuFile(await file.make());
    expect(table).toEqual({ header: ['Código', 'Precio'], rows: [{ row: 1_000_003, cells: ['7', '2'] }] });
  });

  it('a zip that lies about its sizes or checksum is refused, not trusted', async () => {
    const zip = writeZip([{ name: 'a.xml', data: Buffer.from('<a>hello</a>') }]);
    const crcAt = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 16;
    const bad = Buffer.from(zip);
    bad.writeUInt32LE((bad.readUInt32LE(crcAt) ^ 1) >>> 0, crcAt);
    await expect(readZip(bad, MB)).rejects.toMatchObject({ kind: 'damaged' });
    await expect(readZip(zip, MB)).resolves.toEqual(new Map([['a.xml', Buffer.from('<a>hello</a>')]]));
  });
});
