import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIRTUAL_PRINTER_ID } from '#protocol';
import type { PrintHistoryItem } from '#hub/jobs/printing/index.ts';
import { jobsSettled } from '#hub/jobs/test-helpers.ts';
import { command, getJson, postCommand, signedIn, sleep, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * The printer routes through the real app: a page of a printer's history
 * (live jobs, then the history file once they leave the state), the virtual
 * printer's paper, the USB devices present; the settings gate, hostile ids.
 */

type HistoryPage = { ok: true; jobs: PrintHistoryItem[]; more: boolean };

let t: TestHub;
let waiter = '';
const printed: string[] = [];
beforeAll(async () => {
  t = await startTestHub({ keepFinishedJobsMs: 1 });
  waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
  for (let i = 0; i < 5; i++) {
    const cmd = command('printer.testPrint', { printerId: VIRTUAL_PRINTER_ID });
    expect((await postCommand(t.url, cmd)).body.ok).toBe(true);
    printed.push(`${cmd.id}.0`);
    await sleep(3); // distinct creation times
  }
  await jobsSettled(t.hub.engine);
});
afterAll(() => t.close());

const history = (q = '', as: { cookie?: string } = {}) => getJson<HistoryPage>(t.url, `/api/printers/${VIRTUAL_PRINTER_ID}/history${q}`, as);

describe('GET /api/printers/:id/history', () => {
  it('newest first, a page at a time, reprintable while live', async () => {
    const first = await history('?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.jobs.map((j) => j.id)).toEqual([printed[4], printed[3]]);
    expect(first.body.more).toBe(true);
    expect(first.body.jobs[0]).toMatchObject({ status: 'done', reason: null, reprintable: true, payload: { printerId: VIRTUAL_PRINTER_ID, purpose: 'test' } });
    expect(first.body.jobs[0]).not.toHaveProperty('payload.document');
    const rest = await history(`?limit=10&before=${encodeURIComponent(first.body.jobs[1]!.createdAt)}`);
    expect(rest.body.jobs.map((j) => j.id)).toEqual([printed[2], printed[1], printed[0]]);
    expect(rest.body.more).toBe(false);
  });

  it('after the jobs leave the live state, from the history file (no longer reprintable)', async () => {
    await t.hub.printing.history.flushed();
    await sleep(5);
    await t.hub.jobs.tickNow();
    for (const id of printed) expect(t.hub.engine.jobs.get(id)).toBeUndefined();
    const page = await history();
    expect(page.body.jobs.map((j) => [j.id, j.status, j.reprintable])).toEqual([...printed].reverse().map((id) => [id, 'done', false]));
  });

  it('bad paging is refused; a printer without jobs has an empty history', async () => {
    expect((await history('?limit=0')).status).toBe(400);
    expect((await history('?before=yesterday')).status).toBe(400);
    const none = await getJson<HistoryPage>(t.url, '/api/printers/pr-none/history');
    expect(none.body).toEqual({ ok: true, jobs: [], more: false });
  });
});

describe('GET /api/printers/:id/paper and /api/printers/usb', () => {
  it("the virtual printer's printouts, newest first, each with its job id", async () => {
    const r = await getJson<{ ok: true; printouts: { jobId?: string; document: { blocks: unknown[] } }[] }>(t.url, `/api/printers/${VIRTUAL_PRINTER_ID}/paper?limit=3`);
    expect(r.status).toBe(200);
    expect(r.body.printouts.map((p) => p.jobId)).toEqual([printed[4], printed[3], printed[2]]);
    expect(r.body.printouts[0]!.document.blocks.length).toBeGreaterThan(0);
    expect((await getJson(t.url, '/api/printers/pr-none/paper')).status).toBe(404);
  });

  it('the USB printers present (a list, empty on a machine without one)', async () => {
    const r = await getJson<{ ok: true; paths: string[] }>(t.url, '/api/printers/usb');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.paths)).toBe(true);
    for (const p of r.body.paths) expect(p).toMatch(/^\/dev\/usb\/lp\d+$/);
  });
});

describe('the doors', () => {
  const paths = [`/api/printers/${VIRTUAL_PRINTER_ID}/history`, `/api/printers/${VIRTUAL_PRINTER_ID}/paper`, '/api/printers/usb'];

  it('a waiter is refused every printer route (FORBIDDEN settings)', async () => {
    for (const p of paths) {
      const r = await getJson<{ code: string }>(t.url, p, { cookie: waiter });
      expect(r.status, p).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
    }
  });

  it('nobody signed in gets nothing', async () => {
    for (const p of paths) expect((await getJson(t.url, p, { cookie: null })).status, p).toBe(401);
  });

  it('prototype names as printer ids are answered 404, not a crash or an object', async () => {
    for (const id of ['__proto__', 'constructor', 'toString', '..', '%2e%2e%2fauth.json']) {
      for (const what of ['history', 'paper']) {
        const r = await getJson(t.url, `/api/printers/${id}/${what}`);
        expect(r.status, `${id}/${what}`).toBe(404);
      }
    }
  });
});
