import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { demoPick, fakeNetworkPrinter, marksIn, ticketMark } from '#hub/jobs/printing/test-orders.ts';
import { parseEscPos } from '../../hardware/index.ts';
import { makeFailedJob } from '#hub/jobs/test-helpers.ts';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The job board live in the browser (issue 20): a kitchen printer switched
 * off while 30 tickets are sent; the printers page shows its queue ("30
 * esperando") and the stuck-jobs page the hub's queue, as the hub pushes the
 * board, without a reload; switched back on, both drain to nothing and the
 * printer has every ticket. Screenshots at 360x740 and 1280x800, es and zh.
 */

const owner = DEMO_STAFF.find((s) => s.roleId === 'owner')!;
const waiter = DEMO_STAFF.find((s) => s.roleId === 'waiter')!;
const PRINTER = 'pr-board';
const TICKETS = 30;
const contexts: BrowserContext[] = [];
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-job-board-', screenshots: true });
let fake: FakePrinter;

beforeAll(async () => {
  fake = await FakePrinter.start();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await fake?.close();
});

async function ownerPage(device: typeof TILL | typeof PHONE, language: 'es_US' | 'zh_CN', route: string, who = owner): Promise<Page> {
  const context = await env.browser.newContext(device);
  await context.addInitScript((stored) => localStorage.setItem('language', stored), language);
  contexts.push(context);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, who.code, who.pin);
  await page.goto(`${env.hub.url}#${route}`);
  return page;
}

/** The hub's own count of the printer's queue. */
function queued(): number {
  const lane = [...env.hub.engine.jobs.laneCounters()].find((l) => l.printerId === PRINTER);
  return lane ? lane.waiting + (lane.running ? 1 : 0) : 0;
}

/** The ticket marks on the printer's paper, in the order printed. */
const onPaper = () => fake.received.flatMap((bytes) => marksIn(parseEscPos(bytes, { codePage: 'cp858' }).texts));

describe('the job board, live', () => {
  it('a printer switched off queues 30 tickets on the printers and jobs pages; back on, they drain', async () => {
    const { state } = env.hub.engine;
    // The kitchen printer takes every station (beside the demo's virtual printer), then is switched off.
    await asHub(env, 'printer.save', { printer: fakeNetworkPrinter(state, fake.port, { id: PRINTER, name: 'Cocina caliente', receipts: false, prebills: false, drawer: false }) });
    await fake.unplug();
    const printers = await ownerPage(TILL, 'es_US', '/pages/printers/index');
    const card = printers.getByTestId(`printer-${PRINTER}`);
    await card.waitFor();
    const jobs = await ownerPage(PHONE, 'es_US', '/pages/jobs/index');
    await jobs.getByTestId('jobs-page').waitFor();
    const stuckId = await makeFailedJob(env.hub.engine);

    // Thirty sends to the kitchen on one table, each a ticket of its own.
    const orderId = randomUUID();
    const { tableId, productId } = demoPick(state);
    await asHub(env, 'table.open', { tableId, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
    for (let n = 1; n <= TICKETS; n++) await asHub(env, 'order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId, qty: 1, remark: ticketMark(n) }], send: true });
    await expect.poll(queued, { timeout: 20_000 }).toBe(TICKETS);

    // Live on both pages: the card's queue, the jobs page's count and its stuck job, without a reload.
    await expect.poll(() => card.getByTestId('printer-lane').textContent(), { timeout: 15_000 }).toBe('30 esperando');
    await expect.poll(() => jobs.getByTestId('jobs-queued').textContent(), { timeout: 15_000 }).toContain(`${TICKETS} tareas en cola`);
    await expect.poll(() => jobs.getByTestId('jobs-lanes').textContent(), { timeout: 15_000 }).toBe(`Cocina caliente · ${TICKETS} esperando`);
    await jobs.getByTestId(`job-${stuckId}`).waitFor();
    await printers.screenshot({ path: path.join(SHOTS, 'job-board-printers-1280-es.png') });
    // The printer's history lists the waiting tickets (read from the hub's table, page by page).
    await card.getByTestId('printer-history').click();
    const history = printers.getByTestId('printer-history-list');
    const outcomes = () => history.getByTestId('history-outcome').allTextContents();
    await expect.poll(async () => (await outcomes()).filter((o) => o === 'En espera').length, { timeout: 15_000 }).toBe(TICKETS);
    await printers.screenshot({ path: path.join(SHOTS, 'job-board-history-1280-es.png') });
    await jobs.screenshot({ path: path.join(SHOTS, 'job-board-jobs-360-es.png') });
    // A waiter's phone: the printer alert says the tickets wait (the board's counts, no job of anyone's).
    const phone = await ownerPage(PHONE, 'es_US', '/pages/dining_table/index', waiter);
    await expect.poll(() => phone.getByTestId(`printer-alert-${PRINTER}`).textContent(), { timeout: 15_000 }).toMatch(/· 30 esperando$/);
    await phone.getByTestId('table-S2').waitFor();
    await phone.screenshot({ path: path.join(SHOTS, 'job-board-waiter-alert-360-es.png') });

    // The same in Chinese, phone and till.
    const zhPrinters = await ownerPage(PHONE, 'zh_CN', '/pages/printers/index');
    await expect.poll(() => zhPrinters.getByTestId(`printer-${PRINTER}`).getByTestId('printer-lane').textContent(), { timeout: 15_000 }).toMatch(/等待中/);
    expect(await zhPrinters.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
    await zhPrinters.screenshot({ path: path.join(SHOTS, 'job-board-printers-360-zh.png') });
    const zhJobs = await ownerPage(TILL, 'zh_CN', '/pages/jobs/index');
    await expect.poll(() => zhJobs.getByTestId('jobs-queued').textContent(), { timeout: 15_000 }).toContain(`${TICKETS}`);
    await zhJobs.getByTestId(`job-${stuckId}`).waitFor();
    await zhJobs.screenshot({ path: path.join(SHOTS, 'job-board-jobs-1280-zh.png') });
    expect(await jobs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);

    // Switched back on: every ticket prints once, in order, and both pages drain to nothing.
    await fake.plugIn();
    await expect.poll(queued, { timeout: 60_000 }).toBe(0);
    await card.getByTestId('printer-lane').waitFor({ state: 'detached', timeout: 15_000 });
    await jobs.getByTestId('jobs-queued').waitFor({ state: 'detached', timeout: 15_000 });
    await phone.getByTestId('printer-alert-queue').waitFor({ state: 'detached', timeout: 15_000 });
    // The open history followed the lane: every ticket now reads printed, without closing the dialog.
    await expect.poll(async () => (await outcomes()).filter((o) => o === 'Impreso').length, { timeout: 15_000 }).toBe(TICKETS);
    expect(onPaper()).toEqual(Array.from({ length: TICKETS }, (_, i) => ticketMark(i + 1)));
    // The stuck job is still there for a person: draining the queue does not touch it.
    await jobs.getByTestId(`job-${stuckId}`).waitFor();
    await printers.screenshot({ path: path.join(SHOTS, 'job-board-history-printed-1280-es.png') });
    await printers.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).first().click();
    await printers.screenshot({ path: path.join(SHOTS, 'job-board-printers-drained-1280-es.png') });
  });
});
