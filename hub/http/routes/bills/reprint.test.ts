import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage, CommandPayload, CommandType, Job } from '#protocol';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { command, getJson, NO_CUSTOMER, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { parseEscPos } from '../../../../hardware/index.ts';
import { FakePrinter } from '../../../../hardware/testing/fake-printer.ts';
import { fakeNetworkPrinter, until } from '../../../jobs/printing/test-orders.ts';
import { digestOfUnsigned } from '#hub/einvoice/sign/xmldsig.ts';
import { buildFiscalXml } from '#hub/einvoice/ubl/index.ts';
import type { ReprintReply } from './schema.ts';

/**
 * POST /api/bills/:billId/reprint through a real hub printing to a
 * FakePrinter (TCP on 127.0.0.1): a boleta settled without printing, filed
 * in the archive, reprinted: exactly one print job, recorded as the
 * internal `bill.reprint` of the person who asked, and the paper read back
 * (REPRINT on top, the boleta's number and its QR). Who may, resends, and
 * hostile input.
 */

let t: TestHub;
let fake: FakePrinter;
let waiter = '';
let cashier = '';
let n = 0;
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code}`);
}

/** A boleta settled now on a fresh table, not printed. */
async function settledBoleta(): Promise<string> {
  const tableId = `t-r${++n}`;
  const orderId = randomUUID();
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `R${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 400 + n });
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }] });
  await asOwner('order.send', { orderId });
  await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'boleta', docId: '', name: '' }, print: false });
  return orderId;
}

async function reprint(billId: string, body: unknown, cookie?: string) {
  const res = await fetch(new URL(`/api/bills/${billId}/reprint`, t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie ?? t.cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as ReprintReply | { ok: false; code: string } };
}

const receiptJobs = (billId: string): Extract<Job, { kind: 'print' }>[] =>
  [...t.hub.engine.jobs.values()].filter((j): j is Extract<Job, { kind: 'print' }> => j.kind === 'print' && j.payload.orderId === billId && j.payload.purpose === 'receipt');

beforeAll(async () => {
  t = await startTestHub({ printerStatusEveryMs: 100, printerTimeoutMs: 1_000 });
  fake = await FakePrinter.start();
  await asOwner('printer.save', { printer: fakeNetworkPrinter(t.hub.engine.state, fake.port, { stations: [], receipts: true, prebills: false, drawer: false, codePage: 'cp858', language: 'es' }) });
  await asOwner('fiscal.saveSettings', SAMPLE_FISCAL);
  waiter = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'waiter')!.code, '3333', 'waiter-phone');
  cashier = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'cashier')!.code, '2222', 'cashier-till');
  await until('setup slip printed', () => fake.received.length > 0);
}, 30_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('reprinting a closed bill', () => {
  it('an archived boleta: one job, in the log as the cashier’s bill.reprint, on the paper marked REPRINT with its QR', async () => {
    const billId = await settledBoleta();
    await t.hub.engine.snapshot();
    expect(receiptJobs(billId)).toHaveLength(0);
    const before = fake.received.length;
    const r = await reprint(billId, { id: randomUUID(), day: today(), printerId: 'pr-fake' }, cashier);
    expect(r.status).toBe(200);
    if (!r.body.ok) throw new Error(r.body.code);
    const jobs = receiptJobs(billId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ id: r.body.jobId, payload: { printerId: 'pr-fake', fiscal: { type: '03', series: 'B001' } } });
    const fiscal = jobs[0]!.payload.fiscal!;
    await until('reprinted on the fake printer', () => fake.received.length > before && t.hub.engine.jobs.get(r.body.ok ? r.body.jobId : '')?.status === 'done', 10_000);
    const paper = parseEscPos(Buffer.concat(fake.received.slice(before)), { codePage: 'cp858' });
    const text = paper.texts.map((l) => l.trim());
    expect(text[0]).toBe('REIMPRESIÓN');
    expect(text.join('\n')).toContain(`B001-${fiscal.number}`);
    expect(paper.qrs.some((q) => q.startsWith(`${SAMPLE_FISCAL.ruc}|03|B001|${fiscal.number}|`))).toBe(true);
    // The log says who: the record's actor is the cashier.
    const staffId = DEMO_STAFF.find((s) => s.roleId === 'cashier')!.id;
    const activity = await getJson<ActivityPage>(t.url, '/api/activity');
    expect(activity.body.entries.filter((e) => e.type === 'bill.reprint')).toMatchObject([{ staffId, detail: { 'bill.id': billId, 'bill.billNo': jobs[0]!.payload.billNo } }]);
  }, 30_000);

  it('after the fiscal settings changed: the reprint carries the document filed at the sale and its QR that document\'s digest', async () => {
    const billId = await settledBoleta();
    const settled = [...t.hub.engine.jobs.values()].find((j): j is Extract<Job, { kind: 'einvoice.send' }> => j.kind === 'einvoice.send' && j.payload.billId === billId)!;
    const original = settled.payload.document!;
    await until('the boleta filed by the outbox', async () => (await t.hub.outbox.store.filed(original)) !== null, 10_000);
    // The owner renames the company after the sale: the reprint's document is computed with the new name.
    await asOwner('fiscal.saveSettings', { ...SAMPLE_FISCAL, legalName: 'OTRO NOMBRE S.A.C.' });
    try {
      const before = fake.received.length;
      const r = await reprint(billId, { id: randomUUID(), day: today(), printerId: 'pr-fake' }, cashier);
      if (!r.body.ok) throw new Error(r.body.code);
      const job = t.hub.engine.jobs.get(r.body.jobId);
      // The job carries the document as filed (the old name), not one computed with today's settings.
      expect(job?.kind === 'print' && job.payload.fiscal).toEqual(original);
      await until('reprinted', () => t.hub.engine.jobs.get(r.body.ok ? r.body.jobId : '')?.status === 'done', 10_000);
      const qr = parseEscPos(Buffer.concat(fake.received.slice(before)), { codePage: 'cp858' }).qrs.find((q) => q.startsWith(`${SAMPLE_FISCAL.ruc}|03|B001|${original.number}|`))!;
      const digest = qr.split('|')[9];
      expect(digest).toBe(digestOfUnsigned(buildFiscalXml(original)));
      expect(digest).not.toBe(digestOfUnsigned(buildFiscalXml({ ...original, issuer: { ...original.issuer, legalName: 'OTRO NOMBRE S.A.C.' } })));
    } finally {
      await asOwner('fiscal.saveSettings', SAMPLE_FISCAL);
    }
  }, 30_000);

  it('after a switch to the reduced regime: the reprint prints the IGV at 18 % the boleta was filed with, not at 10 %', async () => {
    const billId = await settledBoleta();
    const settled = [...t.hub.engine.jobs.values()].find((j): j is Extract<Job, { kind: 'einvoice.send' }> => j.kind === 'einvoice.send' && j.payload.billId === billId)!;
    const original = settled.payload.document!;
    await until('the boleta filed by the outbox', async () => (await t.hub.outbox.store.filed(original)) !== null, 10_000);
    await asOwner('fiscal.saveSettings', { ...SAMPLE_FISCAL, regime: 'reduced' });
    try {
      const before = fake.received.length;
      const r = await reprint(billId, { id: randomUUID(), day: today(), printerId: 'pr-fake' }, cashier);
      if (!r.body.ok) throw new Error(r.body.code);
      const job = t.hub.engine.jobs.get(r.body.jobId);
      // The job's document is the filed one, to the céntimo.
      expect(job?.kind === 'print' && job.payload.fiscal?.totals).toEqual(original.totals);
      await until('reprinted', () => t.hub.engine.jobs.get(r.body.ok ? r.body.jobId : '')?.status === 'done', 10_000);
      const text = parseEscPos(Buffer.concat(fake.received.slice(before)), { codePage: 'cp858' }).texts.join('\n');
      expect(text).toMatch(new RegExp(`IGV 18%[^\n]*${original.totals.igv.replace('.', '\\.')}`));
      expect(text).not.toContain('IGV 10%');
    } finally {
      await asOwner('fiscal.saveSettings', SAMPLE_FISCAL);
    }
  }, 30_000);

  it('without a printer named: exactly one job, on a receipt printer; a resend of the same id prints once', async () => {
    const billId = await settledBoleta();
    const body = { id: randomUUID(), day: today() };
    const [a, b] = [await reprint(billId, body), await reprint(billId, body)];
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(receiptJobs(billId)).toHaveLength(1);
  });

  it('refuses a waiter (no `reprint`): 403, no job', async () => {
    const billId = await settledBoleta();
    expect(await reprint(billId, { day: today() }, waiter)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(receiptJobs(billId)).toHaveLength(0);
  });

  it.each<[string, (id: string) => [string, unknown], number, string | null]>([
    ['a bill id no bill has', () => ['__proto__', { day: today() }], 404, 'BILL_NOT_FOUND'],
    ['another day', (id) => [id, { day: '2020-01-01' }], 404, 'BILL_NOT_FOUND'],
    ['a printer that does not exist', (id) => [id, { day: today(), printerId: 'pr-none' }], 404, 'PRINTER_NOT_FOUND'],
    ['a printer id `__proto__`', (id) => [id, { day: today(), printerId: '__proto__' }], 400, null],
    ['an unknown key', (id) => [id, { day: today(), copies: 50 }], 400, null],
    ['no day', (id) => [id, {}], 400, null],
    ['a command id that is no uuid', (id) => [id, { day: today(), id: 'x' }], 400, null],
  ])('%s: refused, no job', async (_, make, status, code) => {
    const billId = await settledBoleta();
    const [target, body] = make(billId);
    const r = await reprint(target, body);
    expect(r.status).toBe(status);
    if (code) expect(r.body).toMatchObject({ code });
    expect(receiptJobs(billId)).toHaveLength(0);
  });

  it('a request from a foreign page is refused', async () => {
    const billId = await settledBoleta();
    const res = await fetch(new URL(`/api/bills/${billId}/reprint`, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: t.cookie, origin: 'http://evil.example' },
      body: JSON.stringify({ day: today() }),
    });
    expect(res.status).toBe(403);
    expect(receiptJobs(billId)).toHaveLength(0);
  });
});
