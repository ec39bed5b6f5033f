import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentMeta } from '#hub/einvoice/outbox/types.ts';
import { sunatText } from '#hub/einvoice/sunat/error-catalogue.ts';
import { restaurantDocuments } from '#hub/einvoice/testing/restaurant-documents.ts';
import { buildFiscalXml, buildSummaryXml } from '#hub/einvoice/ubl/index.ts';
import { cookieFor, getJson, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import type { DocumentsReply } from './schema.ts';

/**
 * The documents page's routes through the real app, on the hub's own
 * document store: the list (range, kinds, statuses, newest first, SUNAT's
 * text), downloads with their file names, and what is refused: bad days and
 * ranges, unknown enums, keys and days that try to leave the store's folder,
 * a waiter, a stranger, a foreign page.
 */

const OLD = '2025-01-10';
const DAY1 = '2026-03-09';
const DAY2 = '2026-03-10';
const RUC = restaurantDocuments(DAY1).factura.issuer.ruc;
const CDR = '<ar:ApplicationResponse>aceptada</ar:ApplicationResponse>';
let t: TestHub;
let waiter = '';

beforeAll(async () => {
  t = await startTestHub();
  waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
  const store = t.hub.outbox.store;
  const d1 = restaurantDocuments(DAY1);
  const d2 = restaurantDocuments(DAY2);
  await store.fileDocument(d1.factura, buildFiscalXml(d1.factura), 'bill-f');
  await store.fileDocument(d1.boleta, buildFiscalXml(d1.boleta), 'bill-b');
  await store.fileDocument(d2.creditNote, buildFiscalXml(d2.creditNote), null);
  await store.fileSummary(d2.summary, buildSummaryXml(d2.summary));
  await store.fileDocument(restaurantDocuments(OLD).boleta, buildFiscalXml(restaurantDocuments(OLD).boleta), 'bill-old');
  // SUNAT answered the factura with a code kept without its text: the route fills it from the catalogue.
  await store.update(DAY1, '01-F001-7', (m) => ({ ...m, status: 'rejected', sunat: { code: '2800', text: '', notes: [], at: `${DAY1}T19:00:00.000Z` } }));
  await store.storeCdr(DAY1, '01-F001-7', CDR);
});
afterAll(() => t.close());

const list = (query: string, cookie?: string) => getJson<DocumentsReply & { code?: string; message?: string }>(t.url, `/api/einvoice/documents?${query}`, cookie === undefined ? {} : { cookie });
const keys = (docs: readonly DocumentMeta[]) => docs.map((d) => d.key);

describe('GET /api/einvoice/documents', () => {
  it('the documents of a range of Lima days, newest first, with SUNAT’s text', async () => {
    const r = await list(`from=${DAY1}&to=${DAY2}`);
    expect(r.status).toBe(200);
    const docs = r.body.documents;
    expect(docs.map((d) => d.day)).toEqual([...docs.map((d) => d.day)].sort().reverse());
    expect(new Set(keys(docs))).toEqual(new Set(['01-F001-7', '03-B001-3', '07-FC01-1', restaurantDocuments(DAY2).summary.id]));
    const factura = docs.find((d) => d.key === '01-F001-7')!;
    expect(factura).toMatchObject({ kind: '01', day: DAY1, billId: 'bill-f', status: 'rejected', total: '82.32' });
    expect(factura.sunat?.text).toBe(sunatText('2800'));
    expect(factura.sunat?.text).not.toBe('');
  });

  it.each([
    ['one kind', 'kinds=01', ['01-F001-7']],
    ['two kinds', 'kinds=03,07', ['07-FC01-1', '03-B001-3']],
    ['a repeated parameter reads as a list', 'kinds=03&kinds=07', ['07-FC01-1', '03-B001-3']],
    ['a status', 'statuses=rejected', ['01-F001-7']],
    ['kind and status', 'kinds=03&statuses=filed', ['03-B001-3']],
    ['an empty list means all', 'kinds=', null],
  ])('filters: %s', async (_label, filter, expected) => {
    const r = await list(`from=${DAY1}&to=${DAY2}&${filter}`);
    expect(r.status).toBe(200);
    if (expected) expect(keys(r.body.documents)).toEqual(expected);
    else expect(r.body.documents).toHaveLength(4);
  });

  it('a day outside the range is not read; a range of a year reaches it', async () => {
    expect(keys((await list(`from=${DAY1}&to=${DAY1}`)).body.documents).sort()).toEqual(['01-F001-7', '03-B001-3']);
    expect(keys((await list(`from=${OLD}&to=${OLD}`)).body.documents)).toEqual(['03-B001-3']);
    expect((await list(`from=2025-12-01&to=2025-12-31`)).body.documents).toEqual([]);
  });

  it.each([
    ['no from', `to=${DAY2}`, 'REQUIRED_FIELD', 'from'],
    ['not a calendar day', `from=2026-02-30&to=${DAY2}`, 'INCORRECT_INPUT', 'from'],
    ['another format', `from=10/03/2026&to=${DAY2}`, 'INCORRECT_INPUT', 'from'],
    ['to before from', `from=${DAY2}&to=${DAY1}`, 'INCORRECT_INPUT', 'to'],
    ['more than 366 days', `from=2025-01-01&to=2026-01-03`, 'INCORRECT_INPUT', 'to'],
    ['an unknown kind', `from=${DAY1}&to=${DAY2}&kinds=01,99`, 'INCORRECT_INPUT', 'kinds'],
    ['an unknown status', `from=${DAY1}&to=${DAY2}&statuses=__proto__`, 'INCORRECT_INPUT', 'statuses'],
    ['a day with a path in it', `from=../../x&to=${DAY2}`, 'INCORRECT_INPUT', 'from'],
  ])('refused: %s', async (_label, query, code, field) => {
    const r = await list(query);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code, message: field });
  });

  it('366 days are fine (a leap year’s whole)', async () => {
    expect((await list('from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });
});

describe('GET /api/einvoice/documents/:day/:key/:part', () => {
  const get = (p: string, headers: Record<string, string> = {}) => fetch(new URL(p, t.url), { headers: { cookie: cookieFor(t.url) ?? '', ...headers } });

  it('the signed or unsigned XML, as a download named as SUNAT names it', async () => {
    const r = await get(`/api/einvoice/documents/${DAY1}/01-F001-7/xml`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/xml');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${RUC}-01-F001-7.xml"`);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const xml = await r.text();
    expect(xml).toBe(buildFiscalXml(restaurantDocuments(DAY1).factura));
  });

  it('the CDR and the computed document', async () => {
    const cdr = await get(`/api/einvoice/documents/${DAY1}/01-F001-7/cdr`);
    expect(cdr.status).toBe(200);
    expect(await cdr.text()).toBe(CDR);
    expect(cdr.headers.get('content-disposition')).toMatch(/^attachment; filename="[0-9A-Za-z._-]+"$/);
    const json = await get(`/api/einvoice/documents/${DAY1}/03-B001-3/json`);
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(((await json.json()) as { series: string }).series).toBe('B001');
  });

  it.each([
    ['a CDR SUNAT has not sent yet', `${DAY1}/03-B001-3/cdr`],
    ['a document on another day', `${DAY2}/01-F001-7/xml`],
    ['a document that does not exist', `${DAY1}/01-F001-999/xml`],
  ])('NOT_FOUND: %s', async (_label, p) => {
    const r = await get(`/api/einvoice/documents/${p}`);
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it.each([
    ['a key climbing out', `${DAY1}/..%2F..%2Fsecrets%2Feinvoice-sol.json/xml`],
    ['a key with dots', `${DAY1}/..%2F01-F001-7/xml`],
    ['__proto__ as the key', `${DAY1}/__proto__/xml`],
    ['constructor as the key', `${DAY1}/constructor/json`],
    ['a lower-case key', `${DAY1}/01-f001-7/xml`],
    ['a day climbing out', `..%2F..%2Fsecrets/01-F001-7/xml`],
    ['__proto__ as the day', `__proto__/01-F001-7/xml`],
    ['a part that is a file suffix', `${DAY1}/01-F001-7/meta.json`],
    ['__proto__ as the part', `${DAY1}/01-F001-7/__proto__`],
    ['a NUL in the key', `${DAY1}/01-F001-7%00/xml`],
  ])('refused before the disk: %s', async (_label, p) => {
    const r = await get(`/api/einvoice/documents/${p}`);
    expect([400, 404]).toContain(r.status);
    const body = (await r.json()) as { ok: boolean; code: string };
    expect(body.ok).toBe(false);
    expect(['INCORRECT_INPUT', 'NOT_FOUND']).toContain(body.code);
  });

  it('a path with real slashes never reaches the route', async () => {
    const r = await get(`/api/einvoice/documents/${DAY1}/../../secrets/xml`);
    expect(r.status).toBe(404);
  });
});

describe('who may read them', () => {
  it('a waiter is refused the list and the files', async () => {
    const r = await list(`from=${DAY1}&to=${DAY2}`, waiter);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const file = await fetch(new URL(`/api/einvoice/documents/${DAY1}/01-F001-7/xml`, t.url), { headers: { cookie: waiter } });
    expect(file.status).toBe(403);
    expect(await file.text()).not.toContain('<Invoice');
  });

  it('nobody signed in is refused', async () => {
    const r = await getJson(t.url, `/api/einvoice/documents?from=${DAY1}&to=${DAY2}`, { cookie: null });
    expect(r.status).toBe(401);
  });

  it('a request from a foreign page is refused, even with the owner’s cookies', async () => {
    const r = await fetch(new URL(`/api/einvoice/documents/${DAY1}/01-F001-7/xml`, t.url), { headers: { cookie: cookieFor(t.url) ?? '', origin: 'http://evil.example' } });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
  });

  it('many readers at once all get the same answer', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, () => list(`from=${DAY1}&to=${DAY2}`)));
    for (const r of replies) expect(keys(r.body.documents)).toEqual(keys(replies[0]!.body.documents));
  });
});
