import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, FiscalDocument } from '#protocol';
import { fiscalKey } from '#protocol';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { orderTotals } from '#hub/domain/money.ts';
import { command, NO_CUSTOMER, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Found by the whole-day property test (hub/testing/whole-day): a void sent
 * the instant after the sale, while the outbox was still filing the boleta,
 * found nothing on file and made its credit note from today's settings
 * (with a 5 % order discount, its IGV a céntimo off the original's; after a
 * regime switch, at the wrong rate). The route now waits for a filing under
 * way (DocumentStore.settled): each note reverses its boleta exactly, and at
 * 18 % although the regime switched between the sale and the void.
 */

let t: TestHub;
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code} ${r.body.message ?? ''}`);
}
function jobDocument(key: string): FiscalDocument | undefined {
  const job = [...t.hub.engine.jobs.values()].find((j) => j.kind === 'einvoice.send' && j.payload.key === key);
  return job?.kind === 'einvoice.send' ? job.payload.document : undefined;
}

beforeAll(async () => {
  t = await startTestHub();
  await asOwner('fiscal.saveSettings', { ...SAMPLE_FISCAL, regime: 'general' });
  await asOwner('table.save', { id: 't-vr1', areaId: 'area-salon', name: 'VR1', type: 'hall', minConsumptionCents: 0, seats: 4, sort: 910 });
});
afterAll(async () => {
  await t?.close();
});

describe('a void sent the instant after the sale', () => {
  it('reverses the boleta as filed, ten times over, also after a regime switch in between', async () => {
    for (let n = 0; n < 10; n++) {
      const orderId = randomUUID();
      await asOwner('table.open', { tableId: 't-vr1', orderId, people: 2, customer: NO_CUSTOMER });
      await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-105', qty: 3, remark: '' }] });
      await asOwner('order.send', { orderId });
      await asOwner('order.setDiscount', { orderId, discount: { kind: 'percent', percent: 5 } });
      const due = orderTotals(t.hub.engine.state.orders[orderId]!, 0).dueCents;
      await asOwner('order.settle', { orderId, payments: [{ method: 'visa', amountCents: due }], document: { kind: 'boleta', docId: '', name: '' }, print: false });
      await asOwner('table.clear', { tableId: 't-vr1' });
      const switched = n % 2 === 1;
      if (switched) await asOwner('fiscal.saveSettings', { ...SAMPLE_FISCAL, regime: 'reduced' });
      const res = await fetch(new URL(`/api/bills/${orderId}/corrections`, t.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: t.cookie },
        body: JSON.stringify({ id: randomUUID(), day: today(), request: { kind: 'void', lines: [], reason: 'Error', method: 'visa' } }),
      });
      expect(res.status).toBe(200);
      if (switched) await asOwner('fiscal.saveSettings', { ...SAMPLE_FISCAL, regime: 'general' });
      const correction = t.hub.engine.state.billCorrections[orderId]!.corrections[0]!;
      const note = jobDocument(fiscalKey(correction.creditNote!))!;
      const original = jobDocument(fiscalKey(correction.creditNote!.of))!;
      expect(note.lines.every((l) => l.igvPercent === '18.00'), `void ${n}`).toBe(true);
      expect([note.totals.taxable, note.totals.igv, note.totals.payable], `void ${n}`).toEqual([original.totals.taxable, original.totals.igv, original.totals.payable]);
    }
  }, 30_000);
});
