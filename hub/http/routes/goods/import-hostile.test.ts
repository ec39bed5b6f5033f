import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_FILES } from '../../../goods-io/hostile-xlsx.ts';
import type { ImportReport } from '../../../protocol/index.ts';
import { getState, startTestHub, type TestHub } from '../../../testing/test-hub.ts';

/**
 * Issue 7, item 8, through the real route: each hostile workbook is uploaded
 * to a real hub (running in this process, so its memory is this process's)
 * while another device asks for /api/health. The upload is answered with the
 * refusal as a report problem on row 0, health answers meanwhile, memory
 * grows by less than 100 MB, and the hub goes on working afterwards.
 */

const MB = 1024 * 1024;
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

describe('hostile workbooks uploaded to the hub', () => {
  it.each(HOSTILE_FILES.map((f) => [f.name, f.expect, f] as const))('%s: %s, health answers, memory holds', async (_name, _expect, file) => {
    const bytes = await file.make();
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

  it('after every attack the hub still reads its own export and changes nothing on a check', async () => {
    const before = await getState(t.url);
    const file = Buffer.from(await (await fetch(new URL('/api/goods/export?format=xlsx', t.url), { headers: { cookie: t.cookie } })).arrayBuffer());
    const r = await upload(file);
    expect(r.body).toMatchObject({ imported: false, problems: [], created: 0, updated: 0, unchanged: Object.keys(before.state.products).length });
    expect((await getState(t.url)).seq).toBe(before.seq);
  });
});
