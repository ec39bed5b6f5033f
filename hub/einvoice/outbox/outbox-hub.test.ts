import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, DomainEvent, FiscalDocument, Job, SaleDocument } from '#protocol';
import { fiscalKey } from '#protocol';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { writeSendSettings } from '#hub/http/routes/einvoice/sol-store.ts';
import { demoPick, openOrder, until } from '#hub/jobs/printing/test-orders.ts';
import { command, getJson, postCommand, signedIn, sleep, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { saveCertificate } from '../secrets/certificate-store.ts';
import { makeTestPkcs12 } from '../secrets/test-certificate.ts';
import { FakeSunat } from '../testing/fake-sunat.ts';
import type { OutboxReply } from '#hub/http/routes/einvoice/outbox.ts';
import type { BuyerReply } from '#protocol';

/**
 * The outbox in a whole hub: settlements with fiscal settings create the
 * jobs (the rules), the hub files, signs and sends them to the fake SUNAT
 * on 127.0.0.1 (an OSE URL in the owner's settings), past days' boletas go
 * in a daily summary the hub plans itself, SUNAT down for a long time costs
 * one try record per document, and GET /api/einvoice/outbox tells the owner
 * (never a waiter) how it stands.
 */

const PRICE = 11_800;
const SOL = { user: 'MODDATOS', password: 'moddatos' };
let t: TestHub;
let fake: FakeSunat;
let waiter = '';
let cashier = '';
/** Hub time is real time plus this (a day later: yesterday's boletas are summarized). */
let offsetMs = 0;
const started: string[] = [];

async function send(cmd: Command): Promise<void> {
  const reply = await postCommand(t.url, cmd);
  expect(reply.body, cmd.type).toMatchObject({ ok: true });
}

/** Settles a fresh order of one dish with this document; the document its send job carries. */
async function settle(document: SaleDocument, tableIndex: number): Promise<{ doc: FiscalDocument; jobId: string }> {
  const { tableId } = demoPick(t.hub.engine.state, tableIndex);
  const { orderId, open } = openOrder(tableId);
  await send(open);
  await send(command('order.addLines', { orderId, lines: [{ lineId: crypto.randomUUID(), productId: 'p-outbox-1', qty: 1, remark: '' }] }));
  await send(command('order.send', { orderId }));
  const before = new Set([...t.hub.engine.jobs.values()].map((j) => j.id));
  await send(command('order.settle', { orderId, payments: [{ method: 'visa', amountCents: PRICE }], document, print: false }));
  const job = [...t.hub.engine.jobs.values()].find((j): j is Extract<Job, { kind: 'einvoice.send' }> => j.kind === 'einvoice.send' && !before.has(j.id));
  if (!job?.payload.document) throw new Error('no einvoice.send job for the settlement');
  await send(command('table.clear', { tableId }));
  return { doc: job.payload.document, jobId: job.id };
}

const metaOf = (doc: Pick<FiscalDocument, 'issueDate' | 'type' | 'series' | 'number'>) => t.hub.outbox.store.meta(doc.issueDate, fiscalKey(doc));

beforeAll(async () => {
  fake = new FakeSunat({ password: SOL.password });
  await fake.start();
  t = await startTestHub({ clock: () => new Date(Date.now() + offsetMs), sunatTimeoutMs: 1_000 });
  t.hub.engine.onChange((change) => {
    for (const e of change.events as DomainEvent[]) if (e.type === 'job.started') started.push(e.jobId);
  });
  const p12 = makeTestPkcs12('clave');
  await saveCertificate(t.dataDir, p12.p12, 'clave');
  await writeSendSettings(t.dataDir, { endpoint: { kind: 'ose', url: fake.url }, ...SOL });
  const state = t.hub.engine.state;
  const dish = state.products[demoPick(state).productId]!;
  await send(command('product.save', { id: 'p-outbox-1', code: 'O901', names: { es: 'Lomo saltado', en: '', zh: '' }, categoryId: dish.categoryId, priceCents: PRICE, sort: 901, station: dish.station }));
  await send(command('fiscal.saveSettings', SAMPLE_FISCAL));
  waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
  cashier = await signedIn(t.url, '2', '2222', 'cashier-till');
}, 30_000);

afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

describe('the outbox in a hub', () => {
  it('a factura settled is filed, signed and delivered; SUNAT\'s answer kept', async () => {
    const { doc, jobId } = await settle({ kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' }, 0);
    await until('the factura is accepted', () => t.hub.engine.jobs.get(jobId)?.status === 'done');
    expect(await metaOf(doc)).toMatchObject({ status: 'accepted', kind: '01', total: '118.00', sunat: { code: '0' } });
    expect(fake.received.filter((r) => r.operation === 'sendBill').map((r) => r.fileName)).toEqual([`${doc.issuer.ruc}-01-${doc.series}-${doc.number}.zip`]);
  }, 20_000);

  it('SUNAT down for a long time: one try recorded, none while down; back up: delivered at once', async () => {
    await fake.goDown();
    const { doc, jobId } = await settle({ kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' }, 1);
    await until('the first try failed', () => t.hub.engine.jobs.get(jobId)?.reason === 'SUNAT_UNREACHABLE');
    expect((await metaOf(doc))?.status).toBe('signed');
    // Past the job's own retry time (2 s), and the minute tick: nothing is tried or recorded.
    await sleep(2_500);
    await t.hub.jobs.tickNow();
    await t.hub.jobs.idle();
    expect(started.filter((id) => id === jobId)).toHaveLength(1);
    const down = await getJson<OutboxReply>(t.url, '/api/einvoice/outbox');
    expect(down.body.outbox).toMatchObject({ reachable: false, waiting: 1, overdue: 0, certificate: true, sol: true });
    expect(down.body.outbox.earliestDeadline).toBe((await metaOf(doc))!.deadline);

    await fake.start();
    await t.hub.outbox.gate.checkNow();
    await until('delivered once SUNAT answers', () => t.hub.engine.jobs.get(jobId)?.status === 'done');
    expect(started.filter((id) => id === jobId)).toHaveLength(2);
    expect((await metaOf(doc))?.status).toBe('accepted');
    expect((await getJson<OutboxReply>(t.url, '/api/einvoice/outbox')).body.outbox).toMatchObject({ reachable: true, waiting: 0 });
  }, 20_000);

  it('a boleta waits for its summary; the next day the hub plans it and SUNAT\'s answer reaches the boleta', async () => {
    const { doc, jobId } = await settle({ kind: 'boleta', docId: '', name: '' }, 2);
    await until('the boleta is signed', () => t.hub.engine.jobs.get(jobId)?.status === 'done');
    expect(await metaOf(doc)).toMatchObject({ status: 'awaitingSummary', summaryId: null });
    // Today's boletas are not summarized by the hub (an owner may send the day at once).
    await t.hub.outbox.planner.runNow();
    expect([...t.hub.engine.jobs.values()].some((j) => j.kind === 'einvoice.summary')).toBe(false);

    offsetMs = 24 * 3_600_000;
    await t.hub.outbox.planner.runNow();
    const summary = [...t.hub.engine.jobs.values()].find((j): j is Extract<Job, { kind: 'einvoice.summary' }> => j.kind === 'einvoice.summary');
    expect(summary?.payload.summary?.referenceDate).toBe(doc.issueDate);
    await until('the summary is answered', () => t.hub.engine.jobs.get(summary!.id)?.status === 'done');
    expect(await metaOf(doc)).toMatchObject({ status: 'accepted', summaryId: summary!.payload.key });
    expect(Object.keys(t.hub.engine.state.pendingSummary)).toEqual([]);
    offsetMs = 0;
  }, 20_000);

  it('a summary SUNAT rejects: the owner sends its boletas again, a new summary carries them and is accepted', async () => {
    const summaryJobs = () => [...t.hub.engine.jobs.values()].filter((j): j is Extract<Job, { kind: 'einvoice.summary' }> => j.kind === 'einvoice.summary');
    const seen = new Set(summaryJobs().map((j) => j.id));
    const { doc, jobId } = await settle({ kind: 'boleta', docId: '', name: '' }, 3);
    await until('the boleta is signed', () => t.hub.engine.jobs.get(jobId)?.status === 'done');
    offsetMs = 24 * 3_600_000;
    fake.next({ kind: 'reject', code: '2220', text: 'El ID debe coincidir con el consignado en el nombre del archivo' });
    await t.hub.outbox.planner.runNow();
    const first = summaryJobs().find((j) => !seen.has(j.id))!;
    await until('the summary rejected', () => t.hub.engine.jobs.get(first.id)?.status === 'failed');
    expect(t.hub.engine.jobs.get(first.id)?.reason).toBe('SUNAT_REJECTED');
    expect(await metaOf(doc)).toMatchObject({ status: 'rejected', summaryId: first.payload.key });
    // Nothing reports the boleta by itself now: the planner finds nothing waiting.
    await t.hub.outbox.planner.runNow();
    expect(summaryJobs().filter((j) => !seen.has(j.id))).toHaveLength(1);

    // The owner, the next morning on the documents page (hub time back to now, so the session holds).
    offsetMs = 0;
    for (const summaryId of ['__proto__', 'RC-1-1', first.payload.key.replace(/-\d+$/, '-99')]) {
      const refused = await postCommand(t.url, command('einvoice.requeueSummary', { summaryId }));
      expect(refused.body, summaryId).toMatchObject({ ok: false, code: summaryId.endsWith('-99') ? 'SUMMARY_NOT_FAILED' : 'INCORRECT_INPUT' });
    }
    await send(command('einvoice.requeueSummary', { summaryId: first.payload.key }));
    expect(t.hub.engine.jobs.get(first.id)?.status).toBe('cancelled');
    await until('the boleta waits again', async () => (await metaOf(doc))?.status === 'awaitingSummary');
    offsetMs = 24 * 3_600_000;
    try {
      await t.hub.outbox.planner.runNow();
      const second = summaryJobs().find((j) => !seen.has(j.id) && j.id !== first.id)!;
      expect(second.payload.key).not.toBe(first.payload.key);
      await until('the boleta accepted with the new summary', async () => (await metaOf(doc))?.status === 'accepted');
      expect((await metaOf(doc))?.summaryId).toBe(second.payload.key);
    } finally {
      offsetMs = 0;
    }
  }, 30_000);

  it('GET /api/einvoice/buyers/:ruc: a cashier typing a RUC invoiced before gets its legal name; strangers and bad RUCs get nothing', async () => {
    // The facturas above were issued to this company.
    const known = await getJson<BuyerReply>(t.url, '/api/einvoice/buyers/20100070970', { cookie: cashier });
    expect(known.body).toEqual({ ok: true, buyer: { ruc: '20100070970', name: 'Supermercados Peruanos S.A.' } });
    // A valid RUC never invoiced: nothing to fill in.
    expect((await getJson<BuyerReply>(t.url, '/api/einvoice/buyers/20131312955', { cookie: cashier })).body).toEqual({ ok: true, buyer: null });
    for (const bad of ['__proto__', 'constructor', '20100070971', '2010007097', '..%2F..%2Fsecrets', '45678912']) {
      const reply = await getJson<{ code: string }>(t.url, `/api/einvoice/buyers/${bad}`, { cookie: cashier });
      expect([reply.status, reply.body.code], bad).toEqual([400, 'INVALID_RUC']);
    }
    expect((await getJson<{ code: string }>(t.url, '/api/einvoice/buyers/20100070970', { cookie: waiter })).body.code).toBe('FORBIDDEN');
    expect((await getJson(t.url, '/api/einvoice/buyers/20100070970', { cookie: null })).status).toBe(401);
    // Kept on disk for the next start.
    await t.hub.outbox.buyers.flush();
    expect(JSON.parse(await readFile(path.join(t.dataDir, 'einvoice', 'buyers.json'), 'utf8')).buyers['20100070970'].name).toBe('Supermercados Peruanos S.A.');
  });

  it('GET /api/einvoice/outbox: the owner sees it; a waiter and an anonymous caller do not', async () => {
    const owner = await getJson<OutboxReply>(t.url, '/api/einvoice/outbox');
    expect(owner.status).toBe(200);
    expect(Object.keys(owner.body.outbox).sort()).toEqual(['certificate', 'dueSoon', 'earliestDeadline', 'lastContactAt', 'needsAttention', 'overdue', 'reachable', 'sol', 'waiting']);
    expect((await getJson<{ code: string }>(t.url, '/api/einvoice/outbox', { cookie: waiter })).body.code).toBe('FORBIDDEN');
    expect((await getJson(t.url, '/api/einvoice/outbox', { cookie: null })).status).toBe(401);
  });
});
