import { randomUUID } from 'node:crypto';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import type { Command, CommandPayload, CommandReply, CommandType, JobReason } from '#protocol';
import { KDS_MAX_OPEN_TICKETS, MAX_TABLES, memberById } from '#protocol';
import { command, NO_CUSTOMER, postCommand, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * What the permission matrix's samples stand on (permissions.test.ts, command-samples.ts): orders,
 * tables, members, jobs... made ready by the owner on the test hub before a role sends its command.
 * `t` and `n` are live bindings: the test file sets the hub with useHub; every sample reads the counter.
 */

export let t: TestHub;
export let n = 0;
export const next = (): number => ++n;

export function useHub(hub: TestHub): void {
  t = hub;
}

export async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<Extract<CommandReply, { ok: true }>> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code} ${r.body.message ?? ''}`);
  return r.body;
}

/** The close of the open shift with every method counted as expected (a shift sample may find one open or none). */
export function closingCount(): CommandPayload<'shift.close'> {
  const shift = t.hub.engine.state.openShift;
  return { counted: shift ? expectedByMethod(shift) : { cash: 0 }, note: '' };
}
export async function withOpenShift(): Promise<void> {
  if (!t.hub.engine.state.openShift) await asOwner('shift.open', { id: `sh-m${next()}`, floatCents: 10_000 });
}

/** The sample tables made so far, oldest first. */
export const madeTables: string[] = [];

/**
 * The floor holds at most MAX_TABLES (400): the oldest sample tables go (their open orders withdrawn,
 * the table cleared, then removed; best effort) so that more samples never fill it (FLOOR_FULL).
 */
export async function recycleTables(): Promise<void> {
  for (const id of madeTables.splice(0, 100)) {
    const orderId = t.hub.engine.state.tables[id]?.orderId;
    if (orderId) await postCommand(t.url, command('order.withdraw', { orderId, reason: 'Mesa de prueba' }));
    if ((t.hub.engine.state.tables[id]?.status ?? 1) !== 1) await postCommand(t.url, command('table.clear', { tableId: id }));
    await postCommand(t.url, command('table.remove', { tableId: id }));
  }
}

export async function freshTable(): Promise<string> {
  if (Object.keys(t.hub.engine.state.tables).length >= MAX_TABLES - 20) await recycleTables();
  const id = `t-m${next()}`;
  madeTables.push(id);
  await asOwner('table.save', { id, areaId: 'area-salon', name: `M${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 100 + n });
  return id;
}

export async function openOrder(): Promise<{ tableId: string; orderId: string }> {
  const tableId = await freshTable();
  const orderId = randomUUID();
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  return { tableId, orderId };
}

export async function orderWithLine(send: boolean): Promise<{ tableId: string; orderId: string; lineId: string }> {
  const o = await openOrder();
  const lineId = randomUUID();
  await asOwner('order.addLines', { orderId: o.orderId, lines: [{ lineId, productId: 'p-101', qty: 2, remark: '' }] });
  if (send) await asOwner('order.send', { orderId: o.orderId });
  return { ...o, lineId };
}

export async function productWith(over: Partial<CommandPayload<'product.save'>>): Promise<string> {
  const id = `p-m${next()}`;
  await asOwner('product.save', { id, code: `M${n}`, names: { es: `Plato ${n}`, en: '', zh: '' }, categoryId: 'cat-entradas', priceCents: 1000, sort: 500, ...over });
  return id;
}

/** A reservation booked by the owner on a fresh table, `minutes` from now, moved on by `then` (reservations). */
export async function reservationIn(minutes: number, depositCents = 0, ...then: ('reservation.payDeposit' | 'reservation.arrive')[]): Promise<string> {
  const reservationId = randomUUID();
  const at = new Date(Date.now() + minutes * 60_000).toISOString();
  await asOwner('reservation.create', { reservationId, tableId: await freshTable(), people: 2, at, customerName: `Cliente ${next()}`, phone: '', depositCents, remarks: '', reason: '' });
  if (then.includes('reservation.payDeposit')) await withOpenShift();
  for (const type of then) await (type === 'reservation.arrive' ? asOwner(type, { reservationId, orderId: randomUUID() }) : asOwner(type, { reservationId, payment: { method: 'cash', amountCents: depositCents }, print: false }));
  return reservationId;
}

/** A queue number taken by the owner (queue calling). */
export async function queued(): Promise<string> {
  const entryId = randomUUID();
  await asOwner('queue.take', { entryId, people: 2, name: 'Rosa', phone: '' });
  return entryId;
}

/** A parked order (hung up by the owner) with one dish, whose line id may be given. */
export async function parkedOrder(lineId: string = randomUUID()): Promise<string> {
  const parkedId = randomUUID();
  await asOwner('pending.hangUp', { parkedId, label: `P${next()}`, people: 2, lines: [{ lineId, productId: 'p-102', qty: 1, remark: '' }] });
  return parkedId;
}

/** A kitchen ticket the hub showed on a screen of `station` (kitchen display); `bumped`: the owner bumped it. Returns its id. */
export async function kitchenScreenTicket(station: string, bumped = false): Promise<string> {
  const ticketId = `${randomUUID()}.0`;
  const ticket = { station, stationName: 'Cocina', orderId: randomUUID(), orderNo: next(), table: 'M1', waiter: 'Rosa', people: 2, at: new Date().toISOString(), marker: 'new' as const, reason: '', lines: [] };
  const r = await t.hub.engine.submit(hubCommand('kds.show', { ticketId, printerId: 'pr-screen', reprint: false, ticket }, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
  if (!r.ok) throw new Error(r.code);
  if (bumped) await asOwner('kds.bump', { ticketId });
  return ticketId;
}

let screensFull = false;
/** A station with a note of tickets retired from the screens: the screens filled to their bound once, then one more ticket. */
export async function retiredNote(): Promise<string> {
  if (!screensFull) for (let n = 0; n < KDS_MAX_OPEN_TICKETS; n++) await kitchenScreenTicket('st-perm-full');
  screensFull = true;
  await kitchenScreenTicket('st-perm-new');
  const station = Object.keys(t.hub.engine.state.kitchenDisplay.retired ?? {})[0];
  if (station === undefined) throw new Error('no ticket was retired');
  return station;
}

/**
 * The job `cause` makes, started and ended for good with `reason` by the hub, in one tick:
 * decided before the hub's own runner hears of the job. Returns its id.
 */
export async function jobEndedBy(cause: Command, reason: JobReason): Promise<string> {
  const hub = { staffId: null, deviceId: 'hub' };
  const jobId = `${cause.id}.0`;
  const replies = await Promise.all([
    t.hub.engine.submit(cause, hub),
    t.hub.engine.submit(hubCommand('job.start', { jobId }, 'hub', new Date()), hub),
    t.hub.engine.submit(hubCommand('job.finish', { jobId, outcome: { ok: false, canRetry: false, reason } }, 'hub', new Date()), hub),
  ]);
  for (const r of replies) if (!r.ok) throw new Error(r.code);
  return jobId;
}

/** A failed print job (a test page the hub could not print), for a reprint. Returns its id. */
export function failedPrintJob(): Promise<string> {
  return jobEndedBy(hubCommand('printer.testPrint', { printerId: 'virtual' }, 'hub', new Date()), 'PAPER_OUT');
}

/** A bill settled with one céntimo on account (the rest in cash): an open debt. Returns its bill id. */
export async function billOnAccount(): Promise<string> {
  // Money is taken only inside a shift (issue 18 item 5): an earlier sample may have closed it.
  await withOpenShift();
  const { orderId } = await orderWithLine(true);
  const payments = [{ method: 'onAccount', amountCents: 1, person: 'Rosa Quispe', contact: '987654321' }, { method: 'cash', amountCents: 100_000 }] as const;
  await asOwner('order.settle', { orderId, payments: [...payments], document: { kind: 'note', docId: '', name: '' }, print: false });
  return orderId;
}

/** A daily summary SUNAT rejected: a boleta settled today, its summary planned and its job ended SUNAT_REJECTED (as the hub). Returns the summary's id. */
export async function rejectedSummary(): Promise<string> {
  await asOwner('fiscal.saveSettings', SAMPLE_FISCAL);
  const { orderId } = await orderWithLine(true);
  await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'boleta', docId: '', name: '' }, print: false });
  const jobId = await jobEndedBy(hubCommand('einvoice.summarize', { referenceDate: new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10) }, 'hub', new Date()), 'SUNAT_REJECTED');
  const job = t.hub.engine.jobs.get(jobId);
  if (job?.kind !== 'einvoice.summary') throw new Error('no summary job');
  return job.payload.key;
}

/** A delivery phone order (status 2) the owner took; paid at the till when `paid`. Returns its ids. */
export async function takeoutOrder(opts: { method: 0 | 1; paid: boolean }): Promise<{ takeoutId: string; orderId: string }> {
  const takeoutId = randomUUID();
  const orderId = randomUUID();
  const delivery = { address: 'Av. Larco 123', reference: '', receiverName: 'Ana', receiverPhone: '987654321', contactPhone: '', distanceM: 1200, feeCents: 500, changeForCents: 0 };
  await asOwner('takeout.create', {
    takeoutId, orderId, channel: 'phone', type: 'immediate', method: opts.method, customer: { name: 'Ana', phone: '987654321' },
    ...(opts.method === 0 ? { delivery } : {}), invoiceType: 'note', lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], send: true,
  });
  if (opts.paid) {
    await withOpenShift();
    await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
  }
  return { takeoutId, orderId };
}

/** A paid delivery moved along to `step` by the owner. Returns its id. */
export async function deliveryAt(step: 'assigned' | 'pickedUp' | 'delivered'): Promise<string> {
  const { takeoutId } = await takeoutOrder({ method: 0, paid: true });
  await asOwner('takeout.assignRider', { takeoutId, riderId: 'staff-rider' });
  if (step !== 'assigned') await asOwner('takeout.pickedUp', { takeoutId });
  if (step === 'delivered') await asOwner('takeout.delivered', { takeoutId });
  return takeoutId;
}

/** A web order submitted through an intake channel (as the hub records it). Returns its takeout id. */
export async function intakeOrder(): Promise<string> {
  const takeoutId = randomUUID();
  const payload = { takeoutId, orderId: randomUUID(), channelId: 'web-shop', externalId: `ext-${next()}`, customer: { name: 'Luis', phone: '987654321' }, delivery: null, method: 1 as const, type: 'takeaway' as const, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], note: '' };
  const reply = await t.hub.engine.submit(hubCommand('takeout.intake', payload, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
  if (!reply.ok) throw new Error(reply.code);
  return takeoutId;
}

/**
 * A refund (hub/domain/refunds) of a sale note settled now, applied as the refunds route does
 * (internal `refund.apply` with the bill read from the engine), then moved to `status`. Returns its id.
 */
export async function refundAt(status: 1 | 2 | 5): Promise<string> {
  const { orderId } = await orderWithLine(true);
  await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
  const day = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
  const bill = await t.hub.engine.closedBill(orderId, day);
  if (!bill) throw new Error('setup: no bill');
  const refundId = randomUUID();
  const hub = { staffId: null, deviceId: 'hub' };
  const request = { kind: 'full' as const, lines: [], reason: 'Plato frío', contactPhone: '' };
  const applied = await t.hub.engine.submit(hubCommand('refund.apply', { refundId, bill, billDay: day, request }, 'hub', new Date()), hub);
  if (!applied.ok) throw new Error(applied.code);
  if (status >= 2) await asOwner('refund.accept', { refundId });
  if (status === 5) {
    // In cash from the drawer (a transfer would leave the shift's count of transfers below zero for the shift samples' close).
    await withOpenShift();
    const paid = await t.hub.engine.submit(hubCommand('refund.payOut', { refundId, bill, method: 'cash', operationNo: '' }, 'hub', new Date()), hub);
    if (!paid.ok) throw new Error(paid.code);
  }
  return refundId;
}


/** A fresh dine-in coupon of S/ 5, issued as POST /api/coupons/batches records it (the hub's own command). */
export async function couponToApply(): Promise<string> {
  const code = `PERM${next()}X2345678`;
  const batch = { batchId: randomUUID(), prefix: 'PERM', name: 'Permisos', deductionCents: 500, category: 1 as const, expiresOn: '2099-12-31', quantity: 1 };
  const r = await t.hub.engine.submit(hubCommand('coupon.issueBatch', { batch, codes: [code] }, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
  if (!r.ok) throw new Error(`setup coupon.issueBatch refused: ${r.code}`);
  return code;
}

/** A member registered by the owner and what the guest says to attach them: the phone's last 4 digits. */
export async function memberToAttach(): Promise<{ memberId: string; verify: string }> {
  const memberId = await member(0);
  return { memberId, verify: memberById(t.hub.engine.state, memberId)!.phone.slice(-4) };
}

/** A one-coupon dine-in batch recorded as POST /api/coupons/batches records it. Returns its id and code. */
export async function couponBatch(): Promise<{ batchId: string; code: string }> {
  const batchId = randomUUID();
  const code = `PERM${String(next()).padStart(8, '0')}`;
  const batch = { batchId, prefix: 'PERM', name: 'Permisos', deductionCents: 500, category: 1 as const, expiresOn: '2099-12-31', quantity: 1 };
  const reply = await t.hub.engine.submit(hubCommand('coupon.issueBatch', { batch, codes: [code] }, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
  if (!reply.ok) throw new Error(reply.code);
  return { batchId, code };
}

export const couponCode = async (): Promise<string> => (await couponBatch()).code;

/** A new member's personal fields: a phone and a DNI nobody has yet. */
export function memberFields(): Omit<CommandPayload<'member.register'>, 'memberId'> {
  const k = next();
  return { phone: `9${String(k).padStart(8, '0')}`, lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId: String(10_000_000 + k) };
}

/** A member the owner registered, with `cents` recharged (in an open shift) when above 0. Returns the id. */
export async function member(cents: number): Promise<string> {
  const memberId = randomUUID();
  await asOwner('member.register', { memberId, ...memberFields() });
  if (cents > 0) {
    await withOpenShift();
    await asOwner('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: cents, method: 2, print: false });
  }
  return memberId;
}
