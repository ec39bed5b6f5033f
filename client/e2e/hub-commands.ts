import { randomUUID } from 'node:crypto';
import type { Command, CommandPayload, CommandType } from '#protocol';
import type { BrowserHub } from './harness.ts';

/**
 * Records a command as the hub itself would (no person, no device), straight
 * through the engine: how a browser test sets the scene it then walks.
 */
export async function asHub<K extends CommandType>(env: BrowserHub, type: K, payload: CommandPayload<K>): Promise<void> {
  const command = { id: randomUUID(), type, payload, deviceId: 'hub', at: new Date().toISOString() } as Command;
  const reply = await env.hub.engine.submit(command, { staffId: null, deviceId: 'hub' });
  if (!reply.ok) throw new Error(`${type}: ${reply.code} ${reply.message ?? ''}`);
}

/** A served order on `tableId`: two ceviches and a drink, sent to the kitchen. Returns its id. */
export async function servedOrder(env: BrowserHub, tableId: string, people = 2): Promise<string> {
  const orderId = randomUUID();
  await asHub(env, 'table.open', { tableId, orderId, people, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
  await asHub(env, 'order.addLines', {
    orderId,
    lines: [
      { lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' },
      { lineId: randomUUID(), productId: 'p-403', qty: 1, remark: '' },
    ],
    send: true,
  });
  return orderId;
}
