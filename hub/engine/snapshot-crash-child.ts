import { randomUUID } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import { demoCommands } from '#hub/demo/seed.ts';
import type { Command } from '#protocol';
import { Engine, type Actor } from './engine.ts';

/**
 * The process snapshot-crash.system.test.ts kills -9 while a background
 * snapshot is being written. Usage: node snapshot-crash-child.ts DATA_DIR LINES_FILE.
 * It keeps 16 commands in flight (a dish sold out, back, ...) with a snapshot
 * every 300 records, says `ready` on stdout once seeded, and reports in
 * LINES_FILE, one line each:
 *   `sent <commandId> <soldOut>` before submitting,
 *   `ack <seq> <commandId>` once the command is on disk.
 * A file, not stdout: a write to a pipe is only synchronous while the pipe has
 * room. When the parent read late (a busy CI machine), Node queued the line,
 * the kill dropped it, and the log held a command the parent never heard of.
 * writeSync to a file is in the kernel before the next command is submitted.
 */

const dir = process.argv[2];
const linesFile = process.argv[3];
if (!dir || !linesFile) throw new Error('usage: snapshot-crash-child.ts DATA_DIR LINES_FILE');
const lines = openSync(linesFile, 'a');
const report = (line: string) => writeSync(lines, `${line}\n`);
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
    report(`sent ${command.id} ${soldOut}`);
    const reply = await engine.submit(command, ACTOR);
    if (!reply.ok) throw new Error(`refused: ${reply.code}`);
    report(`ack ${reply.seq} ${command.id}`);
    await new Promise((r) => setImmediate(r));
  }
};
await Promise.all(Array.from({ length: 16 }, producer));
