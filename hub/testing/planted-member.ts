import { randomUUID } from 'node:crypto';
import type { CommandPayload, CommandType, PaymentInput } from '#protocol';
import { memberById } from '#protocol';
import { command, NO_CUSTOMER, postCommand, type TestHub } from './test-hub.ts';

/**
 * One member's whole story through a real hub, with personal values found nowhere else, so a
 * privacy test can search everything a device received for them (hub/presenters/member-privacy.test.ts):
 * registered with a phone, email, DNI, address, birthday and a rare last name; recharged by
 * bank remittance (bank, card number, certificate, account name) and by Yape (operation number);
 * attached to an order a waiter opened; a dinner paid partly by balance; a coupon gifted.
 */
export const PLANTED = {
  phone: '947318265',
  email: 'plantado.xq7@correo-secreto.pe',
  docId: '73918264',
  address: 'Jr. Huallaga 4417 Dpto 9Z',
  birthday: '1958-11-03',
  lastName: 'Huamanchumo',
  city: 'Chachapoyas',
  bank: 'Banco Plantado del Sur',
  cardNo: '4213 7788 9911 2046',
  certificate: 'CERT-PL-88412',
  accountName: 'Titular Plantado Xq',
  operationNo: 'YAPE-PL-55310',
} as const;

/** The strings a device must never hold, including the ways a page or a printer might write them. */
export function plantedNeedles(): string[] {
  const values: string[] = Object.values(PLANTED);
  // The card and the phone as digits only, and the birthday as a page would show it.
  return [...values, PLANTED.cardNo.replace(/\s/g, ''), '03/11/1958', 'correo-secreto'];
}

export type PlantedStory = { memberId: string; memberNo: string; orderId: string; billId: string; couponCode: string; shiftId: string };

async function ok<K extends CommandType>(t: TestHub, type: K, payload: CommandPayload<K>, cookie = t.cookie): Promise<void> {
  const r = await postCommand(t.url, command(type, payload), {}, { cookie });
  if (!r.body.ok) throw new Error(`${type} refused: ${r.body.code}`);
}

/**
 * Plays the story: the owner registers, recharges, attaches and settles; `waiterCookie` opens the
 * table and orders (so the order is the waiter's). Answers the ids a test calls routes with.
 */
export async function plantMember(t: TestHub, waiterCookie: string, tableId: string, productId: string): Promise<PlantedStory> {
  const state = () => t.hub.engine.state;
  if (!state().openShift) await ok(t, 'shift.open', { id: `sh-${randomUUID().slice(0, 8)}`, floatCents: 0 });
  const memberId = randomUUID();
  await ok(t, 'member.register', {
    memberId,
    phone: PLANTED.phone,
    email: PLANTED.email,
    name: 'Rosaura',
    lastName: PLANTED.lastName,
    gender: 2,
    city: PLANTED.city,
    address: PLANTED.address,
    birthday: PLANTED.birthday,
    regMethod: 1,
    docId: PLANTED.docId,
  });
  await ok(t, 'member.recharge', {
    memberId,
    rechargeId: randomUUID(),
    amountCents: 20_000,
    method: 4,
    bank: PLANTED.bank,
    cardNo: PLANTED.cardNo,
    certificate: PLANTED.certificate,
    accountName: PLANTED.accountName,
    arrivedAt: new Date().toISOString(),
    print: true,
  });
  await ok(t, 'member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 5_000, method: 3, operationNo: PLANTED.operationNo, print: true });

  // The waiter's table and dishes; the owner attaches the member and takes the payment.
  const orderId = randomUUID();
  await ok(t, 'table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER }, waiterCookie);
  await ok(t, 'order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId, qty: 2, remark: '' }], send: true }, waiterCookie);
  await ok(t, 'order.attachMember', { orderId, memberId, verify: PLANTED.phone.slice(-4) });
  const due = state().orders[orderId]!.lines.reduce((s, l) => s + l.unitPriceCents * l.qty, 0);
  const byBalance = Math.min(due, 1_000);
  const payments: PaymentInput[] = [{ method: 'balance', amountCents: byBalance }, ...(due > byBalance ? [{ method: 'cash' as const, amountCents: due - byBalance }] : [])];
  const seq = t.hub.engine.seq;
  await ok(t, 'order.settle', { orderId, payments, document: { kind: 'note', docId: '', name: '' }, print: true });
  const settled = (t.hub.engine.changesSince(seq) ?? []).flatMap((c) => c.events).find((e) => e.type === 'order.settled');
  if (settled?.type !== 'order.settled') throw new Error('the planted dinner made no bill');
  const billId = settled.bill.id;

  // A coupon batch issued through the route, one of its coupons gifted to the member.
  const batchId = randomUUID();
  const issued = await fetch(new URL('/api/coupons/batches', t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: t.cookie },
    body: JSON.stringify({ batchId, prefix: 'plant', name: 'Regalo plantado', deductionCents: 700, category: 1, expiresOn: '2099-12-31', quantity: 2 }),
  });
  if (issued.status !== 201) throw new Error(`coupon batch refused: ${issued.status}`);
  const page = (await (await fetch(new URL(`/api/coupons?batchId=${batchId}`, t.url), { headers: { cookie: t.cookie } })).json()) as { coupons: { code: string }[] };
  const couponCode = page.coupons[0]!.code;
  await ok(t, 'coupon.gift', { code: couponCode, memberId });
  await ok(t, 'coupon.print', { code: couponCode });

  return { memberId, memberNo: memberById(state(), memberId)!.no, orderId, billId, couponCode, shiftId: state().openShift!.id };
}
