import { freePort } from '#hub/testing/child-hub.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { makeFailedJob } from '#hub/jobs/test-helpers.ts';
import type { JobBoardReply, JobDetailReply, JobListPage, Printer } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { command, getJson, postCommand, signedIn, startTestHub, waitUntil, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * The job routes through the real Koa app on a real hub: a printer that is
 * off (a closed port on 127.0.0.1) holds test prints waiting; failed jobs
 * are stuck. The board per role, paged lists whose pages count only what the
 * caller may see, a job whole, the `settings` gate, hostile ids and queries.
 */

const waiter = DEMO_STAFF.find((s) => s.roleId === 'waiter')!;
const cashier = DEMO_STAFF.find((s) => s.roleId === 'cashier')!;
const OFF_PRINTER = 'pr-off';
const WAITING = 7;
const STUCK = 5;

let t: TestHub;
let waiterCookie = '';
let cashierCookie = '';
const stuck: string[] = [];

const board = (cookie?: string) => getJson<JobBoardReply>(t.url, '/api/jobs/board', cookie ? { cookie } : {});
const list = (q: string, cookie?: string) => getJson<JobListPage & { code?: string }>(t.url, `/api/jobs${q}`, cookie ? { cookie } : {});
const detail = (id: string, cookie?: string) => getJson<JobDetailReply & { code?: string }>(t.url, `/api/jobs/${id}`, cookie ? { cookie } : {});

beforeAll(async () => {
  t = await startTestHub();
  waiterCookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
  cashierCookie = await signedIn(t.url, cashier.code, cashier.pin, 'cashier-till');
  const printer: Printer = { ...VIRTUAL_PRINTER, id: OFF_PRINTER, name: 'Cocina apagada', connection: { type: 'network', host: '127.0.0.1', port: await freePort() }, receipts: false, prebills: false, stations: [], drawer: false };
  expect((await postCommand(t.url, command('printer.save', { printer }))).body.ok).toBe(true);
  // Stuck first (making one waits for the queue to be still), then the off printer's queue.
  for (let i = 0; i < STUCK; i++) stuck.push(await makeFailedJob(t.hub.engine));
  for (let i = 0; i < WAITING; i++) expect((await postCommand(t.url, command('printer.testPrint', { printerId: OFF_PRINTER }))).body.ok).toBe(true);
  // The off printer's lane: every test print waits (or its head is being tried).
  await waitUntil(() => {
    const lane = [...t.hub.engine.jobs.laneCounters()].find((l) => l.printerId === OFF_PRINTER);
    return lane !== undefined && lane.waiting + (lane.running ? 1 : 0) === WAITING;
  }, 10_000, 'the off printer\'s queue');
});
afterAll(() => t?.close());

describe('GET /api/jobs/board', () => {
  it('everyone signed in gets the counts; only owners and managers the stuck jobs; nobody a document', async () => {
    const owner = await board();
    expect(owner.status).toBe(200);
    const lane = owner.body.board.lanes.find((l) => l.printerId === OFF_PRINTER);
    expect(lane && lane.waiting + lane.running).toBe(WAITING);
    expect(owner.body.board.stuckTotal).toBeGreaterThanOrEqual(STUCK);
    expect(owner.body.board.stuck.map((s) => s.id)).toEqual(expect.arrayContaining(stuck));
    for (const cookie of [waiterCookie, cashierCookie]) {
      const other = await board(cookie);
      expect(other.status).toBe(200);
      expect(other.body.board.lanes).toEqual(owner.body.board.lanes);
      expect(other.body.board.stuckTotal).toBe(owner.body.board.stuckTotal);
      expect(other.body.board.stuck).toEqual([]);
      expect(JSON.stringify(other.body)).not.toMatch(/"document"|"blocks"|stuck [0-9a-f-]{8}/);
    }
    expect(JSON.stringify(owner.body)).not.toMatch(/"document"|"blocks"/);
  });

  it('without a session: 401', async () => {
    const r = await getJson(t.url, '/api/jobs/board', { cookie: null });
    expect(r.status).toBe(401);
  });
});

describe('GET /api/jobs', () => {
  it('pages the stuck jobs newest first: every page full but the last, no row twice, the total what was paged', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let total: number;
    do {
      const r: Awaited<ReturnType<typeof list>> = await list(`?status=stuck&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status).toBe(200);
      total = r.body.total;
      if (r.body.next !== null) expect(r.body.jobs).toHaveLength(2);
      for (const job of r.body.jobs) expect(['failed', 'maybeDone']).toContain(job.status);
      seen.push(...r.body.jobs.map((j) => j.id));
      cursor = r.body.next;
      pages++;
    } while (cursor !== null && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    expect(seen).toEqual(expect.arrayContaining(stuck));
    // Newest first: the last made is listed before the first.
    expect(seen.indexOf(stuck.at(-1)!)).toBeLessThan(seen.indexOf(stuck[0]!));
    expect(JSON.stringify(seen)).not.toContain('document');
  });

  it('lists one printer\'s waiting jobs, theirs only, and a kind\'s', async () => {
    const waiting = await list(`?status=waiting&printerId=${OFF_PRINTER}&limit=100`);
    expect(waiting.status).toBe(200);
    expect(waiting.body.jobs.every((j) => j.printerId === OFF_PRINTER && j.status === 'pending' && j.kind === 'print' && j.purpose === 'test')).toBe(true);
    expect(waiting.body.total).toBe(waiting.body.jobs.length);
    const echoes = await list('?status=stuck&kind=test.echo&limit=100');
    expect(echoes.body.jobs.map((j) => j.id)).toEqual(expect.arrayContaining(stuck));
    expect(echoes.body.jobs.every((j) => j.kind === 'test.echo')).toBe(true);
    const none = await list('?status=stuck&printerId=pr-none');
    expect(none.body).toEqual({ ok: true, jobs: [], next: null, total: 0 });
  });

  it.each([
    ['?status=everything', 'INCORRECT_INPUT'],
    ['?status=stuck&limit=0', 'INCORRECT_INPUT'],
    ['?status=stuck&limit=101', 'INCORRECT_INPUT'],
    ['?status=stuck&limit=many', 'INCORRECT_INPUT'],
    ['?status=stuck&kind=print.everything', 'INCORRECT_INPUT'],
    ['?status=stuck&printerId=__proto__', 'INCORRECT_INPUT'],
    ['?status=stuck&cursor= of 201 characters', 'INCORRECT_INPUT'],
    ['?status=stuck&status=waiting', 'INCORRECT_INPUT'],
  ])('refuses %s with 400 %s', async (q, code) => {
    const r = await list(q.replace('cursor= of 201 characters', `cursor=${'x'.repeat(201)}`));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
  });

  it('a cursor the hub never gave is refused or ends the list, never a crash', async () => {
    for (const cursor of ['__proto__', 'constructor', 'zzzz', '-1', '99999999999999999999', '{"a":1}']) {
      const r = await list(`?status=stuck&cursor=${encodeURIComponent(cursor)}`);
      expect([200, 400]).toContain(r.status);
      if (r.status === 200) expect(r.body.jobs.length).toBeLessThanOrEqual(50);
    }
    expect((await board()).status).toBe(200);
  });

  it('a waiter and a cashier are refused: FORBIDDEN, naming no job', async () => {
    for (const cookie of [waiterCookie, cashierCookie]) {
      const r = await list('?status=stuck', cookie);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
      expect(JSON.stringify(r.body)).not.toContain(stuck[0]!);
    }
  });
});

describe('GET /api/jobs/:id', () => {
  it('gives owners and managers the job whole, its document included', async () => {
    const id = (await list(`?status=waiting&printerId=${OFF_PRINTER}&limit=1`)).body.jobs[0]!.id;
    const r = await detail(id);
    expect(r.status).toBe(200);
    expect(r.body.job).toMatchObject({ id, kind: 'print', payload: { printerId: OFF_PRINTER, purpose: 'test' } });
    expect(r.body.job.kind === 'print' && r.body.job.payload.document.blocks.length).toBeGreaterThan(0);
    expect(r.body.summary).toMatchObject({ id, printerId: OFF_PRINTER });
    expect((await detail(stuck[0]!)).body.job).toMatchObject({ id: stuck[0], kind: 'test.echo', status: 'failed' });
  });

  it('a waiter is refused, even for a job that exists', async () => {
    const r = await detail(stuck[0]!, waiterCookie);
    expect(r.status).toBe(403);
    expect(JSON.stringify(r.body)).not.toContain('stuck ');
  });

  it.each([
    ['__proto__', 404, '__proto__'],
    ['constructor', 404, 'constructor'],
    ['hasOwnProperty', 404, 'hasOwnProperty'],
    ['toString', 404, 'toString'],
    ['prototype', 404, 'prototype'],
    ['an unknown id', 404, 'no-such-job.0'],
    ['a space', 400, encodeURIComponent('a b')],
    ['markup', 400, encodeURIComponent('<script>')],
    ['101 characters', 400, 'x'.repeat(101)],
    ['8,000 characters', 400, 'x'.repeat(8_000)],
  ])('%s is %i, never a crash', async (_name, status, id) => {
    const r = await detail(id);
    expect(r.status).toBe(status);
    expect(r.body.ok).toBe(false);
  });

  it('many reads at once, hostile and not, while jobs are made: every one answered, the hub still up', async () => {
    const reads = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0 ? detail(i % 2 ? '__proto__' : stuck[i % STUCK]!) : i % 3 === 1 ? list(`?status=stuck&limit=${1 + (i % 5)}`) : board(i % 2 ? waiterCookie : undefined),
    );
    const makes = Array.from({ length: 5 }, () => postCommand(t.url, command('printer.testPrint', { printerId: OFF_PRINTER })));
    const answers = await Promise.all([...reads, ...makes]);
    expect(answers.every((a) => a.status === 200 || a.status === 404)).toBe(true);
    expect((await getJson(t.url, '/api/health')).status).toBe(200);
  });
});
