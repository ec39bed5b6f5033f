import { describe, expect, it } from 'vitest';
import type { CommandPayload, DomainEvent, Job, Printer, State, TicketLanguage } from '#protocol';
import { decideOn, deepFreeze, exec, NO_CUSTOMER, P, product, T, uid } from '../test-fixtures.ts';
import { as, counterOrder, payAtTill, phoneDelivery, S, takeoutOf, takeoutRestaurant, webOrder } from '../takeout/test-takeouts.ts';
import { createdJobs, paperText, printer, ST } from './test-printers.ts';

/**
 * The printing of take-away and delivery orders (issue 21, README "Take-away and delivery"):
 * the kitchen ticket's mark, the receipt's pickup code, the rider's slip and the reprints by takeout.
 */

/** The takeout test restaurant with the kitchen (ceviche, lomo) and bar (chicha) stations and these printers. */
function restaurantWith(printers: readonly Printer[]): State {
  const owner = as(S.owner);
  let s = exec(takeoutRestaurant(), 'menu.saveStations', { stations: [{ id: ST.kitchen, name: 'Cocina' }, { id: ST.bar, name: 'Bar' }] }, owner).state;
  for (const p of [P.ceviche, P.lomo]) s = exec(s, 'product.save', product(p.id, p.code, p.priceCents, { station: ST.kitchen }), owner).state;
  for (const p of [P.chicha]) s = exec(s, 'product.save', product(p.id, p.code, p.priceCents, { station: ST.bar }), owner).state;
  s = printers.reduce((st, p) => exec(st, 'printer.save', { printer: p }, owner).state, s);
  // The virtual printer prints receipts too while it is there: these tests name every printer.
  return exec(s, 'printer.remove', { printerId: 'virtual' }, owner).state;
}

const caja = (language: TicketLanguage = 'es') => printer('pr-caja', { receipts: true, prebills: true, language });
const cocina = (language: TicketLanguage = 'es') => printer('pr-cocina', { stations: [ST.kitchen], language });

function printJobs(events: readonly DomainEvent[], purpose: string): Extract<Job, { kind: 'print' }>[] {
  return createdJobs(events).flatMap((j) => (j.kind === 'print' && j.payload.purpose === purpose ? [j] : []));
}

function create(s: State, payload: CommandPayload<'takeout.create'>) {
  return exec(s, 'takeout.create', payload, as(S.dispatch));
}

describe('the kitchen ticket of a takeout names it by its pickup code, in the kitchen’s language', () => {
  const cases: { name: string; method: 0 | 1; language: TicketLanguage; mark: string }[] = [
    { name: 'take-away, Spanish', method: 1, language: 'es', mark: 'PARA LLEVAR 001' },
    { name: 'take-away, English', method: 1, language: 'en', mark: 'TAKE-AWAY 001' },
    { name: 'take-away, Chinese', method: 1, language: 'zh', mark: '外带 001' },
    { name: 'delivery, Spanish', method: 0, language: 'es', mark: 'DELIVERY 001' },
    { name: 'delivery, English', method: 0, language: 'en', mark: 'DELIVERY 001' },
    { name: 'delivery, Chinese', method: 0, language: 'zh', mark: '外卖 001' },
  ];
  it.each(cases)('$name: $mark large, white on black, in place of the table', ({ method, language, mark }) => {
    const s = restaurantWith([cocina(language), caja()]);
    const payload = method === 1 ? counterOrder(1) : phoneDelivery(1);
    const [job] = printJobs(create(s, payload).events, 'kitchen');
    expect(job?.payload.ticket?.takeout).toEqual({ method, pickupCode: '001', code: 'T-0001' });
    const blocks = job?.payload.document.blocks ?? [];
    expect(blocks).toContainEqual({ kind: 'text', text: mark, align: 'center', size: 'large', bold: true, invert: true });
    expect(paperText(job!)).toContain('T-0001');
    expect(paperText(job!)).not.toMatch(/Mesa|Table|桌号/);
  });

  it.each([
    ['es', 1, 'RECOGER 19:30'],
    ['en', 0, 'DELIVER BY 19:30'],
    ['zh', 1, '取餐 19:30'],
  ] as const)('a takeout booked for a time (%s) tells the kitchen when it is wanted: %s', (language, method, due) => {
    const base = method === 1 ? counterOrder(1) : phoneDelivery(1);
    // 19:30 in Lima (UTC-5), later the same day as the fixtures' clock.
    const payload = { ...base, type: 'reservation' as const, expectedAt: '2025-03-15T00:30:00.000Z' };
    const [job] = printJobs(create(restaurantWith([cocina(language), caja()]), payload).events, 'kitchen');
    expect(job?.payload.ticket?.takeout?.expectedAt).toBe('2025-03-15T00:30:00.000Z');
    expect(paperText(job!)).toContain(due);
  });

  it('the delivery fee (a line without a station) never reaches a kitchen ticket: nobody cooks it', () => {
    const bar = printer('pr-bar', { stations: [ST.bar] });
    const jobs = printJobs(create(restaurantWith([cocina(), bar, caja()]), phoneDelivery(1)).events, 'kitchen');
    expect(jobs.map((j) => [j.payload.printerId, j.payload.ticket?.lines.map((l) => l.name)])).toEqual([['pr-cocina', ['Plato 101']]]);
  });

  it('a table’s ticket is as before: the table large, no takeout mark', () => {
    const owner = as(S.owner);
    let s = exec(restaurantWith([cocina(), caja()]), 'table.open', { tableId: T.s1, orderId: uid(901), people: 2, customer: NO_CUSTOMER }, owner).state;
    s = exec(s, 'order.addLines', { orderId: uid(901), lines: [{ lineId: uid(902), productId: P.lomo.id, qty: 1, remark: '' }] }, owner).state;
    const [job] = printJobs(exec(s, 'order.send', { orderId: uid(901) }, owner).events, 'kitchen');
    expect(job?.payload.ticket?.takeout).toBeUndefined();
    expect(paperText(job!)).toMatch(/^Mesa S1/m);
  });
});

describe('the guest’s receipt carries the pickup code large', () => {
  const cases: { method: 0 | 1; language: TicketLanguage; mark: string }[] = [
    { method: 1, language: 'es', mark: 'PARA LLEVAR 001' },
    { method: 1, language: 'zh', mark: '外带 001' },
    { method: 0, language: 'en', mark: 'DELIVERY 001' },
  ];
  it.each(cases)('method $method in $language: $mark', ({ method, language, mark }) => {
    const payload = method === 1 ? counterOrder(1, { payLater: true }) : phoneDelivery(1, { payLater: true });
    const s = create(restaurantWith([cocina(), caja(language)]), payload).state;
    const due = takeoutOf(s, payload.takeoutId).collectCents;
    const d = exec(s, 'order.settle', { orderId: payload.orderId, payments: [{ method: 'yape', amountCents: due, operationNo: '123456' }], document: { kind: 'note', docId: '', name: '' }, print: true }, as(S.dispatch));
    const [receipt] = printJobs(d.events, 'receipt');
    expect(receipt?.payload.document.blocks).toContainEqual({ kind: 'text', text: mark, align: 'center', size: 'large', bold: true, invert: true });
    expect(paperText(receipt!)).toContain('T-0001');
  });
});

describe('the rider’s delivery slip, printed on the receipt printers when a rider is assigned', () => {
  it('an unpaid delivery: address, reference, receiver and phone, dishes, what to collect and the change to bring', () => {
    const s = create(restaurantWith([cocina(), caja()]), phoneDelivery(1, { payLater: true, note: 'Tocar el timbre 2 veces' })).state;
    const d = exec(s, 'takeout.assignRider', { takeoutId: phoneDelivery(1).takeoutId, riderId: S.ana }, as(S.dispatch));
    const slips = printJobs(d.events, 'deliverySlip');
    expect(slips.map((j) => j.payload.printerId)).toEqual(['pr-caja']);
    const paper = paperText(slips[0]!);
    for (const text of ['DELIVERY 001', 'T-0001', 'Repartidor: Ana Rojas', 'Av. Larco 123, Miraflores', 'Referencia: Frente al parque', 'Recibe: Ana Torres  987654321', 'Nota: Tocar el timbre 2 veces', '1 × Plato 101 S/ 32.00', '1 × Delivery S/ 5.00', 'Total S/ 37.00', 'COBRAR S/ 37.00', 'Paga con S/ 100.00', 'LLEVAR VUELTO S/ 63.00']) {
      expect(paper).toContain(text);
    }
    expect(slips[0]?.payload.slip).toMatchObject({ collectCents: 3700, changeForCents: 10_000, bill: null, rider: 'Ana Rojas' });
  });

  it('a paid delivery: collect nothing; its order is a bill now, so the slip names the bill for the runner to add the dishes', () => {
    const s = payAtTill(create(restaurantWith([cocina(), caja()]), phoneDelivery(1, { payLater: true })).state, phoneDelivery(1).takeoutId);
    const [slip] = printJobs(exec(s, 'takeout.assignRider', { takeoutId: phoneDelivery(1).takeoutId, riderId: S.ana }, as(S.dispatch)).events, 'deliverySlip');
    expect(slip?.payload.slip).toMatchObject({ collectCents: 0, lines: [], bill: { id: phoneDelivery(1).orderId, day: '2025-03-14' } });
    expect(paperText(slip!)).toContain('PAGADO: no cobrar');
    expect(paperText(slip!)).not.toContain('COBRAR');
  });

  it('in the printer’s language (zh), the guest’s words as typed', () => {
    const s = create(restaurantWith([cocina(), caja('zh')]), phoneDelivery(1, { payLater: true })).state;
    const [slip] = printJobs(exec(s, 'takeout.assignRider', { takeoutId: phoneDelivery(1).takeoutId, riderId: S.ana }, as(S.dispatch)).events, 'deliverySlip');
    expect(paperText(slip!)).toMatch(/外卖 001[\s\S]*骑手: Ana Rojas[\s\S]*地址:[\s\S]*Av\. Larco 123[\s\S]*代收 S\/ 37\.00[\s\S]*需带找零 S\/ 63\.00/);
  });

  it('a reassignment prints a slip naming the new rider; a kitchen screen never gets one', () => {
    const screen = printer('pr-pantalla', { connection: { type: 'screen' }, stations: [ST.kitchen] });
    let s = create(restaurantWith([screen, caja()]), phoneDelivery(1)).state;
    s = exec(s, 'takeout.assignRider', { takeoutId: phoneDelivery(1).takeoutId, riderId: S.ana }, as(S.dispatch)).state;
    const d = exec(s, 'takeout.assignRider', { takeoutId: phoneDelivery(1).takeoutId, riderId: S.beto }, as(S.dispatch));
    const slips = printJobs(d.events, 'deliverySlip');
    expect(slips.map((j) => j.payload.printerId)).toEqual(['pr-caja']);
    expect(paperText(slips[0]!)).toContain('Repartidor: Beto Paz');
  });
});

describe('takeout.reprint: the delivery page’s reprint buttons', () => {
  const delivery = () => exec(create(restaurantWith([cocina('en'), caja()]), phoneDelivery(1)).state, 'takeout.assignRider', { takeoutId: phoneDelivery(1).takeoutId, riderId: S.ana }, as(S.dispatch)).state;

  it('the slip again, made fresh, marked REPRINT on top', () => {
    const [slip] = printJobs(exec(delivery(), 'takeout.reprint', { takeoutId: phoneDelivery(1).takeoutId, what: 'slip' }, as(S.owner)).events, 'deliverySlip');
    expect(paperText(slip!).split('\n').slice(0, 2)).toEqual(['REIMPRESIÓN', 'DELIVERY 001']);
  });

  it('the kitchen ticket again: every dish sent, marked REPRINT in the kitchen’s language', () => {
    const jobs = printJobs(exec(delivery(), 'takeout.reprint', { takeoutId: phoneDelivery(1).takeoutId, what: 'kitchen' }, as(S.owner)).events, 'kitchen');
    expect(jobs.map((j) => j.payload.printerId)).toEqual(['pr-cocina']);
    expect(paperText(jobs[0]!).split('\n').slice(0, 3)).toEqual(['REPRINT', 'Cocina', 'DELIVERY 001']);
    expect(jobs[0]?.payload.ticket?.lines.map((l) => `${l.qty} ${l.name}`)).toEqual(['1 Dish 101']);
  });

  const refusals: { name: string; state: () => State; payload: CommandPayload<'takeout.reprint'>; code: string }[] = [
    { name: 'an unknown takeout', state: delivery, payload: { takeoutId: 'no-such', what: 'slip' }, code: 'TAKEOUT_NOT_FOUND' },
    { name: 'a takeout named __proto__', state: delivery, payload: { takeoutId: '__proto__', what: 'kitchen' }, code: 'TAKEOUT_NOT_FOUND' },
    { name: 'the slip of a pickup order (no rider, no slip)', state: () => create(restaurantWith([cocina(), caja()]), counterOrder(1)).state, payload: { takeoutId: counterOrder(1).takeoutId, what: 'slip' }, code: 'TAKEOUT_BAD_STATUS' },
    {
      name: 'the kitchen ticket of a paid order (its order is a bill: the printer’s history reprints it)',
      state: () => payAtTill(create(restaurantWith([cocina(), caja()]), counterOrder(1, { payLater: true })).state, counterOrder(1).takeoutId),
      payload: { takeoutId: counterOrder(1).takeoutId, what: 'kitchen' },
      code: 'TAKEOUT_PAID',
    },
    {
      name: 'the kitchen ticket of a web order not yet accepted (nothing went to the kitchen)',
      state: () => exec(restaurantWith([cocina(), caja()]), 'takeout.intake', webOrder(1), as(S.owner)).state,
      payload: { takeoutId: webOrder(1).takeoutId, what: 'kitchen' },
      code: 'TAKEOUT_BAD_STATUS',
    },
  ];
  it.each(refusals)('refuses $name with $code, changing nothing', ({ state, payload, code }) => {
    const s = state();
    const before = JSON.stringify(s);
    const d = decideOn(deepFreeze(s), 'takeout.reprint', payload, as(S.owner));
    expect(d.ok ? 'accepted' : d.code).toBe(code);
    expect(JSON.stringify(s)).toBe(before);
  });
});
