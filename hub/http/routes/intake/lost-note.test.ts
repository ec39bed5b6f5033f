import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startHub } from '#hub/server.ts';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { intakeOrderSchema } from './schema.ts';
import { channelActor, intakePayload } from './record.ts';
import { stableUuid } from './to-command.ts';
import { deliveryOrder, makeChannel, postOrder } from './test-helpers.ts';

/**
 * The power cut between the log and the received file: the takeout is on
 * disk, the route never noted the order as received, the shop retries.
 * Both of the route's fallbacks are driven here through the real engine
 * (the window itself is microseconds wide; a kill -9 cannot be aimed at it):
 * the engine still knows the command id (it keeps them a week, across
 * restarts), or it has forgotten it and the rules' own index of live intake
 * orders answers INTAKE_DUPLICATE. Either way: the first takeout, nothing new.
 */
let t: TestHub | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function recordedWithoutNote(hub: TestHub, channelId: string, externalId: string, commandId: string): Promise<string> {
  const order = intakeOrderSchema.parse(deliveryOrder(externalId));
  const channel = { id: channelId, name: '', keyHash: '', keyHint: '', createdAt: '', createdBy: null, revokedAt: null, revokedBy: null };
  const takeoutId = stableUuid(channelId, externalId, 'takeout');
  const payload = intakePayload(channel, order, { takeoutId, orderId: stableUuid(channelId, externalId, 'order') });
  const reply = await hub.hub.engine.submit({ id: commandId, type: 'takeout.intake', payload, deviceId: channelActor(channelId).deviceId, at: new Date().toISOString() }, channelActor(channelId));
  expect(reply.ok).toBe(true);
  return takeoutId;
}

describe('an order recorded but not noted as received', () => {
  it('after a restart, the engine still knows the command: the retry gets the first takeout', async () => {
    t = await startTestHub();
    const { id, key } = await makeChannel(t);
    const takeoutId = await recordedWithoutNote(t, id, 'CUT-1', stableUuid(id, 'CUT-1', 'command'));
    await t.hub.close();
    const hub = await startHub({ dataDir: t.dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => {} });
    const again: TestHub = { ...t, url: hub.url, hub, close: () => hub.close() };
    try {
      const seq = hub.engine.seq;
      const r = await postOrder(again, key, deliveryOrder('CUT-1'));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ duplicate: true, takeout: { id: takeoutId, status: 0 } });
      expect(hub.engine.seq).toBe(seq);
      // Now noted: the next retry is answered from the received file.
      expect((await postOrder(again, key, deliveryOrder('CUT-1'))).body).toMatchObject({ duplicate: true, takeout: { id: takeoutId } });
      expect(hub.engine.seq).toBe(seq);
    } finally {
      await hub.close();
    }
  });

  it('the engine forgot the command id: the rules find the live takeout by (channel, order id)', async () => {
    t = await startTestHub();
    const { id, key } = await makeChannel(t);
    const takeoutId = await recordedWithoutNote(t, id, 'CUT-2', randomUUID());
    const seq = t.hub.engine.seq;
    const r = await postOrder(t, key, deliveryOrder('CUT-2'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ duplicate: true, takeout: { id: takeoutId } });
    expect(t.hub.engine.seq).toBe(seq);
    expect(Object.values(t.hub.engine.state.takeouts).filter((x) => x.externalId === 'CUT-2')).toHaveLength(1);
  });
});
