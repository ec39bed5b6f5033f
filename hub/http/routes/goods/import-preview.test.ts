import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, Spec } from '#protocol';
import { command, getState, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * The import through the real hub: the preview it answers before anything
 * changes, a re-import of its own export that must change nothing (also for
 * a dish whose two sizes share names), and Excel's Windows-1252 "CSV" that
 * must not overwrite the Chinese names with question marks.
 */

let t: TestHub;

/** Dish 302 in two sizes that share their English and Chinese names; the second one sold out. */
const TWINS: Spec[] = [
  { id: 'sz-302-media', names: { es: 'Media', en: 'Portion', zh: '份' }, priceCents: 2400, vipPriceCents: null, soldOut: false },
  { id: 'sz-302-doble', names: { es: 'Doble', en: 'Portion', zh: '份' }, priceCents: 4400, vipPriceCents: null, soldOut: false },
];

beforeAll(async () => {
  t = await startTestHub();
  const saved = await postCommand(
    t.url,
    command('product.save', {
      id: 'p-302',
      code: '302',
      names: { es: 'Tallarín saltado', en: 'Stir-fried noodles', zh: '炒面' },
      categoryId: 'cat-chifa',
      priceCents: 2400,
      specs: TWINS,
      sort: 13,
    }),
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const soldOut = await postCommand(t.url, command('product.setSpecSoldOut', { productId: 'p-302', specId: 'sz-302-doble', soldOut: true }));
  expect(soldOut.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function download(format: 'csv' | 'xlsx', lang: string): Promise<Buffer> {
  const res = await fetch(new URL(`/api/goods/export?format=${format}&lang=${lang}`, t.url), { headers: { cookie: t.cookie } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function upload(bytes: Buffer, query = ''): Promise<ImportReport> {
  const res = await fetch(new URL(`/api/goods/import${query}`, t.url), {
    method: 'POST',
    headers: { cookie: t.cookie, 'content-type': 'application/octet-stream', origin: new URL(t.url).origin },
    body: new Uint8Array(bytes),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ImportReport;
}

/** Text as Excel saves "CSV (delimitado por comas)": Windows-1252, a `?` for every character it lacks. */
function asExcel1252(text: string): Buffer {
  const high = new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i));
  return Buffer.from([...text].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : high.includes(c) ? 0x80 + high.indexOf(c) : 0x3f)));
}

describe('re-importing the hub\'s own export', () => {
  it.each([
    ['csv', 'es'],
    ['csv', 'zh'],
    ['xlsx', 'en'],
  ] as const)('%s in %s: every dish unchanged, no change listed; imported, nothing moves (size ids and sold-out kept)', async (format, lang) => {
    const before = await getState(t.url);
    const file = await download(format, lang);
    const check = await upload(file, '?check=1');
    const dishes = Object.keys(before.state.products).length;
    expect(check.problems).toEqual([]);
    expect([check.created, check.updated, check.unchanged, check.changes, check.moreChanges]).toEqual([0, 0, dishes, [], 0]);
    const done = await upload(file);
    expect(done.imported).toBe(true);
    const after = await getState(t.url);
    expect(after.state.products).toEqual(before.state.products);
    expect(after.state.products['p-302']!.specs.map((s) => [s.id, s.soldOut])).toEqual([
      ['sz-302-media', false],
      ['sz-302-doble', true],
    ]);
  });
});

describe('the preview before importing', () => {
  it('a changed price shows as old -> new for that dish only, and check=1 changes nothing', async () => {
    const before = await getState(t.url);
    const csv = (await download('csv', 'es')).toString('utf8').replace(/^(102,Entradas,Causa limeña,[^,]*,[^,]*,)18\.00,/m, '$119.50,');
    const report = await upload(Buffer.from(csv, 'utf8'), '?check=1');
    expect(report.problems).toEqual([]);
    expect(report.changes).toEqual([
      { code: '102', names: { es: 'Causa limeña', en: 'Lima-style causa', zh: '利马土豆饼' }, kind: 'updated', fields: [{ column: 'price', before: '18.00', after: '19.50' }] },
    ]);
    expect((await getState(t.url)).seq).toBe(before.seq);
  });
});

describe('Excel\'s Windows-1252 CSV (every Chinese character saved as "?")', () => {
  it('is refused cell by cell (encoding) and no Chinese name is overwritten', async () => {
    const before = await getState(t.url);
    const file = asExcel1252((await download('csv', 'es')).toString('utf8').replace(/^\uFEFF/, ''));
    expect(file.includes(Buffer.from('??'))).toBe(true);
    const report = await upload(file);
    expect(report.imported).toBe(false);
    const dishes = Object.keys(before.state.products).length;
    const zh = report.problems.filter((p) => p.column === 'name_zh');
    expect(zh).toHaveLength(dishes);
    expect(zh.every((p) => p.issue === 'encoding')).toBe(true);
    expect([report.updated, report.changes]).toEqual([0, []]);
    const after = await getState(t.url);
    expect(after.seq).toBe(before.seq);
    expect(after.state.products['p-101']!.names.zh).toBe('经典酸橘汁腌鱼');
  });
});
