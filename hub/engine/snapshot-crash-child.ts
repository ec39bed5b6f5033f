import { randomUUID } from 'node:crypto';
import { demoCommands } from '#hub/demo/seed.ts';
import type { Command } from '#protocol';
import { Engine, type Actor } from './engine.ts';

/**
 * The process snapshot-crash.system.test.ts kills -9 while a background
 * snapshot is being written. Usage: node snapshot-crash-child.ts DATA_DIR.
 * It keeps 16 commands in flight (a dish sold out, back, ...) with a snapshot
 * every 300 records, and reports on stdout, one line each:
 *   `sent <commandId> <soldOut>` before submitting,
 *   `ack <seq> <commandId>` once the command is on disk.
 * Writes to a pipe are synchronous on Linux: a line the parent reads was
 * written before the kill.
 */

const dir = process.argv[2];
if (!dir) throw new Error('usage: snapshot-crash-child.ts DATA_DIR');
const ACTOR: Actor = { staffId: null, deviceId: 'crash-child' };

const engine = await Engine.open({ dir, snapshotEvery: 300, log: (m) => process.stderr.write(`${m}\n`) });
if (engine.seq === 0) {
  const replies = await Promise.all(demoCommands(ACTOR.deviceId, new Date().toISOString()).map((c) => engine.submit(c, ACTOR)));
  if (!replies.every((r) => r.ok)) throw new Error('demo seed refused');
}
process.stdout.write('ready\n');

let n = 0;
const producer = async () => {
  for (;;) {
    const soldOut = n++ % 2 === 0;
    const command = { id: randomUUID(), type: 'product.setSoldOut', payload: { productId: 'p-101', soldOut }, deviceId: ACTOR.deviceId, at: new Date().toISOString() } as Command;
    process.stdout.write(`sent ${command.id} ${soldOut}\n`);
    const reply = await engine.submit(command, ACTOR);
    if (!reply.ok) throw new Error(`refused: ${reply.code}`);
    process.stdout.write(`ack ${reply.seq} ${command.id}\n`);
    await new Promise((r) => setImmediate(r));
  }
};
await Promise.all(Array.from({ length: 16 }, producer));
