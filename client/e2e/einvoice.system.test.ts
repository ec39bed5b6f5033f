import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { makeTestPkcs12 } from '#hub/einvoice/secrets/test-certificate.ts';
import { FakeSunat } from '#hub/einvoice/testing/fake-sunat.ts';
import type { DocumentMeta } from '#hub/einvoice/outbox/types.ts';
import { fakeNetworkPrinter } from '#hub/jobs/printing/test-orders.ts';
import { signedIn } from '#hub/testing/test-hub.ts';
import type { BillFiscal, CreditNoteRef, FiscalDocument, Job } from '#protocol';
import { fiscalKey } from '#protocol';
import { parseEscPos } from '../../hardware/index.ts';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * Issue 11 end to end, SUNAT down at first (the fake's port closed): a
 * cashier in Chromium settles a boleta with a DNI and a factura with a RUC;
 * the receipt printer (a TCP printer on 127.0.0.1) gets paper whose QR
 * carries each document's fields and the digest of the XML the outbox
 * signed; the owner's banner says documents wait. SUNAT comes back: the
 * factura is accepted, the owner sends the day's summary from the documents
 * page and the boleta is accepted with it; the owner voids the factura from
 * the documents page and its credit note is issued, printed and accepted.
 * Screenshots of the documents page and the void dialog at 360x740 in es.
 */

const cashier = DEMO_STAFF[1]!;
const owner = DEMO_STAFF.find((s) => s.roleId === 'owner')!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-einvoice-', screenshots: true });
const SOL = { user: 'MODDATOS', password: 'moddatos' };
const fake = new FakeSunat({ password: SOL.password });
const contexts: BrowserContext[] = [];
const today = limaDateTime(new Date().toISOString()).date;
let printer: FakePrinter;
/** The numbers the hub gave each settled order, and the credit notes of corrections. */
const numbered = new Map<string, BillFiscal>();
const notes: CreditNoteRef[] = [];
const facts: { boleta: FiscalDocument | null; factura: FiscalDocument | null } = { boleta: null, factura: null };

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The owner's call to a hub route (the settings the e-invoicing page would save). */
async function put(cookie: string, apiPath: string, body: unknown): Promise<void> {
  const res = await fetch(new URL(apiPath, env.hub.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  expect(res.status, `${apiPath}: ${await res.text()}`).toBe(200);
}

/** The QR payloads on the paper the printer received, in order. */
function printedQrs(): string[] {
  return printer.received.flatMap((bytes) => parseEscPos(bytes, { codePage: 'cp858' }).qrs);
}

/** The document an e-invoice job carries for this key (the hub has it; devices only see the key). */
function documentOf(key: string): FiscalDocument | null {
  const job = [...env.hub.engine.jobs.values()].find((j): j is Extract<Job, { kind: 'einvoice.send' }> => j.kind === 'einvoice.send' && j.payload.key === key);
  return job?.payload.document ?? null;
}

const metaOf = (doc: FiscalDocument): Promise<DocumentMeta | null> => env.hub.outbox.store.meta(doc.issueDate, fiscalKey(doc));

async function newPage(device: typeof PHONE | typeof TILL, who: typeof owner): Promise<Page> {
  const context = await env.browser.newContext(device);
  await context.addInitScript(() => localStorage.setItem('language', 'es_US'));
  contexts.push(context);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, who.code, who.pin);
  return page;
}

/** The cashier's settle screen for an order, paid S/ 200 in cash, with this document kind chosen. */
async function openSettle(page: Page, orderId: string, kind: 'boleta' | 'factura'): Promise<void> {
  await page.goto(`${env.hub.url}?orderId=${orderId}#/pages/dining_table/payment`);
  await page.getByTestId('method-cash').click();
  await page.getByTestId('pay-amount').fill('200');
  await page.getByTestId('pay-add').click();
  await page.getByTestId(`doc-${kind}`).click();
}

/** Settle and print, confirmed, until the page says done. */
async function confirmSettle(page: Page): Promise<void> {
  await page.getByTestId('settle-print').click();
  await page.getByTestId('settle-confirm').click();
  await page.getByTestId('pay-done').waitFor();
}

/** The cashier's payment screen: cash, the document with its buyer, settle and print. */
async function settleOnTill(page: Page, orderId: string, kind: 'boleta' | 'factura', docId: string, name: string): Promise<void> {
  await openSettle(page, orderId, kind);
  await page.getByTestId('doc-id').fill(docId);
  await page.getByTestId('doc-name').fill(name);
  await confirmSettle(page);
}

beforeAll(async () => {
  // SUNAT down from the start: the fake gets a port, then closes it (connections refused), and reopens it later.
  await fake.start();
  const sunatUrl = fake.url;
  await fake.goDown();
  printer = await FakePrinter.start();
  await asHub(env, 'printer.save', {
    printer: fakeNetworkPrinter(env.hub.engine.state, printer.port, { id: 'pr-caja', name: 'Caja', stations: [], receipts: true, prebills: false, drawer: false, paper: 80, codePage: 'cp858', language: 'es' }),
  });
  await asHub(env, 'fiscal.saveSettings', SAMPLE_FISCAL);
  const cookie = await signedIn(env.hub.url, owner.code, owner.pin, 'e2e-owner-setup');
  await put(cookie, '/api/einvoice/certificate', { p12Base64: Buffer.from(makeTestPkcs12('clave').p12).toString('base64'), password: 'clave' });
  await put(cookie, '/api/einvoice/sol', { endpoint: { kind: 'ose', url: sunatUrl }, ...SOL });
  env.hub.engine.onChange((change) => {
    for (const e of change.events) {
      if (e.type === 'order.settled' && e.bill.fiscal) numbered.set(e.bill.id, e.bill.fiscal);
      if (e.type === 'bill.corrected' && e.correction.creditNote) notes.push(e.correction.creditNote);
    }
  });
}, 60_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await fake.stop();
  await printer?.close();
});

describe('e-invoices from the till to SUNAT', () => {
  it('SUNAT down: the cashier settles a boleta with a DNI and a factura with a RUC; the paper\'s QR carries each document and its digest', async () => {
    const page = await newPage(TILL, cashier);
    await page.getByTestId('table-S1').waitFor();
    const boletaOrder = await servedOrder(env, 't-s1');
    const facturaOrder = await servedOrder(env, 't-s2');
    await settleOnTill(page, boletaOrder, 'boleta', '45678912', 'Begoña Ñáñez');
    await settleOnTill(page, facturaOrder, 'factura', '20100070970', 'Supermercados Peruanos S.A.');
    await page.screenshot({ path: path.join(SHOTS, 'einvoice-settled-1280-es.png') });

    const boleta = documentOf(`03-${numbered.get(boletaOrder)!.series}-${numbered.get(boletaOrder)!.number}`)!;
    const factura = documentOf(`01-${numbered.get(facturaOrder)!.series}-${numbered.get(facturaOrder)!.number}`)!;
    facts.boleta = boleta;
    facts.factura = factura;
    expect(boleta.customer).toMatchObject({ idType: '1', idNumber: '45678912' });
    expect(factura.customer).toMatchObject({ idType: '6', idNumber: '20100070970' });
    // The outbox signs both at once (the certificate is there); only sending waits for SUNAT.
    await until('both signed', async () => (await metaOf(boleta))?.digest !== '' && (await metaOf(factura))?.digest !== '');
    await until('the factura found SUNAT down', () => [...env.hub.engine.jobs.values()].some((j) => j.kind === 'einvoice.send' && j.reason === 'SUNAT_UNREACHABLE'));
    expect((await metaOf(boleta))?.status).toBe('awaitingSummary');
    expect((await metaOf(factura))?.status).toBe('signed');

    for (const doc of [boleta, factura]) {
      const prefix = `${doc.issuer.ruc}|${doc.type}|${doc.series}|${doc.number}|`;
      await until(`the receipt of ${doc.series}-${doc.number} printed`, () => printedQrs().some((q) => q.startsWith(prefix)));
      const qr = printedQrs().find((q) => q.startsWith(prefix))!;
      const digest = (await metaOf(doc))!.digest;
      expect(qr.split('|')).toEqual([doc.issuer.ruc, doc.type, doc.series, String(doc.number), doc.totals.igv, doc.totals.payable, doc.issueDate, doc.customer.idType, doc.customer.idNumber, digest, '']);
    }
  }, 90_000);

  it('the owner\'s banner says documents wait while SUNAT does not answer', async () => {
    const page = await newPage(PHONE, owner);
    const alert = page.getByTestId('outbox-alert-unreachable');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('SUNAT no responde; comprobantes por enviar: 2');
    await page.screenshot({ path: path.join(SHOTS, 'einvoice-banner-360-es.png') });
  }, 30_000);

  it('SUNAT back: the factura is accepted, the day\'s summary sent from the documents page carries the boleta; both shown accepted', async () => {
    const boleta = facts.boleta!;
    const factura = facts.factura!;
    await fake.start();
    // The gate's probe would find SUNAT within its next wait (1 min); asked now so the test need not wait.
    await env.hub.outbox.gate.checkNow();
    await until('the factura accepted', async () => (await metaOf(factura))?.status === 'accepted', 20_000);
    expect(fake.received.filter((r) => r.operation === 'sendBill').map((r) => r.fileName)).toEqual([`${factura.issuer.ruc}-01-${factura.series}-${factura.number}.zip`]);

    const page = await newPage(PHONE, owner);
    await page.goto(`${env.hub.url}#/pages/fiscal/documents`);
    await page.getByTestId('docs-list').waitFor();
    const pending = page.getByTestId(`docs-pending-${today}`);
    expect(await pending.textContent()).toContain('por enviar: 1');
    await pending.getByTestId('docs-send-summary').click();
    await until('the boleta accepted with its summary', async () => (await metaOf(boleta))?.status === 'accepted', 20_000);
    const summaryId = (await metaOf(boleta))!.summaryId!;
    expect(summaryId).toMatch(/^RC-\d{8}-1$/);
    const sentSummary = fake.received.find((r) => r.operation === 'sendSummary')!;
    expect(Buffer.from(sentSummary.files[0]!.data).toString('utf8')).toContain(`<cbc:ID>${boleta.series}-${boleta.number}</cbc:ID>`);

    for (const doc of [boleta, factura]) await expect.poll(() => page.getByTestId(`doc-${fiscalKey(doc)}`).getByTestId('doc-status').textContent(), { timeout: 10_000 }).toBe('Aceptado');
    await expect.poll(() => page.getByTestId('outbox-banner').count(), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'einvoice-documents-360-es.png') });
  }, 60_000);

  it('the owner voids the factura from the documents page: its credit note is issued, printed and accepted', async () => {
    const factura = facts.factura!;
    const page = await newPage(PHONE, owner);
    await page.goto(`${env.hub.url}#/pages/fiscal/documents`);
    const row = page.getByTestId(`doc-${fiscalKey(factura)}`);
    await row.getByTestId('doc-correct').click();
    await page.getByTestId('correction-dialog').waitFor();
    expect(await page.getByTestId('correction-amount').textContent()).toContain(factura.totals.payable);
    await page.getByTestId('correction-reason').fill('Cobro duplicado');
    await page.screenshot({ path: path.join(SHOTS, 'einvoice-void-dialog-360-es.png') });
    await page.getByTestId('correction-confirm').click();

    await until('the credit note issued', () => notes.length === 1);
    const note = documentOf(`07-${notes[0]!.series}-${notes[0]!.number}`)!;
    expect(note.reference).toMatchObject({ type: '01', series: factura.series, number: factura.number, reasonCode: '01' });
    expect(note.totals.payable).toBe(factura.totals.payable);
    await until('the credit note accepted', async () => (await metaOf(note))?.status === 'accepted', 20_000);
    expect(fake.received.filter((r) => r.operation === 'sendBill').map((r) => r.fileName)).toContain(`${note.issuer.ruc}-07-${note.series}-${note.number}.zip`);
    const prefix = `${note.issuer.ruc}|07|${note.series}|${note.number}|`;
    await until('the credit note slip printed', () => printedQrs().some((q) => q.startsWith(prefix)));
    expect(printedQrs().find((q) => q.startsWith(prefix))!.split('|')[9]).toBe((await metaOf(note))!.digest);

    const noteRow = page.getByTestId(`doc-${fiscalKey(note)}`);
    await expect.poll(() => noteRow.getByTestId('doc-status').textContent(), { timeout: 10_000 }).toBe('Aceptado');
    await noteRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'einvoice-credit-note-360-es.png') });
  }, 60_000);

  it('a returning company: its RUC typed, the legal name fills itself; a tourist gets a boleta with a passport', async () => {
    const till = await newPage(TILL, cashier);
    await till.getByTestId('table-S1').waitFor();
    const facturaOrder = await servedOrder(env, 't-s3');
    const boletaOrder = await servedOrder(env, 't-s4');

    await openSettle(till, facturaOrder, 'factura');
    await till.getByTestId('doc-id').fill('20100070970');
    await expect.poll(() => till.getByTestId('doc-name').inputValue(), { timeout: 10_000 }).toBe('Supermercados Peruanos S.A.');
    await till.getByTestId('doc-name-known').waitFor();
    await till.screenshot({ path: path.join(SHOTS, 'einvoice-ruc-known-1280-es.png') });
    await confirmSettle(till);

    // On a phone: the passport chip, the number upper-cased as typed.
    const phone = await newPage(PHONE, cashier);
    await openSettle(phone, boletaOrder, 'boleta');
    await phone.getByTestId('doc-id-type-7').click();
    await phone.getByTestId('doc-id').fill('x1234567');
    expect(await phone.getByTestId('doc-id').inputValue()).toBe('X1234567');
    await phone.getByTestId('doc-name').fill('John Smith');
    await phone.screenshot({ path: path.join(SHOTS, 'einvoice-passport-360-es.png'), fullPage: true });
    await confirmSettle(phone);

    const factura = documentOf(`01-${numbered.get(facturaOrder)!.series}-${numbered.get(facturaOrder)!.number}`)!;
    const boleta = documentOf(`03-${numbered.get(boletaOrder)!.series}-${numbered.get(boletaOrder)!.number}`)!;
    expect(factura.customer).toEqual({ idType: '6', idNumber: '20100070970', name: 'Supermercados Peruanos S.A.' });
    expect(boleta.customer).toEqual({ idType: '7', idNumber: 'X1234567', name: 'John Smith' });
    // The receipt's QR names the passport as SUNAT's catalogue 06 does (type 7).
    const prefix = `${boleta.issuer.ruc}|03|${boleta.series}|${boleta.number}|`;
    await until('the passport boleta printed', () => printedQrs().some((q) => q.startsWith(prefix)));
    expect(printedQrs().find((q) => q.startsWith(prefix))!.split('|').slice(7, 9)).toEqual(['7', 'X1234567']);
  }, 90_000);
});
