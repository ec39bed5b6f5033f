import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill, Command, FiscalDocument, Job, Printer, SaleDocument } from '#protocol';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { command, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import type { ParsedPrintout } from '../../../hardware/index.ts';
import { textColumns } from '../../../hardware/escpos/cjk.ts';
import { FakePrinter } from '../../../hardware/testing/fake-printer.ts';
import { papersOf as papers } from '../../../hardware/testing/papers.ts';
import { readPkcs12 } from '../../einvoice/secrets/pkcs12.ts';
import { makeTestPkcs12 } from '../../einvoice/secrets/test-certificate.ts';
import { signUbl } from '../../einvoice/sign/xmldsig.ts';
import { buildFiscalXml } from '../../einvoice/ubl/index.ts';
import { demoPick, fakeNetworkPrinter, openOrder, until } from './test-orders.ts';

/**
 * A boleta and a factura settled through a whole hub with fiscal settings,
 * printed on two FakePrinters (TCP on 127.0.0.1): an 80 mm one in Spanish
 * (cp858) and a 58 mm one in Chinese (GB18030). The bytes are read back: the
 * QR payload field by field, its digest equal to the DigestValue of the XML
 * signed with a certificate the printer never saw, the legal amounts and the
 * amount in words, and on 58 mm paper every line within 32 columns with each
 * amount whole on one line. A reprint carries the same QR. A void of the
 * factura prints its credit note with a QR of type 07.
 */

const DISH_ES = 'Arroz chaufa de mariscos con ají';
const DISH_ZH = '海鲜炒饭';
const PRICE = 11_800;
const key = readPkcs12(makeTestPkcs12('pw').p12, 'pw', new Date());

let t: TestHub;
/** Every bill the hub settled, by fiscal key (what a void needs: the closed bill, as the bills route reads it from the archive). */
const bills = new Map<string, Bill>();
const fakes: { es: FakePrinter | null; zh: FakePrinter | null } = { es: null, zh: null };

async function send(cmd: Command): Promise<void> {
  const reply = await postCommand(t.url, cmd);
  expect(reply.body, cmd.type).toMatchObject({ ok: true });
}


/** The papers of one fiscal document: those whose QR starts with its RUC, type, series and number. */
function papersOf(fake: FakePrinter, doc: FiscalDocument): ParsedPrintout[] {
  const prefix = `${doc.issuer.ruc}|${doc.type}|${doc.series}|${doc.number}|`;
  return papers(fake).filter((p) => p.qrs.some((q) => q.startsWith(prefix)));
}

/** Settles a fresh order of one dish with this document, asking for the receipt; the fiscal document its receipt jobs carry. */
async function settle(document: SaleDocument, tableIndex: number): Promise<FiscalDocument> {
  const { tableId } = demoPick(t.hub.engine.state, tableIndex);
  const { orderId, open } = openOrder(tableId);
  await send(open);
  await send(command('order.addLines', { orderId, lines: [{ lineId: crypto.randomUUID(), productId: 'p-fiscal-1', qty: 1, remark: '' }] }));
  await send(command('order.send', { orderId }));
  await send(command('order.settle', { orderId, payments: [{ method: 'visa', amountCents: PRICE }], document, print: true }));
  const jobs = [...t.hub.engine.jobs.values()].filter((j): j is Extract<Job, { kind: 'print' }> => j.kind === 'print' && j.payload.orderId === orderId && j.payload.purpose === 'receipt');
  expect(jobs.map((j) => j.payload.printerId).sort()).toEqual(['pr-es', 'pr-zh', 'virtual']);
  const fiscal = jobs[0]?.payload.fiscal;
  if (!fiscal) throw new Error('the receipt job carries no fiscal document');
  for (const job of jobs) expect(job.payload.fiscal).toEqual(fiscal);
  await until('both receipts printed', () => papersOf(fakes.es!, fiscal).length === 1 && papersOf(fakes.zh!, fiscal).length === 1);
  return fiscal;
}

beforeAll(async () => {
  t = await startTestHub({ printerStatusEveryMs: 100, printerTimeoutMs: 1_000 });
  fakes.es = await FakePrinter.start();
  fakes.zh = await FakePrinter.start();
  const state = t.hub.engine.state;
  const dish = state.products[demoPick(state).productId]!;
  const base: Partial<Printer> = { stations: [], receipts: true, prebills: false, drawer: false };
  await send(command('printer.save', { printer: fakeNetworkPrinter(state, fakes.es.port, { ...base, id: 'pr-es', name: 'Caja ES', paper: 80, codePage: 'cp858', language: 'es' }) }));
  await send(command('printer.save', { printer: fakeNetworkPrinter(state, fakes.zh.port, { ...base, id: 'pr-zh', name: 'Caja ZH', paper: 58, codePage: 'cp858', cjk: 'gb18030', language: 'zh' }) }));
  await send(command('product.save', { id: 'p-fiscal-1', code: 'F901', names: { es: DISH_ES, en: '', zh: DISH_ZH }, categoryId: dish.categoryId, priceCents: PRICE, sort: 901, station: dish.station }));
  await send(command('fiscal.saveSettings', SAMPLE_FISCAL));
  t.hub.engine.onChange((change) => {
    for (const e of change.events) if (e.type === 'order.settled' && e.bill.fiscal) bills.set(`${e.bill.fiscal.series}-${e.bill.fiscal.number}`, e.bill);
  });
}, 30_000);

afterAll(async () => {
  await t?.close();
  for (const f of Object.values(fakes)) await f?.close();
});

/** The paper's lines, trimmed, for "contains" checks. */
const lines = (p: ParsedPrintout) => p.texts.map((l) => l.trim());

describe('a boleta, a factura and a credit note on the paper', () => {
  it('boleta with a DNI: the QR field by field, its digest the signed XML\'s DigestValue, legal amounts and words, in Spanish and Chinese', async () => {
    const doc = await settle({ kind: 'boleta', docId: '45678912', name: 'Begoña Ñáñez' }, 0);
    const digest = signUbl(buildFiscalXml(doc), key).digestValue;
    const expected = ['20131312955', '03', doc.series, String(doc.number), '18.00', '118.00', doc.issueDate, '1', '45678912', digest, ''];
    for (const fake of [fakes.es!, fakes.zh!]) {
      const [paper] = papersOf(fake, doc);
      expect(paper!.qrs).toHaveLength(1);
      expect(paper!.qrs[0]!.split('|')).toEqual(expected);
      expect(paper!.cuts).toBe(1);
      // Joined by spaces: on 58 mm the words wrap between words.
      const text = lines(paper!).join(' ');
      for (const part of [`BOLETA DE VENTA ELECTRÓNICA`, `${doc.series}-${doc.number}`, 'RUC 20131312955', 'DNI: 45678912', 'SON: CIENTO DIECIOCHO CON 00/100 SOLES', digest]) expect(text).toContain(part);
    }
    const es = lines(papersOf(fakes.es!, doc)[0]!);
    expect(es).toEqual(expect.arrayContaining([expect.stringMatching(/^OP\. GRAVADA +S\/ 100\.00$/), expect.stringMatching(/^IGV 18% +S\/ 18\.00$/), expect.stringMatching(/^IMPORTE TOTAL +S\/ 118\.00$/), `Hash: ${digest}`]));
    expect(es.join(' ')).toContain(`1 × ${DISH_ES}`);
    const zh = lines(papersOf(fakes.zh!, doc)[0]!);
    expect(zh.join('\n')).toContain(DISH_ZH);
    expect(zh).toContain('谢谢光临！');
    expect(zh).toContain('电子销售小票 (BOLETA)');
  }, 30_000);

  it('factura: RUC and legal name of the buyer, CONTADO, the QR with buyer type 6; a reprint carries the same QR', async () => {
    const doc = await settle({ kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' }, 1);
    const digest = signUbl(buildFiscalXml(doc), key).digestValue;
    const [paper] = papersOf(fakes.es!, doc);
    expect(paper!.qrs[0]!.split('|')).toEqual(['20131312955', '01', doc.series, String(doc.number), '18.00', '118.00', doc.issueDate, '6', '20100070970', digest, '']);
    const text = lines(paper!).join('\n');
    for (const part of ['FACTURA ELECTRÓNICA', 'RUC: 20100070970', 'RAZÓN SOCIAL: Supermercados Peruanos S.A.', 'FORMA DE PAGO: CONTADO', 'Representación impresa de la FACTURA ELECTRÓNICA']) expect(text).toContain(part);

    const original = [...t.hub.engine.jobs.values()].find((j) => j.kind === 'print' && j.payload.printerId === 'pr-es' && j.payload.fiscal?.number === doc.number && j.payload.fiscal.series === doc.series);
    await until('the receipt job is done', () => t.hub.engine.jobs.get(original!.id)?.status === 'done');
    await send(command('print.reprint', { jobId: original!.id, printerId: 'pr-es' }));
    await until('reprinted', () => papersOf(fakes.es!, doc).length === 2);
    const again = papersOf(fakes.es!, doc)[1]!;
    expect(again.qrs).toEqual(paper!.qrs);
    expect(lines(again)[0]).toBe('REIMPRESIÓN');
  }, 30_000);

  it('58 mm paper: every line within 32 columns, every amount and the RUC whole on one line', async () => {
    const doc = await settle({ kind: 'boleta', docId: '', name: '' }, 2);
    const paper = papersOf(fakes.zh!, doc)[0]!;
    // What the guest holds, for whoever reads the test output.
    console.log(`58 mm boleta ${doc.series}-${doc.number}:\n${paper.texts.map((l) => `|${l}`).join('\n')}\n[QR ${paper.qrs[0]}]`);
    for (const line of paper.texts) expect(textColumns(line), line).toBeLessThanOrEqual(32);
    const text = lines(paper);
    for (const amount of ['S/ 100.00', 'S/ 18.00', 'S/ 118.00']) expect(text.some((l) => l.endsWith(amount)), amount).toBe(true);
    expect(text.some((l) => l.includes('20131312955'))).toBe(true);
    expect(text).toContain('CLIENTE: CLIENTES VARIOS');
    // The words wrap between words, never inside one.
    const words = 'SON: CIENTO DIECIOCHO CON 00/100 SOLES';
    expect(text.join(' ')).toContain(words);
    expect(paper.qrs[0]!.split('|').slice(7, 9)).toEqual(['0', '-']);
  }, 30_000);

  it('a void of the factura prints its credit note: title, what it modifies, the QR of type 07 with the signed note\'s digest', async () => {
    const factura = await settle({ kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' }, 3);
    const bill = bills.get(`${factura.series}-${factura.number}`)!;
    const request = { kind: 'void' as const, lines: [], reason: 'cobro duplicado', method: 'visa' as const };
    const reply = await t.hub.engine.submit(hubCommand('bill.correct', { bill, request }, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
    expect(reply).toMatchObject({ ok: true });
    const slip = [...t.hub.engine.jobs.values()].find((j): j is Extract<Job, { kind: 'print' }> => j.kind === 'print' && j.payload.printerId === 'pr-es' && j.payload.fiscal?.type === '07');
    const note = slip!.payload.fiscal!;
    expect(note.reference).toMatchObject({ type: '01', series: factura.series, number: factura.number, reasonCode: '01' });
    await until('the note printed on both', () => papersOf(fakes.es!, note).length === 1 && papersOf(fakes.zh!, note).length === 1);
    const digest = signUbl(buildFiscalXml(note), key).digestValue;
    for (const fake of [fakes.es!, fakes.zh!]) {
      const [paper] = papersOf(fake, note);
      expect(paper!.qrs[0]!.split('|')).toEqual(['20131312955', '07', note.series, String(note.number), note.totals.igv, '118.00', note.issueDate, '6', '20100070970', digest, '']);
      const text = lines(paper!).join(' ');
      for (const part of ['NOTA DE CRÉDITO ELECTRÓNICA', `${note.series}-${note.number}`, `FACTURA ELECTRÓNICA ${factura.series}-${factura.number}`, 'cobro duplicado', 'IMPORTE TOTAL', digest]) expect(text).toContain(part);
    }
  }, 30_000);
});
