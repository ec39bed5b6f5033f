import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '#hub/engine/log-record.ts';
import type { Job, JobSummary } from '#protocol';
import { Wal } from '#hub/store/wal.ts';
import { freePort, spawnHub, type ChildHub } from '#hub/testing/child-hub.ts';
import { allJobSummaries } from '#hub/testing/job-pages.ts';
import { command, DEMO_OWNER, getState, signedIn, sleep, useCookie } from '#hub/testing/test-hub.ts';
import { parseEscPos } from '../../../hardware/index.ts';
import { FakePrinter } from '../../../hardware/testing/fake-printer.ts';
import { deliver, demoPick, fakeNetworkPrinter, marksIn, openOrder, ticketCommands, ticketMark } from './test-orders.ts';

/**
 * Issue 20, the lone device: a ticket for a printer whose kept connection just confirmed the one
 * before gets its start and its writing mark in one record (`job.start` with `writing`), and no
 * status check on the wire. Across kill -9 of the hub while such a backlog prints back to back: a
 * ticket reaches the paper only after its mark is in the log, at most once; done means exactly
 * once; the ones cut off wait for a person (maybe done), never printed again by themselves; in order.
 */

const TICKETS = 40;
const KILLS = 3;

type PrintJob = Extract<Job, { kind: 'print' }>;
const isOurs = (j: Job): j is PrintJob => j.kind === 'print' && j.payload.printerId === 'pr-fake' && j.payload.purpose === 'kitchen';
const kitchenJobsOf = async (url: string): Promise<JobSummary[]> =>
  (await allJobSummaries(url)).filter((j) => j.kind === 'print' && j.printerId === 'pr-fake' && j.purpose === 'kitchen');
const countBy = (items: readonly string[]) => items.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());

describe('tickets to a ready printer (start and mark in one record) across kill -9 of the hub', () => {
  let dataDir = '';
  let hub: ChildHub | null = null;
  let printer: FakePrinter | null = null;

  afterAll(async () => {
    if (hub) useCookie(hub.url, undefined);
    await hub?.kill9();
    await printer?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('each ticket is on paper only after its mark is on disk, at most once (exactly once when done), in order', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pos-print-ready-'));
    const port = await freePort();
    printer = await FakePrinter.start();
    hub = await spawnHub({ dataDir, port });
    const url = hub.url;
    const cookie = await signedIn(url, DEMO_OWNER.code, DEMO_OWNER.pin, 'till-1');
    useCookie(url, cookie);
    const state0 = (await getState(url)).state;
    // A kitchen printer only (no setup slip ahead of the tickets in its lane), unplugged while the tickets are sent.
    await printer.unplug();
    await deliver(url, cookie, command('printer.save', { printer: fakeNetworkPrinter(state0, printer.port, { receipts: false, prebills: false, drawer: false }) }));
    const { tableId, productId } = demoPick(state0);
    const { orderId, open } = openOrder(tableId, 'till-1');
    await deliver(url, cookie, open);
    for (let n = 1; n <= TICKETS; n++) for (const c of ticketCommands(orderId, productId, n, 'till-1')) await deliver(url, cookie, c);
    await hub.kill9();
    await printer.plugIn();
    const onPaper = () => marksIn(printer!.received.flatMap((bytes) => parseEscPos(bytes, { codePage: 'cp858' }).texts)).length;

    // Each start prints the backlog back to back; the hub is cut off a few tickets in, at a random moment.
    for (let kill = 0; kill < KILLS; kill++) {
      hub = await spawnHub({ dataDir, port, readyTimeoutMs: 30_000 });
      const target = onPaper() + 2 + Math.floor(Math.random() * 5);
      const end = Date.now() + 30_000;
      while (onPaper() < target && Date.now() < end) await sleep(2);
      await sleep(Math.random() * 10);
      await hub.kill9();
    }

    hub = await spawnHub({ dataDir, port, readyTimeoutMs: 30_000 });
    let jobs: JobSummary[];
    const end = Date.now() + 60_000;
    for (;;) {
      jobs = await kitchenJobsOf(url);
      if ((jobs.length === TICKETS && jobs.every((j) => j.status === 'done' || j.status === 'maybeDone')) || Date.now() > end) break;
      await sleep(100);
    }
    await hub.kill9();
    hub = null;

    const { wal, records } = await Wal.open<LogRecord>(path.join(dataDir, 'wal'), 0, () => {});
    await wal.close();
    const created = records.flatMap((r) => r.events.flatMap((e) => (e.type === 'job.created' && isOurs(e.job) ? [e.job] : [])));
    const ours = new Set(created.map((j) => j.id));
    const marked = new Set(records.flatMap((r) => r.events.flatMap((e) => (e.type === 'job.writing' ? [e.jobId] : []))));
    const combined = records.filter((r) => r.type === 'job.start' && r.events.map((e) => e.type).join() === 'job.started,job.writing' && ours.has((r.events[0] as { jobId: string }).jobId));
    const paper = marksIn(printer.received.flatMap((bytes) => parseEscPos(bytes, { codePage: 'cp858' }).texts));
    const copies = countBy(paper);
    const byId = new Map(jobs.map((j) => [j.id, j]));

    expect(created).toHaveLength(TICKETS);
    const problems: string[] = [];
    const tally = { done: 0, maybeDone: 0 };
    created.forEach((job, i) => {
      const mark = ticketMark(i + 1);
      const n = copies.get(mark) ?? 0;
      if (n > 0 && !marked.has(job.id)) problems.push(`${mark} on paper without its writing mark in the log`);
      const status = byId.get(job.id)?.status;
      if (status === 'done') {
        tally.done++;
        if (n !== 1) problems.push(`${mark} done with ${n} copies`);
      } else if (status === 'maybeDone') {
        tally.maybeDone++;
        if (n > 1) problems.push(`${mark} maybe done with ${n} copies`);
      } else problems.push(`${mark} ended ${status}`);
    });
    if (paper.join() !== [...paper].sort().join()) problems.push(`out of order: ${paper.join(' ')}`);
    console.log(`print ready crash: ${TICKETS} tickets, ${tally.done} printed, ${tally.maybeDone} maybe printed, ${combined.length} started with their mark in one record, ${records.length} log records`);
    expect(problems).toEqual([]);
    // The path under test was taken: tickets behind a confirmed one started with their mark.
    expect(combined.length).toBeGreaterThan(0);
  }, 240_000);
});
