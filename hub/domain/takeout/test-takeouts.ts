import type { CommandPayload, DomainEvent, State, Takeout } from '#protocol';
import { applyAll } from '../apply.ts';
import type { DecideContext } from '../decision.ts';
import { getOwn } from '../records.ts';
import { ctxAt, exec, menuState, P, uid } from '../test-fixtures.ts';

/** Staff of the takeout tests: a counter cashier (M002 + payment), a dispatcher (M005 + payment), two riders, a waiter. */
export const S = { owner: 'owner-1', counter: 'cajera-1', dispatch: 'despacho-1', ana: 'rider-ana', beto: 'rider-beto', waiter: 'mozo-1' } as const;
export const NOW = '2025-03-14T18:00:00.000Z';

/** The test menu, the staff above, a shift open (float S/ 100.00). */
export function takeoutRestaurant(): State {
  const events: DomainEvent[] = [
    { type: 'role.saved', role: { id: 'owner', name: '', aliases: [] } },
    { type: 'role.saved', role: { id: 'counter', name: '', aliases: ['M002', 'payment'] } },
    { type: 'role.saved', role: { id: 'delivery', name: '', aliases: ['M005', 'M002', 'payment', 'cancelOrder'] } },
    { type: 'role.saved', role: { id: 'rider', name: '', aliases: ['M005'] } },
    { type: 'role.saved', role: { id: 'waiter', name: '', aliases: ['M001'] } },
    { type: 'staff.saved', staff: { id: S.owner, name: 'Dueña', code: '1', roleId: 'owner' } },
    { type: 'staff.saved', staff: { id: S.counter, name: 'Cajera', code: '11', roleId: 'counter' } },
    { type: 'staff.saved', staff: { id: S.dispatch, name: 'Despacho', code: '12', roleId: 'delivery' } },
    { type: 'staff.saved', staff: { id: S.ana, name: 'Ana Rojas', code: '21', roleId: 'rider' } },
    { type: 'staff.saved', staff: { id: S.beto, name: 'Beto Paz', code: '22', roleId: 'rider' } },
    { type: 'staff.saved', staff: { id: S.waiter, name: 'Mozo', code: '31', roleId: 'waiter' } },
  ];
  // The test menu opens a shift already (test-fixtures.ts): money is taken only inside one.
  return applyAll(menuState(), events);
}

/** The context of a command sent by `staffId` at `now`. */
export function as(staffId: string, now: string = NOW): DecideContext {
  return ctxAt(now, staffId);
}

export const DELIVERY: NonNullable<CommandPayload<'takeout.create'>['delivery']> = {
  address: 'Av. Larco 123, Miraflores',
  reference: 'Frente al parque',
  receiverName: 'Ana Torres',
  receiverPhone: '987654321',
  contactPhone: '',
  distanceM: 1500,
  feeCents: 500,
  changeForCents: 10_000,
};

/** A take-away at the counter (method 1): two lomo (S/ 38.00 each), sent. `n` makes its ids. */
export function counterOrder(n: number, over: Partial<CommandPayload<'takeout.create'>> = {}): CommandPayload<'takeout.create'> {
  return {
    takeoutId: uid(5000 + n * 10),
    orderId: uid(5001 + n * 10),
    channel: 'counter',
    type: 'takeaway',
    method: 1,
    customer: { name: 'Rosa', phone: '' },
    invoiceType: 'note',
    lines: [{ lineId: uid(5002 + n * 10), productId: P.lomo.id, qty: 2, remark: '' }],
    send: true,
    ...over,
  };
}

/** A phone delivery (method 0): one ceviche (S/ 32.00) and the S/ 5.00 fee, sent. */
export function phoneDelivery(n: number, over: Partial<CommandPayload<'takeout.create'>> = {}): CommandPayload<'takeout.create'> {
  return counterOrder(n, { channel: 'phone', type: 'immediate', method: 0, customer: { name: 'Ana Torres', phone: '987654321' }, delivery: DELIVERY, lines: [{ lineId: uid(5003 + n * 10), productId: P.ceviche.id, qty: 1, remark: '' }], ...over });
}

/** A web order as the intake route records it. */
export function webOrder(n: number, over: Partial<CommandPayload<'takeout.intake'>> = {}): CommandPayload<'takeout.intake'> {
  return {
    takeoutId: uid(6000 + n * 10),
    orderId: uid(6001 + n * 10),
    channelId: 'web-shop',
    externalId: `W-${n}`,
    customer: { name: 'Luis', phone: '+51987654321' },
    delivery: DELIVERY,
    method: 0,
    type: 'immediate',
    lines: [{ lineId: uid(6002 + n * 10), productId: P.chicha.id, qty: 2, remark: '' }],
    note: '',
    ...over,
  };
}

/** The live takeout, or a test failure. */
export function takeoutOf(s: State, takeoutId: string): Takeout {
  const t = getOwn(s.takeouts, takeoutId);
  if (!t) throw new Error(`no live takeout ${takeoutId}`);
  return t;
}

/** Settles a takeout's order in cash at the till (exactly what is due). */
export function payAtTill(s: State, takeoutId: string, staffId: string = S.counter): State {
  const t = takeoutOf(s, takeoutId);
  if (t.orderId === null) throw new Error('already paid');
  return exec(s, 'order.settle', { orderId: t.orderId, payments: [{ method: 'cash', amountCents: t.collectCents }], document: { kind: 'note', docId: '', name: '' }, print: false }, as(staffId)).state;
}
