import type { IntakeChannel } from '#hub/auth/intake-channels.ts';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import type { Command, CommandPayload, ErrorCode } from '#protocol';
import { DELIVERY_METHOD } from '#protocol';
import { HttpError } from '../../http-error.ts';
import type { ReceivedOrders, ReceivedOrder } from './received-orders.ts';
import type { IntakeOrder } from './schema.ts';
import { checkLinesAgainstMenu, stableUuid } from './to-command.ts';

/** What the route answers with: the first takeout of this (channel, order id), and whether this request was a replay. */
export type IntakeAnswer = { duplicate: boolean; received: ReceivedOrder };

type Deps = { engine: Engine; received: ReceivedOrders; clock: () => Date };

/** The hub records a channel's order as the channel: no staff member, a device named after the channel (the activity shows it). */
export function channelActor(channelId: string): Actor {
  return { staffId: null, deviceId: `intake:${channelId}` };
}

/** The protocol's `takeout.intake` payload for a channel's order. */
export function intakePayload(channel: IntakeChannel, order: IntakeOrder, ids: { takeoutId: string; orderId: string }): CommandPayload<'takeout.intake'> {
  const delivery = order.method === 'delivery' && order.delivery ? order.delivery : null;
  return {
    takeoutId: ids.takeoutId,
    orderId: ids.orderId,
    channelId: channel.id,
    externalId: order.externalId,
    customer: { name: order.customer.name, phone: order.customer.phone },
    method: order.method === 'delivery' ? DELIVERY_METHOD.delivery : DELIVERY_METHOD.pickup,
    // SPEC's order type when the shop gives none: a pickup is a take-away, a delivery goes at once.
    type: order.type ?? (order.method === 'pickup' ? 'takeaway' : 'immediate'),
    ...(order.expectedAt ? { expectedAt: new Date(order.expectedAt).toISOString() } : {}),
    delivery: delivery && {
      address: delivery.address,
      reference: delivery.reference ?? '',
      receiverName: delivery.receiverName ?? order.customer.name,
      receiverPhone: delivery.receiverPhone ?? order.customer.phone,
      contactPhone: order.customer.phone,
      distanceM: delivery.distanceM ?? 0,
      feeCents: delivery.feeCents ?? 0,
      changeForCents: delivery.changeForCents ?? 0,
    },
    lines: order.lines.map((l, i) => ({
      lineId: stableUuid(channel.id, order.externalId, `line:${i}`),
      productId: l.productId,
      specId: l.specId ?? null,
      qty: l.qty,
      remark: l.remark ?? '',
    })),
    note: order.note ?? '',
    paidByChannel: order.paid ?? false,
  };
}

/** Codes the rules answer when this very takeout is already recorded (a replay after a power cut between the log and the received file). */
const ALREADY_RECORDED: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['DUPLICATE_ID', 'INTAKE_DUPLICATE']);

/**
 * Records a new order: checks its lines against the menu, submits
 * `takeout.intake` under ids derived from (channel, order id), then notes it
 * as received (on disk) before answering. A refusal of the rules is the
 * channel's answer, translated like any other code.
 */
export async function recordIntake(deps: Deps, channel: IntakeChannel, order: IntakeOrder): Promise<IntakeAnswer> {
  checkLinesAgainstMenu(deps.engine.state, order.lines);
  const takeoutId = stableUuid(channel.id, order.externalId, 'takeout');
  const orderId = stableUuid(channel.id, order.externalId, 'order');
  const now = deps.clock();
  const command = {
    id: stableUuid(channel.id, order.externalId, 'command'),
    type: 'takeout.intake',
    payload: intakePayload(channel, order, { takeoutId, orderId }),
    deviceId: channelActor(channel.id).deviceId,
    at: now.toISOString(),
  } satisfies Command<'takeout.intake'>;
  // Known already: recorded before the hub lost power, the received file not yet written (the engine answers it again).
  const seenBefore = deps.engine.knows(command.id);
  const reply = await deps.engine.submit(command, channelActor(channel.id));
  const live = Object.hasOwn(deps.engine.state.takeouts, takeoutId) ? deps.engine.state.takeouts[takeoutId] : undefined;
  if (!reply.ok && !(ALREADY_RECORDED.has(reply.code) && live)) throw new HttpError(reply.code, reply.message ?? '');
  const received: ReceivedOrder = {
    channelId: channel.id,
    externalId: order.externalId,
    takeoutId,
    orderId,
    code: live?.code ?? '',
    pickupCode: live?.pickupCode ?? '',
    at: now.toISOString(),
  };
  await deps.received.remember(received);
  return { duplicate: seenBefore || !reply.ok, received };
}
