import { promises as fs } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restaurantDocuments } from '../testing/restaurant-documents.ts';
import { buildFiscalXml, buildSummaryXml } from '../ubl/index.ts';
import { metaOfSummaryLine } from './document-meta.ts';
import { DocumentKeyError, DocumentStore } from './document-store.ts';

/**
 * The document store on a real folder: the layout, filing twice changing
 * nothing, signing once, meta updates that never lose one another, `list`
 * reading only the days asked for, and keys from URLs that never leave the
 * day's folder.
 */

const DAY = '2026-05-10';
const docs = restaurantDocuments(DAY);
let dataDir = '';
let store: DocumentStore;
const NOW = new Date('2026-05-10T18:00:00.000Z');

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-docstore-'));
  store = new DocumentStore(dataDir, () => NOW);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dataDir, { recursive: true, force: true });
});

const fileFactura = () => store.fileDocument(docs.factura, buildFiscalXml(docs.factura), 'bill-1');

describe('filing', () => {
  it('writes json, unsigned xml and meta as <data>/einvoice/<day>/<RUC>-<key>.*, status filed, with its deadline', async () => {
    const meta = await fileFactura();
    expect(meta).toMatchObject({ key: '01-F001-7', kind: '01', day: DAY, time: '13:45:10', status: 'filed', digest: '', billId: 'bill-1', total: '82.32', deadline: '2026-05-13', summaryId: null, ticket: null, sunat: null });
    const dir = path.join(dataDir, 'einvoice', DAY);
    expect((await readdir(dir)).sort()).toEqual(['12345678912-01-F001-7.json', '12345678912-01-F001-7.meta.json', '12345678912-01-F001-7.xml']);
    expect(JSON.parse(await readFile(path.join(dir, '12345678912-01-F001-7.json'), 'utf8'))).toEqual(docs.factura);
    expect(await readFile(path.join(dir, '12345678912-01-F001-7.xml'), 'utf8')).toBe(buildFiscalXml(docs.factura));
    // Private like every file of the data directory.
    expect((await stat(path.join(dir, '12345678912-01-F001-7.meta.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('filing twice changes nothing (same meta, same bytes), also when both run at once', async () => {
    const [a, b] = await Promise.all([fileFactura(), fileFactura()]);
    expect(b).toEqual(a);
    const signed = await store.storeSigned(DAY, a.key, '<signed/>', 'DIGEST', 'signed');
    expect(await fileFactura()).toEqual(signed);
    expect((await store.read(DAY, a.key, 'xml'))?.bytes.toString()).toBe('<signed/>');
  });

  it('signs once: a second signature is ignored, the first digest and bytes stay', async () => {
    const meta = await fileFactura();
    await store.storeSigned(DAY, meta.key, '<first/>', 'D1', 'signed');
    const again = await store.storeSigned(DAY, meta.key, '<second/>', 'D2', 'signed');
    expect(again).toMatchObject({ digest: 'D1', status: 'signed' });
    expect(await store.signedXml(DAY, meta.key)).toBe('<first/>');
  });

  it('a summary is filed under its id and issue day; its lines are its keys; its total their sum', async () => {
    const meta = await store.fileSummary(docs.summary, buildSummaryXml(docs.summary));
    expect(meta).toMatchObject({ key: docs.summary.id, kind: 'RC', day: docs.summary.issueDate, lines: ['03-B001-3', '03-B001-4', '07-BC01-1'], status: 'filed' });
    expect(meta.total).toMatch(/^\d+\.\d{2}$/);
  });

  it('a boleta known first from its summary line keeps the answer when its own job files it later', async () => {
    const line = docs.summary.lines[0]!;
    const seed = metaOfSummaryLine(line, DAY, NOW.toISOString());
    await store.ensure(docs.summary.issuer.ruc, seed);
    await store.update(DAY, seed.key, (m) => ({ ...m, status: 'accepted', summaryId: docs.summary.id }));
    const boleta = { ...docs.boleta, series: line.series, number: line.number };
    const filed = await store.fileDocument(boleta, buildFiscalXml(boleta));
    expect(filed).toMatchObject({ status: 'accepted', summaryId: docs.summary.id, time: boleta.issueTime });
    expect((await store.read(DAY, seed.key, 'json'))?.bytes.toString()).toContain('"B001"');
  });
});

describe('updates', () => {
  it('concurrent updates of one meta never lose one another', async () => {
    const meta = await fileFactura();
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.update(DAY, meta.key, (m) => ({ ...m, lines: [...m.lines, String(i)] }))));
    expect((await store.meta(DAY, meta.key))?.lines).toHaveLength(20);
  });

  it('returning the same meta writes nothing', async () => {
    const meta = await fileFactura();
    const seen: string[] = [];
    store.onMeta((m) => seen.push(m.status));
    await store.update(DAY, meta.key, (m) => m);
    expect(seen).toEqual([]);
  });

  it('updating a document that is not filed is refused', async () => {
    await expect(store.update(DAY, '01-F001-99', (m) => m)).rejects.toBeInstanceOf(DocumentKeyError);
  });

  it('the CDR is kept beside the document and downloads as R-<name>.xml', async () => {
    const meta = await fileFactura();
    await store.storeCdr(DAY, meta.key, '<cdr/>');
    expect(await store.read(DAY, meta.key, 'cdr')).toEqual({ fileName: 'R-12345678912-01-F001-7.xml', bytes: Buffer.from('<cdr/>') });
    expect((await store.read(DAY, meta.key, 'json'))?.fileName).toBe('12345678912-01-F001-7.json');
  });
});

describe('list', () => {
  it('lists newest first, filters kinds and statuses', async () => {
    await fileFactura();
    await store.fileDocument(docs.boleta, buildFiscalXml(docs.boleta));
    const later = { ...docs.boleta, number: 99, issueDate: '2026-05-11' };
    await store.fileDocument(later, buildFiscalXml(later));
    // Same issue time on the 10th: the key decides, so the order is always the same.
    expect((await store.list({ from: DAY, to: '2026-05-11' })).map((m) => m.key)).toEqual(['03-B001-99', `03-B001-${docs.boleta.number}`, '01-F001-7']);
    expect((await store.list({ from: DAY, to: DAY, kinds: ['01'] })).map((m) => m.key)).toEqual(['01-F001-7']);
    expect(await store.list({ from: DAY, to: DAY, statuses: ['accepted'] })).toEqual([]);
  });

  it('reads only the folders of the days asked for', async () => {
    await fileFactura();
    const spy = vi.spyOn(fs, 'readdir');
    await store.list({ from: '2026-05-09', to: '2026-05-11' });
    const dirs = spy.mock.calls.map((c) => path.basename(String(c[0])));
    expect(dirs.sort()).toEqual(['2026-05-09', '2026-05-10', '2026-05-11']);
  });

  it('refuses a bad day or a range past 400 days', async () => {
    await expect(store.list({ from: '2026-02-30', to: '2026-03-01' })).rejects.toBeInstanceOf(DocumentKeyError);
    await expect(store.list({ from: '../../x', to: DAY })).rejects.toBeInstanceOf(DocumentKeyError);
    await expect(store.list({ from: '2020-01-01', to: DAY })).rejects.toBeInstanceOf(DocumentKeyError);
  });
});

describe('attacks: a day or key from a URL never leaves the day folder', () => {
  const badKeys = ['../x', '..', '__proto__', 'constructor', '01-F001-7/../../secrets', '01-F001-7\u0000', '01-f001-7', '01-F001-0', '09-F001-7', 'RC-2026-1', '01-F001-123456789', ''];
  it.each(badKeys)('key %j reads as nothing', async (key) => {
    await fileFactura();
    expect(await store.meta(DAY, key)).toBeNull();
    expect(await store.read(DAY, key, 'xml')).toBeNull();
  });

  const badDays = ['..', '../einvoice', '2026-5-10', '2026-05-10/..', '2026-13-01', '__proto__'];
  it.each(badDays)('day %j reads as nothing', async (day) => {
    await fileFactura();
    expect(await store.meta(day, '01-F001-7')).toBeNull();
  });

  it('a part that is not one reads as nothing', async () => {
    await fileFactura();
    expect(await store.read(DAY, '01-F001-7', '__proto__' as 'xml')).toBeNull();
    expect(await store.read(DAY, '01-F001-7', 'meta.json' as 'xml')).toBeNull();
  });

  it('a secret beside the store is never read through a key', async () => {
    await fileFactura();
    await fs.mkdir(path.join(dataDir, 'secrets'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'secrets', '20123456789-01-F001-8.meta.json'), '{"key":"stolen"}');
    expect(await store.meta('../secrets', '01-F001-8')).toBeNull();
  });

  it('a writer refuses a document whose series or RUC would make a bad name', async () => {
    const bad = { ...docs.factura, series: '../x' };
    await expect(store.fileDocument(bad, '<x/>')).rejects.toBeInstanceOf(DocumentKeyError);
    const badRuc = { ...docs.factura, issuer: { ...docs.factura.issuer, ruc: '../../etc' } };
    await expect(store.fileDocument(badRuc, '<x/>')).rejects.toBeInstanceOf(DocumentKeyError);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
