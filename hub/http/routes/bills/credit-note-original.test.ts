import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, FiscalDocument } from '#protocol';
import { fiscalKey } from '#protocol';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { until } from '#hub/jobs/printing/test-orders.ts';
import { command, getJson, NO_CUSTOMER, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import type { BillReply } from './schema.ts';

/**
 * Issue 19 item 5 through the real route: a factura sold under the general
 * regime (18 %), the owner switches to the reduced one (10 %), the factura
 * is voided: the route reads the filed original from the document store and
 * the credit note's job carries the original's base and IGV, at 18 %.
 */

let t: TestHub;
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code} ${r.body.message ?? ''}`);
}
/** The document an einvoice.send job carries for this key. */
function jobDocument(key: string): FiscalDocument | undefined {
  const job = [...t.hub.engine.jobs.values()].find((j) => j.kind === 'einvoice.send' && j.payload.key === key);
  return job?.kind === 'einvoice.send' ? job.payload.document : undefined;
}

beforeAll(async () => {
  t = await startTestHub();
  await asOwner('fiscal.saveSettings', { ...SAMPLE_FISCAL, regime: 'general' });
});
afterAll(async () => {
  await t?.close();
});

describe('a void after the regime changed, through POST /api/bills/:id/corrections', () => {
  it('the credit note reverses the factura as filed, at 18 %', async () => {
    const orderId = randomUUID();
    await asOwner('table.save', { id: 't-cn1', areaId: 'area-salon', name: 'CN1', type: 'hall', minConsumptionCents: 0, seats: 4, sort: 900 });
    await asOwner('table.open', { tableId: 't-cn1', orderId, people: 2, customer: NO_CUSTOMER });
    await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }, { lineId: randomUUID(), productId: 'p-102', qty: 1, remark: '' }] });
    await asOwner('order.send', { orderId });
    await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'factura', docId: '20100070970', name: 'SABORES & MÁS E.I.R.L.' }, print: false });
    const read = async () => (await getJson<BillReply>(t.url, `/api/bills/${orderId}?day=${today()}`)).body;
    const bill = (await read()).bill;
    const original = jobDocument(fiscalKey(bill.fiscal!))!;
    expect(original.lines.every((l) => l.igvPercent === '18.00')).toBe(true);
    // Filed as soon as its job was made (the outbox), before any answer from SUNAT.
    await until('the factura filed', async () => (await read()).document !== null);

    await asOwner('fiscal.saveSettings', { ...SAMPLE_FISCAL, regime: 'reduced' });
    const res = await fetch(new URL(`/api/bills/${orderId}/corrections`, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      body: JSON.stringify({ id: randomUUID(), day: today(), request: { kind: 'void', lines: [], reason: 'Error de RUC', method: 'cash' } }),
    });
    expect(res.status).toBe(200);
    const note = t.hub.engine.state.billCorrections[orderId]!.corrections[0]!.creditNote!;
    const doc = jobDocument(fiscalKey(note))!;
    expect(doc.lines.every((l) => l.igvPercent === '18.00')).toBe(true);
    expect([doc.totals.taxable, doc.totals.igv, doc.totals.payable]).toEqual([original.totals.taxable, original.totals.igv, original.totals.payable]);
  });
});
