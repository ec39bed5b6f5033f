import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_CSV_FILES, MIXED_ENCODING_ROWS } from '#hub/goods-io/hostile-csv.ts';
import { HOSTILE_FILES } from '#hub/goods-io/hostile-xlsx.ts';
import { MAX_LISTED_PROBLEMS, type ImportReport } from '#protocol';
import { getState, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Issue 7, item 8, through the real route: each hostile workbook and CSV file is uploaded
 * to a real hub (running in this process, so its memory is this process's)
 * while another device asks for /api/health. The upload is answered with the
 * refusal as a report problem on row 0, health answers meanwhile, memory
 * grows by less than 100 MB, and the hub goes on working afterwards.
 */

const MB = 1024 * 1024;

/**
 * A full garbage collection before measuring, so the growth is what this
 * upload costs and not what earlier tests left for the collector (the test
 * process has no --expose-gc flag; this switches it on at run time).
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  await t?.close();
});

async function upload(bytes: Buffer): Promise<{ status: number; body: ImportReport }> {
  const res = await fetch(new URL('/api/goods/import?check=1', t.url), {
    method: 'POST',
    headers: { cookie: t.cookie, 'content-type': 'application/octet-stream', origin: new URL(t.url).origin },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as ImportReport };
}

describe('hostile workbooks and CSV files uploaded to the hub', () => {
  it.each([...HOSTILE_FILES, ...HOSTILE_CSV_FILES].map((f) => [f.name, f.expect, f] as const))('%s: %s, health answers, memory holds', async (_name, _expect, file) => {
    const bytes = await file.make();
    collectGarbage();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    try {
      const uploading = upload(bytes);
      const health = await fetch(new URL('/api/health', t.url));
      expect(health.status).toBe(200);
      const r = await uploading;
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(r.status).toBe(200);
      expect(r.body.imported).toBe(false);
      const fileLevel = r.body.problems.filter((p) => p.row === 0);
      if (file.expect === 'read') expect(fileLevel).toEqual([]);
      else expect(fileLevel).toEqual([{ row: 0, column: '', issue: file.expect, value: '' }]);
    } finally {
      clearInterval(sampler);
    }
    expect((peak - before) / MB).toBeLessThan(100);
  });

  it('a file with 10,000 problems answers with the first 500 and counts the rest', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `Z${i},Fondos,Plato ${i},abc,-1`).join('\n');
    const r = await upload(Buffer.from(`Código,Categoría,Nombre (es),Precio,Precio VIP\n${rows}\n`));
    expect(r.body).toMatchObject({ imported: false, created: 0, updated: 0, moreProblems: 10_000 - MAX_LISTED_PROBLEMS });
    expect(r.body.problems).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(r.body.problems.slice(0, 2)).toEqual([
      { row: 2, column: 'price', issue: 'price', value: 'abc' },
      { row: 2, column: 'vip_price', issue: 'price', value: '-1' },
    ]);
    expect(r.body.problems.at(-1)).toMatchObject({ row: 251, column: 'vip_price' });
  });

  it('10 MB of mixed encodings: every name whose encoding cannot be told is refused, the report lists 500 of them', async () => {
    const file = HOSTILE_CSV_FILES.find((f) => f.name === 'CSV: 10 MB of mixed encodings')!;
    const r = await upload(await file.make());
    const refused = (MIXED_ENCODING_ROWS / 4) * 3; // every row not in UTF-8
    expect(r.body).toMatchObject({ imported: false, rows: MIXED_ENCODING_ROWS, moreProblems: refused - MAX_LISTED_PROBLEMS });
    expect(r.body.problems).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(new Set(r.body.problems.map((p) => `${p.column} ${p.issue}`))).toEqual(new Set(['name_es encoding']));
  });

  it('after every attack the hub still reads its own export and changes nothing on a check', async () => {
    const before = await getState(t.url);
    const file = Buffer.from(await (await fetch(new URL('/api/goods/export?format=xlsx', t.url), { headers: { cookie: t.cookie } })).arrayBuffer());
    const r = await upload(file);
    expect(r.body).toMatchObject({ imported: false, problems: [], created: 0, updated: 0, unchanged: Object.keys(before.state.products).length });
    expect((await getState(t.url)).seq).toBe(before.seq);
  });
});
