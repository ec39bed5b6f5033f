import { randomUUID } from 'node:crypto';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { makeFailedJob } from '#hub/jobs/test-helpers.ts';
import type { Command, CommandType } from '#protocol';
import { INTERNAL, memberById, ROLE_PRESETS } from '#protocol';
import { command, getState, NO_CUSTOMER } from '#hub/testing/test-hub.ts';
import { asOwner, billOnAccount, closingCount, couponBatch, couponCode, couponToApply, deliveryAt, failedPrintJob, freshTable, intakeOrder, kitchenScreenTicket, member, memberFields, memberToAttach, n, next, openOrder, orderWithLine, parkedOrder, productWith, queued, refundAt, rejectedSummary, reservationIn, retiredNote, t, takeoutOrder, withOpenShift } from './sample-setup.ts';

export type Sample = () => Promise<Command>;

/**
 * A command of each type that succeeds for anyone allowed to send it (made
 * ready by the owner first). Typed over every command type: a new command
 * does not compile until it has a sample here.
 */
export const SAMPLES: Record<CommandType, Sample | typeof INTERNAL> = {
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
