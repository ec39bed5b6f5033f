import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { jobsSettled, makeFailedJob } from '#hub/jobs/test-helpers.ts';
import { hubOwnRecords } from '#hub/testing/fuzz-envelopes.ts';
import type { Command, CommandPayload, CommandReply, CommandType, JobReason, RolePresetId } from '#protocol';
import { ALIASES, COMMAND_ALIAS, COMMAND_TYPES, INTERNAL, KDS_MAX_OPEN_TICKETS, MAX_TABLES, memberById, ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { command, getState, NO_CUSTOMER, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * The role × command matrix through the real hub: for every command type and
 * every preset role, a staff member of that role sends a command that would
 * succeed; it must be accepted exactly when the role holds the command's
 * alias (COMMAND_ALIAS), and refused with FORBIDDEN (nothing recorded) otherwise.
 */

let t: TestHub;
let n = 0;
const next = () => ++n;
const cookies = {} as Record<RolePresetId, string>;

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<Extract<CommandReply, { ok: true }>> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code} ${r.body.message ?? ''}`);
  return r.body;
}

/** The close of the open shift with every method counted as expected (a shift sample may find one open or none). */
function closingCount(): CommandPayload<'shift.close'> {
  const shift = t.hub.engine.state.openShift;
  return { counted: shift ? expectedByMethod(shift) : { cash: 0 }, note: '' };
}
async function withOpenShift(): Promise<void> {
  if (!t.hub.engine.state.openShift) await asOwner('shift.open', { id: `sh-m${next()}`, floatCents: 10_000 });
}

/** The sample tables made so far, oldest first. */
const madeTables: string[] = [];

/**
 * The floor holds at most MAX_TABLES (400): the oldest sample tables go (their open orders withdrawn,
 * the table cleared, then removed; best effort) so that more samples never fill it (FLOOR_FULL).
 */
async function recycleTables(): Promise<void> {
  for (const id of madeTables.splice(0, 100)) {
    const orderId = t.hub.engine.state.tables[id]?.orderId;
    if (orderId) await postCommand(t.url, command('order.withdraw', { orderId, reason: 'Mesa de prueba' }));
    if ((t.hub.engine.state.tables[id]?.status ?? 1) !== 1) await postCommand(t.url, command('table.clear', { tableId: id }));
    await postCommand(t.url, command('table.remove', { tableId: id }));
  }
}

async function freshTable(): Promise<string> {
  if (Object.keys(t.hub.engine.state.tables).length >= MAX_TABLES - 20) await recycleTables();
  const id = `t-m${next()}`;
  madeTables.push(id);
  await asOwner('table.save', { id, areaId: 'area-salon', name: `M${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 100 + n });
  return id;
}

async function openOrder(): Promise<{ tableId: string; orderId: string }> {
  const tableId = await freshTable();
  const orderId = randomUUID();
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  return { tableId, orderId };
}

async function orderWithLine(send: boolean): Promise<{ tableId: string; orderId: string; lineId: string }> {
  const o = await openOrder();
  const lineId = randomUUID();
  await asOwner('order.addLines', { orderId: o.orderId, lines: [{ lineId, productId: 'p-101', qty: 2, remark: '' }] });
  if (send) await asOwner('order.send', { orderId: o.orderId });
  return { ...o, lineId };
}

async function productWith(over: Partial<CommandPayload<'product.save'>>): Promise<string> {
  const id = `p-m${next()}`;
  await asOwner('product.save', { id, code: `M${n}`, names: { es: `Plato ${n}`, en: '', zh: '' }, categoryId: 'cat-entradas', priceCents: 1000, sort: 500, ...over });
  return id;
}

/** A reservation booked by the owner on a fresh table, `minutes` from now, moved on by `then` (reservations). */
async function reservationIn(minutes: number, depositCents = 0, ...then: ('reservation.payDeposit' | 'reservation.arrive')[]): Promise<string> {
  const reservationId = randomUUID();
  const at = new Date(Date.now() + minutes * 60_000).toISOString();
  await asOwner('reservation.create', { reservationId, tableId: await freshTable(), people: 2, at, customerName: `Cliente ${next()}`, phone: '', depositCents, remarks: '', reason: '' });
  if (then.includes('reservation.payDeposit')) await withOpenShift();
  for (const type of then) await (type === 'reservation.arrive' ? asOwner(type, { reservationId, orderId: randomUUID() }) : asOwner(type, { reservationId, payment: { method: 'cash', amountCents: depositCents }, print: false }));
  return reservationId;
}

/** A queue number taken by the owner (queue calling). */
async function queued(): Promise<string> {
  const entryId = randomUUID();
  await asOwner('queue.take', { entryId, people: 2, name: 'Rosa', phone: '' });
  return entryId;
}

/** A parked order (hung up by the owner) with one dish, whose line id may be given. */
async function parkedOrder(lineId: string = randomUUID()): Promise<string> {
  const parkedId = randomUUID();
  await asOwner('pending.hangUp', { parkedId, label: `P${next()}`, people: 2, lines: [{ lineId, productId: 'p-102', qty: 1, remark: '' }] });
  return parkedId;
}

/** A kitchen ticket the hub showed on a screen of `station` (kitchen display); `bumped`: the owner bumped it. Returns its id. */
async function kitchenScreenTicket(station: string, bumped = false): Promise<string> {
  const ticketId = `${randomUUID()}.0`;
  const ticket = { station, stationName: 'Cocina', orderId: randomUUID(), orderNo: next(), table: 'M1', waiter: 'Rosa', people: 2, at: new Date().toISOString(), marker: 'new' as const, reason: '', lines: [] };
  const r = await t.hub.engine.submit(hubCommand('kds.show', { ticketId, printerId: 'pr-screen', reprint: false, ticket }, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
  if (!r.ok) throw new Error(r.code);
  if (bumped) await asOwner('kds.bump', { ticketId });
  return ticketId;
}

let screensFull = false;
/** A station with a note of tickets retired from the screens: the screens filled to their bound once, then one more ticket. */
async function retiredNote(): Promise<string> {
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
async function jobEndedBy(cause: Command, reason: JobReason): Promise<string> {
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
function failedPrintJob(): Promise<string> {
  return jobEndedBy(hubCommand('printer.testPrint', { printerId: 'virtual' }, 'hub', new Date()), 'PAPER_OUT');
}

/** A bill settled with one céntimo on account (the rest in cash): an open debt. Returns its bill id. */
async function billOnAccount(): Promise<string> {
  // Money is taken only inside a shift (issue 18 item 5): an earlier sample may have closed it.
  await withOpenShift();
  const { orderId } = await orderWithLine(true);
  const payments = [{ method: 'onAccount', amountCents: 1, person: 'Rosa Quispe', contact: '987654321' }, { method: 'cash', amountCents: 100_000 }] as const;
  await asOwner('order.settle', { orderId, payments: [...payments], document: { kind: 'note', docId: '', name: '' }, print: false });
  return orderId;
}

/** A daily summary SUNAT rejected: a boleta settled today, its summary planned and its job ended SUNAT_REJECTED (as the hub). Returns the summary's id. */
async function rejectedSummary(): Promise<string> {
  await asOwner('fiscal.saveSettings', SAMPLE_FISCAL);
  const { orderId } = await orderWithLine(true);
  await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'boleta', docId: '', name: '' }, print: false });
  const jobId = await jobEndedBy(hubCommand('einvoice.summarize', { referenceDate: new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10) }, 'hub', new Date()), 'SUNAT_REJECTED');
  const job = t.hub.engine.jobs.get(jobId);
  if (job?.kind !== 'einvoice.summary') throw new Error('no summary job');
  return job.payload.key;
}

/** A delivery phone order (status 2) the owner took; paid at the till when `paid`. Returns its ids. */
async function takeoutOrder(opts: { method: 0 | 1; paid: boolean }): Promise<{ takeoutId: string; orderId: string }> {
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
async function deliveryAt(step: 'assigned' | 'pickedUp' | 'delivered'): Promise<string> {
  const { takeoutId } = await takeoutOrder({ method: 0, paid: true });
  await asOwner('takeout.assignRider', { takeoutId, riderId: 'staff-rider' });
  if (step !== 'assigned') await asOwner('takeout.pickedUp', { takeoutId });
  if (step === 'delivered') await asOwner('takeout.delivered', { takeoutId });
  return takeoutId;
}

/** A web order submitted through an intake channel (as the hub records it). Returns its takeout id. */
async function intakeOrder(): Promise<string> {
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
async function refundAt(status: 1 | 2 | 5): Promise<string> {
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

type Sample = () => Promise<Command>;

/**
 * A command of each type that succeeds for anyone allowed to send it (made
 * ready by the owner first). Typed over every command type: a new command
 * does not compile until it has a sample here.
 */
const SAMPLES: Record<CommandType, Sample | typeof INTERNAL> = {
  'restaurant.rename': async () => command('restaurant.rename', { name: `Restaurante ${next()}` }),
  'settings.save': async () => command('settings.save', { ruc: '', idleLockMinutes: 5 }),
  'fiscal.saveSettings': async () => command('fiscal.saveSettings', SAMPLE_FISCAL),
  // A boleta settled today (numbered, waiting for its summary), then today's summary (Lima day).
  'einvoice.summarize': async () => {
    await asOwner('fiscal.saveSettings', SAMPLE_FISCAL);
    const { orderId } = await orderWithLine(true);
    await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'boleta', docId: '', name: '' }, print: false });
    return command('einvoice.summarize', { referenceDate: new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10) });
  },
  // A summary SUNAT rejected: its boletas wait again.
  'einvoice.requeueSummary': async () => command('einvoice.requeueSummary', { summaryId: await rejectedSummary() }),
  'bill.correct': INTERNAL,
  'bill.reprint': INTERNAL,
  'shift.open': async () => {
    if (t.hub.engine.state.openShift) await asOwner('shift.close', closingCount());
    return command('shift.open', { id: `sh-m${next()}`, floatCents: 10_000 });
  },
  'shift.cashMove': async () => {
    await withOpenShift();
    return command('shift.cashMove', { id: `mv-m${next()}`, direction: 'in', amountCents: 500, reason: 'Sencillo' });
  },
  'shift.close': async () => {
    await withOpenShift();
    return command('shift.close', closingCount());
  },
  'shift.printReport': INTERNAL,
  'tally.add': async () => command('tally.add', { id: randomUUID(), kind: 'expense', category: 'gas', amountCents: 4500, note: '' }),
  'tally.remove': async () => {
    const id = randomUUID();
    await asOwner('tally.add', { id, kind: 'income', category: 'otherIncome', amountCents: 1000, note: `venta de cartón ${next()}` });
    return command('tally.remove', { id, reason: 'duplicado' });
  },
  'account.settle': async () => command('account.settle', { billId: await billOnAccount(), payments: [{ method: 'cash', amountCents: 100 }] }),
  'account.writeOff': async () => command('account.writeOff', { billId: await billOnAccount(), reason: 'Se mudó' }),
  'area.save': async () => command('area.save', { id: `area-m${next()}`, name: `Área ${n}`, sort: 9 }),
  'table.save': async () => command('table.save', { id: `t-s${next()}`, areaId: 'area-salon', name: `X${n}`, type: 'hall', minConsumptionCents: 0, seats: 2, sort: 900 }),
  'area.remove': async () => {
    const id = `area-r${next()}`;
    await asOwner('area.save', { id, name: `Vacía ${n}`, sort: 9 });
    return command('area.remove', { areaId: id });
  },
  'area.reorder': async () => command('area.reorder', { ids: ['area-salon'] }),
  'table.addMany': async () => command('table.addMany', { tables: [{ id: `t-a${next()}`, areaId: 'area-salon', name: `A${n}`, type: 'hall', minConsumptionCents: 0, seats: 2, sort: 901 }] }),
  'table.remove': async () => command('table.remove', { tableId: await freshTable() }),
  'category.save': async () => command('category.save', { id: `cat-m${next()}`, names: { es: `Cat ${n}`, en: '', zh: '' }, sort: 9 }),
  'category.reorder': async () => command('category.reorder', { ids: ['cat-entradas', 'cat-fondos'] }),
  'product.save': async () => command('product.save', { id: `p-n${next()}`, code: `N${n}`, names: { es: `Nuevo ${n}`, en: '', zh: '' }, categoryId: 'cat-entradas', priceCents: 900, sort: 600 }),
  'product.setSoldOut': async () => command('product.setSoldOut', { productId: await productWith({}), soldOut: true }),
  'product.setListed': async () => command('product.setListed', { productId: await productWith({}), listed: false }),
  'product.setSpecSoldOut': async () => {
    const productId = await productWith({ specs: [{ id: 'big', names: { es: 'Fuente', en: '', zh: '' }, priceCents: 3000, vipPriceCents: null, soldOut: false }] });
    return command('product.setSpecSoldOut', { productId, specId: 'big', soldOut: true });
  },
  'product.setMany': async () => command('product.setMany', { productIds: [await productWith({})], listed: false }),
  'product.adjustStock': async () => command('product.adjustStock', { productId: await productWith({ usesInventory: true }), op: 'add', qty: 5, reason: 'Llegó el pedido' }),
  'menu.saveStations': async () => command('menu.saveStations', { stations: (await getState(t.url)).state.menuSettings.stations }),
  'menu.saveRemarks': async () => command('menu.saveRemarks', { remarks: (await getState(t.url)).state.menuSettings.remarks }),
  'menu.import': async () => command('menu.import', { categories: [], stations: [], products: [] }),
  'table.open': async () => command('table.open', { tableId: await freshTable(), orderId: randomUUID(), people: 2, customer: NO_CUSTOMER }),
  'order.addLines': async () => command('order.addLines', { orderId: (await openOrder()).orderId, lines: [{ lineId: randomUUID(), productId: 'p-102', qty: 1, remark: '' }] }),
  'order.addCustomDish': async () =>
    command('order.addCustomDish', { orderId: (await openOrder()).orderId, lineId: randomUUID(), name: 'Porción extra', priceCents: 500, qty: 1, unit: 'porción', remark: '' }),
  'order.removeLine': async () => {
    const o = await orderWithLine(false);
    return command('order.removeLine', { orderId: o.orderId, lineId: o.lineId });
  },
  'order.send': async () => command('order.send', { orderId: (await orderWithLine(false)).orderId }),
  'order.prebill': async () => command('order.prebill', { orderId: (await orderWithLine(true)).orderId }),
  'order.cancelPrebill': async () => {
    const o = await orderWithLine(true);
    await asOwner('order.prebill', { orderId: o.orderId });
    return command('order.cancelPrebill', { orderId: o.orderId });
  },
  'order.returnLine': async () => {
    const o = await orderWithLine(true);
    return command('order.returnLine', { orderId: o.orderId, lineId: o.lineId, qty: 1, reason: 'Frío' });
  },
  'order.settleCash': async () => {
    await withOpenShift();
    return command('order.settleCash', { orderId: (await orderWithLine(true)).orderId, receivedCents: 100_000 });
  },
  'table.clear': async () => command('table.clear', { tableId: (await openOrder()).tableId }),
  // Payment tabs and settling (hub/domain/payment); discounts stay within a cashier's 10 %.
  'payment.setExchangeRate': async () => command('payment.setExchangeRate', { rateMilli: 3750 }),
  'order.setDiscount': async () => command('order.setDiscount', { orderId: (await orderWithLine(true)).orderId, discount: { kind: 'percent', percent: 5 } }),
  'order.setLineDiscount': async () => {
    const o = await orderWithLine(true);
    return command('order.setLineDiscount', { orderId: o.orderId, lineId: o.lineId, discountCents: 1 });
  },
  'order.setTip': async () => command('order.setTip', { orderId: (await orderWithLine(true)).orderId, tipCents: 500 }),
  'order.setLunchBox': async () => command('order.setLunchBox', { orderId: (await orderWithLine(true)).orderId, lunchBox: { mode: 'perOrder', priceCents: 100 } }),
  'order.settle': async () => {
    await withOpenShift();
    return command('order.settle', { orderId: (await orderWithLine(true)).orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
  },
  // Kitchen actions (hub/domain/kitchen).
  'order.holdLines': async () => {
    const o = await orderWithLine(true);
    return command('order.holdLines', { orderId: o.orderId, lineIds: [o.lineId] });
  },
  'order.fire': async () => {
    const o = await orderWithLine(true);
    await asOwner('order.holdLines', { orderId: o.orderId, lineIds: [o.lineId] });
    return command('order.fire', { orderId: o.orderId });
  },
  'order.rush': async () => command('order.rush', { orderId: (await orderWithLine(true)).orderId }),
  'order.giftLine': async () => {
    const o = await orderWithLine(true);
    return command('order.giftLine', { orderId: o.orderId, lineId: o.lineId, qty: 1, reason: 'Cliente frecuente' });
  },
  'order.cancelLine': async () => {
    const o = await orderWithLine(true);
    return command('order.cancelLine', { orderId: o.orderId, lineId: o.lineId, qty: 1, reason: 'Se equivocó' });
  },
  'order.withdraw': async () => command('order.withdraw', { orderId: (await orderWithLine(true)).orderId, reason: 'El cliente se fue' }),
  'order.reorder': async () => {
    const o = await orderWithLine(true);
    return command('order.reorder', { orderId: o.orderId, lines: [{ fromLineId: o.lineId, lineId: randomUUID() }] });
  },
  'order.setRemark': async () => {
    const o = await orderWithLine(true);
    return command('order.setRemark', { orderId: o.orderId, lineId: o.lineId, remark: `Sin sal ${next()}` });
  },
  // Pending orders (hub/domain/pending).
  'pending.hangUp': async () => command('pending.hangUp', { parkedId: randomUUID(), label: 'Barra', people: 2, lines: [{ lineId: randomUUID(), productId: 'p-102', qty: 1, remark: '' }] }),
  'order.hangUp': async () => command('order.hangUp', { orderId: (await orderWithLine(false)).orderId, parkedId: randomUUID(), label: '', lines: [] }),
  'pending.addLines': async () => command('pending.addLines', { parkedId: await parkedOrder(), lines: [{ lineId: randomUUID(), productId: 'p-102', qty: 1, remark: '' }] }),
  'pending.removeLine': async () => {
    const lineId = randomUUID();
    return command('pending.removeLine', { parkedId: await parkedOrder(lineId), lineId });
  },
  'pending.resume': async () => command('pending.resume', { parkedId: await parkedOrder(), tableId: await freshTable(), orderId: randomUUID() }),
  'pending.discard': async () => command('pending.discard', { parkedId: await parkedOrder() }),
  'role.save': async () => command('role.save', { id: 'kitchen', name: '', aliases: [...ROLE_PRESETS.kitchen] }),
  'staff.save': async () => command('staff.save', { id: randomUUID(), name: `Mozo ${next()}`, code: String(1000 + n), roleId: 'waiter' }),
  'staff.setDisabled': async () => {
    const staffId = randomUUID();
    await asOwner('staff.save', { id: staffId, name: `Eventual ${next()}`, code: String(2000 + n), roleId: 'waiter' });
    return command('staff.setDisabled', { staffId, disabled: true });
  },
  'security.dismissAlert': async () => {
    const id = randomUUID();
    const raise = hubCommand('security.raiseAlert', { id, scope: 'device', staffId: null, deviceId: 'x', failures: 6, lockedSeconds: 30 }, 'hub', new Date());
    const r = await t.hub.engine.submit(raise, { staffId: null, deviceId: 'hub' });
    if (!r.ok) throw new Error(r.code);
    return command('security.dismissAlert', { alertId: id });
  },
  'staff.noteCredentials': INTERNAL,
  'staff.noteSignIn': INTERNAL,
  'staff.noteSignOut': INTERNAL,
  'security.raiseAlert': INTERNAL,
  'security.noteSecretChange': INTERNAL,
  'job.retry': async () => command('job.retry', { jobId: await makeFailedJob(t.hub.engine) }),
  'job.cancel': async () => command('job.cancel', { jobId: await makeFailedJob(t.hub.engine) }),
  'job.test': async () => command('job.test', { text: `prueba ${next()}` }),
  'export.run': async () => command('export.run', { day: '2026-01-01', what: 'mail' }),
  'backup.run': async () => command('backup.run', { reason: 'onDemand' }),
  'job.start': INTERNAL,
  'job.markWriting': INTERNAL,
  'job.finish': INTERNAL,
  'job.recover': INTERNAL,
  'job.prune': INTERNAL,
  'reservation.create': async () =>
    command('reservation.create', { reservationId: randomUUID(), tableId: await freshTable(), people: 2, at: new Date(Date.now() + 3_600_000).toISOString(), customerName: 'Ana', phone: '', depositCents: 0, remarks: '', reason: '' }),
  'reservation.payDeposit': async () => {
    await withOpenShift();
    return command('reservation.payDeposit', { reservationId: await reservationIn(60, 5000), payment: { method: 'cash', amountCents: 5000 }, print: false });
  },
  'reservation.depositFailed': async () => command('reservation.depositFailed', { reservationId: await reservationIn(60, 5000) }),
  'reservation.ready': async () => command('reservation.ready', { reservationId: await reservationIn(60) }),
  'reservation.arrive': async () => command('reservation.arrive', { reservationId: await reservationIn(60), orderId: randomUUID() }),
  'reservation.finish': async () => command('reservation.finish', { reservationId: await reservationIn(60, 0, 'reservation.arrive') }),
  'reservation.cancel': async () => command('reservation.cancel', { reservationId: await reservationIn(60), reason: 'cambio de planes' }),
  // Its hour passed a second ago (the same day but for the second after midnight).
  'reservation.noShow': async () => command('reservation.noShow', { reservationId: await reservationIn(-1 / 60) }),
  'table.openMany': async () => command('table.openMany', { tables: [{ tableId: await freshTable(), orderId: randomUUID(), people: 2 }, { tableId: await freshTable(), orderId: randomUUID(), people: 3 }] }),
  'table.change': async () => command('table.change', { fromTableId: (await openOrder()).tableId, toTableId: await freshTable() }),
  'table.merge': async () => command('table.merge', { tableId: (await openOrder()).tableId, otherTableIds: [(await openOrder()).tableId] }),
  'order.copyTo': async () => {
    const o = await orderWithLine(false);
    return command('order.copyTo', { fromOrderId: o.orderId, toTableId: await freshTable(), orderId: randomUUID(), people: 2, lines: [{ fromLineId: o.lineId, lineId: randomUUID() }] });
  },
  'order.moveLines': async () => {
    const o = await orderWithLine(true);
    return command('order.moveLines', { fromOrderId: o.orderId, toTableId: await freshTable(), orderId: randomUUID(), people: 1, lines: [{ lineId: o.lineId, qty: 1, newLineId: randomUUID() }] });
  },
  'drawer.open': async () => command('drawer.open', {}),
  'queue.take': async () => command('queue.take', { entryId: randomUUID(), people: 3, name: '', phone: '' }),
  'queue.call': async () => command('queue.call', { entryId: await queued() }),
  'queue.seat': async () => command('queue.seat', { entryId: await queued(), tableId: await freshTable(), orderId: randomUUID() }),
  'queue.noShow': async () => {
    const entryId = await queued();
    await asOwner('queue.call', { entryId });
    return command('queue.noShow', { entryId });
  },
  'queue.cancel': async () => command('queue.cancel', { entryId: await queued() }),
  'printer.save': async () =>
    command('printer.save', {
      printer: { id: `pr-m${next()}`, name: `Impresora ${n}`, connection: { type: 'network', host: '127.0.0.1', port: 20_000 + n }, paper: 80, codePage: 'cp858', cjk: 'gb18030', qr: 'native', language: 'es', receipts: false, prebills: false, stations: [], drawer: false },
    }),
  'printer.remove': async () => {
    const id = `pr-r${next()}`;
    await asOwner('printer.save', { printer: { id, name: `Quitar ${n}`, connection: { type: 'screen' }, paper: 80, codePage: 'cp858', cjk: 'gb18030', qr: 'native', language: 'es', receipts: false, prebills: false, stations: [], drawer: false } });
    return command('printer.remove', { printerId: id });
  },
  'printer.testPrint': async () => command('printer.testPrint', { printerId: 'virtual' }),
  'printer.setupSlip': async () => command('printer.setupSlip', {}),
  'print.reprint': async () => command('print.reprint', { jobId: await failedPrintJob() }),
  'printer.reportStatus': INTERNAL,
  'kds.show': INTERNAL,
  'kds.bump': async () => command('kds.bump', { ticketId: await kitchenScreenTicket('st-perm') }),
  'kds.recall': async () => {
    const station = `st-perm-${next()}`;
    await kitchenScreenTicket(station, true);
    return command('kds.recall', { station });
  },
  'kds.dismissRetired': async () => command('kds.dismissRetired', { station: await retiredNote() }),
  // Riders (hub/domain/riders): the preset rider (staff-rider, made below) edited; cash they collected at a door, handed in.
  'rider.save': async () => command('rider.save', { staffId: 'staff-rider', avatar: { initials: '', color: 'teal' }, number: '', level: 1 + (next() % 5), kind: 'own', phone: '' }),
  'rider.handIn': async () => {
    await withOpenShift();
    const { orderId } = await orderWithLine(true);
    await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000, heldBy: 'staff-rider' }], document: { kind: 'note', docId: '', name: '' }, print: false });
    return command('rider.handIn', { id: randomUUID(), riderId: 'staff-rider', cents: 100 });
  },
  // Take-away and delivery (hub/domain/takeout): orders the owner took, moved along their status table.
  'takeout.create': async () =>
    command('takeout.create', { takeoutId: randomUUID(), orderId: randomUUID(), channel: 'counter', type: 'takeaway', method: 1, customer: { name: 'Ana', phone: '' }, invoiceType: 'note', lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], send: false }),
  'takeout.intake': INTERNAL,
  'takeout.addLines': async () =>
    command('takeout.addLines', { takeoutId: (await takeoutOrder({ method: 1, paid: false })).takeoutId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], send: true }),
  'takeout.accept': async () => command('takeout.accept', { takeoutId: await intakeOrder() }),
  'takeout.refuse': async () => command('takeout.refuse', { takeoutId: await intakeOrder(), reason: 'Cerrado' }),
  'takeout.cancel': async () => command('takeout.cancel', { takeoutId: (await takeoutOrder({ method: 1, paid: false })).takeoutId, reason: 'El cliente llamó' }),
  'takeout.markReady': async () => command('takeout.markReady', { takeoutId: (await takeoutOrder({ method: 1, paid: false })).takeoutId }),
  'takeout.assignRider': async () => command('takeout.assignRider', { takeoutId: (await takeoutOrder({ method: 0, paid: true })).takeoutId, riderId: 'staff-rider' }),
  'takeout.pickedUp': async () => command('takeout.pickedUp', { takeoutId: await deliveryAt('assigned') }),
  'takeout.delivered': async () => command('takeout.delivered', { takeoutId: await deliveryAt('pickedUp') }),
  'takeout.handOver': async () => command('takeout.handOver', { takeoutId: (await takeoutOrder({ method: 1, paid: true })).takeoutId }),
  'takeout.close': async () => command('takeout.close', { takeoutId: await deliveryAt('delivered') }),
  'takeout.reprint': async () => command('takeout.reprint', { takeoutId: await deliveryAt('assigned'), what: 'slip' }),
  // Refunds: applying and paying out read the bill from the archive (the refunds route hands them in).
  'refund.apply': INTERNAL,
  'refund.payOut': INTERNAL,
  'refund.accept': async () => command('refund.accept', { refundId: await refundAt(1) }),
  'refund.reject': async () => command('refund.reject', { refundId: await refundAt(2), reason: 'Ya se consumió' }),
  'refund.finish': async () => command('refund.finish', { refundId: await refundAt(5) }),
  // Members (hub/domain/members): registered by the owner, recharged in an open shift.
  'member.register': async () => command('member.register', { memberId: randomUUID(), ...memberFields() }),
  'member.update': async () => command('member.update', { memberId: await member(0), ...memberFields() }),
  'member.erase': async () => command('member.erase', { memberId: await member(0), reason: 'Lo pidió el socio' }),
  'member.recharge': async () => {
    const memberId = await member(0);
    await withOpenShift();
    return command('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 5_000, method: 2, print: false });
  },
  'member.adjust': async () => command('member.adjust', { memberId: await member(1_000), entryId: randomUUID(), cents: -500, reason: 'Corrección' }),
  'member.reprintRecharge': async () => {
    const memberId = await member(1_000);
    const entryId = t.hub.engine.state.members ? (memberById(t.hub.engine.state, memberId)?.recent[0]?.id ?? '') : '';
    return command('member.reprintRecharge', { memberId, entryId });
  },
  // Coupons (hub/domain/coupons): a batch recorded as its route does (internal, codes made outside the rules).
  'coupon.issueBatch': INTERNAL,
  'coupon.gift': async () => command('coupon.gift', { code: await couponCode(), memberId: await member(0) }),
  'coupon.voidBatch': async () => command('coupon.voidBatch', { batchId: (await couponBatch()).batchId }),
  'coupon.print': async () => command('coupon.print', { code: await couponCode() }),
  // Members at the till (hub/domain/payment, issue 22): the guest says the last 4 digits of their phone.
  'order.attachMember': async () => {
    const { memberId, verify } = await memberToAttach();
    return command('order.attachMember', { orderId: (await orderWithLine(true)).orderId, memberId, verify });
  },
  'order.detachMember': async () => {
    const { orderId } = await orderWithLine(true);
    await asOwner('order.attachMember', { orderId, ...(await memberToAttach()) });
    return command('order.detachMember', { orderId });
  },
  // A coupon at the till: one issued as the coupons route records it, held for a table's order.
  'order.applyCoupon': async () => command('order.applyCoupon', { orderId: (await orderWithLine(true)).orderId, code: await couponToApply() }),
  'order.removeCoupon': async () => {
    const { orderId } = await orderWithLine(true);
    await asOwner('order.applyCoupon', { orderId, code: await couponToApply() });
    return command('order.removeCoupon', { orderId });
  },
};

/** A fresh dine-in coupon of S/ 5, issued as POST /api/coupons/batches records it (the hub's own command). */
async function couponToApply(): Promise<string> {
  const code = `PERM${next()}X2345678`;
  const batch = { batchId: randomUUID(), prefix: 'PERM', name: 'Permisos', deductionCents: 500, category: 1 as const, expiresOn: '2099-12-31', quantity: 1 };
  const r = await t.hub.engine.submit(hubCommand('coupon.issueBatch', { batch, codes: [code] }, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
  if (!r.ok) throw new Error(`setup coupon.issueBatch refused: ${r.code}`);
  return code;
}

/** A member registered by the owner and what the guest says to attach them: the phone's last 4 digits. */
async function memberToAttach(): Promise<{ memberId: string; verify: string }> {
  const memberId = await member(0);
  return { memberId, verify: memberById(t.hub.engine.state, memberId)!.phone.slice(-4) };
}

/** A one-coupon dine-in batch recorded as POST /api/coupons/batches records it. Returns its id and code. */
async function couponBatch(): Promise<{ batchId: string; code: string }> {
  const batchId = randomUUID();
  const code = `PERM${String(next()).padStart(8, '0')}`;
  const batch = { batchId, prefix: 'PERM', name: 'Permisos', deductionCents: 500, category: 1 as const, expiresOn: '2099-12-31', quantity: 1 };
  const reply = await t.hub.engine.submit(hubCommand('coupon.issueBatch', { batch, codes: [code] }, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
  if (!reply.ok) throw new Error(reply.code);
  return { batchId, code };
}

const couponCode = async (): Promise<string> => (await couponBatch()).code;

/** A new member's personal fields: a phone and a DNI nobody has yet. */
function memberFields(): Omit<CommandPayload<'member.register'>, 'memberId'> {
  const k = next();
  return { phone: `9${String(k).padStart(8, '0')}`, lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId: String(10_000_000 + k) };
}

/** A member the owner registered, with `cents` recharged (in an open shift) when above 0. Returns the id. */
async function member(cents: number): Promise<string> {
  const memberId = randomUUID();
  await asOwner('member.register', { memberId, ...memberFields() });
  if (cents > 0) {
    await withOpenShift();
    await asOwner('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: cents, method: 2, print: false });
  }
  return memberId;
}

beforeAll(async () => {
  t = await startTestHub();
  cookies.owner = t.cookie;
  for (const [i, role] of ROLE_PRESET_IDS.entries()) {
    if (role === 'owner') continue;
    const id = `staff-${role}`;
    await asOwner('staff.save', { id, name: `Persona ${role}`, code: String(50 + i), roleId: role });
    const pin = await fetch(new URL(`/api/staff/${id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: '5050' }) });
    expect(pin.status).toBe(200);
    cookies[role] = await signedIn(t.url, String(50 + i), '5050', `device-${role}`);
  }
});
afterAll(async () => {
  await t?.close();
});

const holds = (role: RolePresetId, alias: string) => (role === 'owner' ? (ALIASES as readonly string[]) : ROLE_PRESETS[role]).includes(alias);
const deviceTypes = COMMAND_TYPES.filter((type) => SAMPLES[type] !== INTERNAL);

describe.each(ROLE_PRESET_IDS)('role %s', (role) => {
  it.each(deviceTypes)('%s: accepted exactly when the role holds its alias', async (type) => {
    const sample = SAMPLES[type] as Sample;
    const cmd = await sample();
    const gate = COMMAND_ALIAS[type];
    // Jobs an earlier case created (the owner's job.test) are run by the hub and add their own
    // records: let them finish before counting that a refused command left the seq where it was.
    await jobsSettled(t.hub.engine);
    const before = t.hub.engine.seq;
    const reply = await postCommand(t.url, cmd, {}, { cookie: cookies[role] });
    if (holds(role, gate)) {
      expect(reply.body, `${role} should be allowed ${type}`).toMatchObject({ ok: true });
    } else {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ ok: false, code: 'FORBIDDEN', message: gate });
      // Nothing of it was recorded; the hub's own work may go on meanwhile (a printer's status, a
      // setup slip and its print job after an earlier case saved a receipt printer).
      const since = t.hub.engine.changesSince(before) ?? [];
      expect(since.filter((c) => c.commandId === cmd.id)).toEqual([]);
      expect(hubOwnRecords(since, new Set()).foreign).toEqual([]);
    }
  });

  it('is refused every command only the hub records', async () => {
    const internal = COMMAND_TYPES.filter((type) => SAMPLES[type] === INTERNAL);
    expect(internal.length).toBeGreaterThan(0);
    for (const type of internal) {
      const reply = await postCommand(t.url, { ...command('restaurant.rename', { name: 'x' }), type, payload: { staffId: 'staff-demo-owner', method: 'full', hasPin: true, hasPassword: true, reason: 'lock' } }, {}, { cookie: cookies[role] });
      expect(reply.body, type).toMatchObject({ ok: false });
      expect(['FORBIDDEN', 'INCORRECT_INPUT', 'REQUIRED_FIELD']).toContain((reply.body as { code: string }).code);
    }
  });
});

describe('roles are the owner\'s to edit', () => {
  it('a waiter given the payment alias may settle; taking M001 away stops them opening tables', async () => {
    const settle = async () => postCommand(t.url, command('order.settleCash', { orderId: (await orderWithLine(true)).orderId, receivedCents: 100_000 }), {}, { cookie: cookies.waiter });
    expect((await settle()).body).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'payment' });
    await asOwner('role.save', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter.filter((a) => a !== 'M001'), 'payment'] });
    expect((await settle()).body).toMatchObject({ ok: true });
    const open = await postCommand(t.url, await (SAMPLES['table.open'] as Sample)(), {}, { cookie: cookies.waiter });
    expect(open.body).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'M001' });
    await asOwner('role.save', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter] });
  });

  it('nobody edits the owner role, and a manager cannot make anyone an owner or touch the owner', async () => {
    expect((await postCommand(t.url, command('role.save', { id: 'owner', name: '', aliases: [] }))).body).toMatchObject({ code: 'ROLE_LOCKED' });
    const manager = { cookie: cookies.manager };
    const promote = await postCommand(t.url, command('staff.save', { id: 'staff-manager', name: 'Persona manager', code: '51', roleId: 'owner' }), {}, manager);
    expect(promote.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const disableOwner = await postCommand(t.url, command('staff.setDisabled', { staffId: 'staff-demo-owner', disabled: true }), {}, manager);
    expect(disableOwner.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const pin = await fetch(new URL('/api/staff/staff-demo-owner/credentials', t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: cookies.manager }, body: JSON.stringify({ pin: '0000' }) });
    expect(pin.status).toBe(403);
    // The owner cannot disable the last owner either.
    expect((await postCommand(t.url, command('staff.setDisabled', { staffId: 'staff-demo-owner', disabled: true }))).body).toMatchObject({ code: 'LAST_OWNER' });
  });
});
