import { randomUUID } from 'node:crypto';
import type { CommandPayload, CommandReply, CommandType } from '#protocol';
import { command, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import type { StartOptions } from '#hub/server.ts';

/** People of the takeout hub tests, each with a session: riders Ana and Beto, a counter cashier, a cashier, a waiter. */
export const PEOPLE = {
  ana: { id: 'rider-ana', code: '71', roleId: 'rider' },
  beto: { id: 'rider-beto', code: '72', roleId: 'rider' },
  counter: { id: 'counter-1', code: '73', roleId: 'counter' },
  cashier: { id: 'cashier-1', code: '74', roleId: 'cashier' },
  waiter: { id: 'waiter-1', code: '75', roleId: 'waiter' },
} as const;
export type Person = keyof typeof PEOPLE;

export type TakeoutHub = TestHub & { cookies: Record<Person | 'owner', string> };

/** A real hub (Koa, socket.io, store in a temp dir) with the people above signed in on their own devices. */
export async function startTakeoutHub(overrides: Partial<StartOptions> = {}): Promise<TakeoutHub> {
  const t = await startTestHub(overrides);
  const cookies = { owner: t.cookie } as Record<Person | 'owner', string>;
  for (const [key, p] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    await must(t, 'staff.save', { id: p.id, name: `Persona ${key}`, code: p.code, roleId: p.roleId });
    const r = await fetch(new URL(`/api/staff/${p.id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: '7171' }) });
    if (r.status !== 200) throw new Error(`pin for ${p.id}: ${r.status}`);
    cookies[key] = await signedIn(t.url, p.code, '7171', `device-${key}`);
  }
  // Money is taken only inside a shift (the demo hub may have one open already).
  if (!t.hub.engine.state.openShift) await must(t, 'shift.open', { id: `sh-${randomUUID()}`, floatCents: 10_000 });
  return { ...t, cookies };
}

/** Sends a command as `who` (the owner by default); returns the reply. */
export async function send<K extends CommandType>(t: TakeoutHub, type: K, payload: CommandPayload<K>, who: Person | 'owner' = 'owner'): Promise<CommandReply> {
  return (await postCommand(t.url, command(type, payload), {}, { cookie: t.cookies[who] })).body;
}

/** Sends a command that must be accepted (test setup). */
export async function must<K extends CommandType>(t: TestHub, type: K, payload: CommandPayload<K>, cookie: string = t.cookie): Promise<Extract<CommandReply, { ok: true }>> {
  const r = (await postCommand(t.url, command(type, payload), {}, { cookie })).body;
  if (!r.ok) throw new Error(`setup ${type} refused: ${r.code} ${r.message ?? ''}`);
  return r;
}

export const DELIVERY_DETAILS = { address: 'Av. Larco 123, Miraflores', reference: 'Frente al parque', receiverName: 'Ana Torres', receiverPhone: '987654321', contactPhone: '', distanceM: 1500, feeCents: 500, changeForCents: 10_000 };

/** A phone delivery (or, with method 1, a counter take-away) of one demo dish, sent to the kitchen. */
export function takeoutPayload(method: 0 | 1, over: Partial<CommandPayload<'takeout.create'>> = {}): CommandPayload<'takeout.create'> {
  return {
    takeoutId: randomUUID(),
    orderId: randomUUID(),
    channel: method === 0 ? 'phone' : 'counter',
    type: method === 0 ? 'immediate' : 'takeaway',
    method,
    customer: { name: 'Ana Torres', phone: '987654321' },
    ...(method === 0 ? { delivery: DELIVERY_DETAILS } : {}),
    invoiceType: 'note',
    lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }],
    send: true,
    ...over,
  };
}

/** Settles a takeout's order in cash at the till, as the owner. */
export async function payCash(t: TakeoutHub, orderId: string): Promise<void> {
  await must(t, 'order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
}
