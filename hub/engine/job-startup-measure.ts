/**
 * Measures a start with many print jobs waiting (issue 20 item 3, the job
 * table's part): `node hub/engine/job-startup-measure.ts DIR [JOBS]` fills
 * DIR (if empty) with the demo restaurant and JOBS (20,000) kitchen tickets
 * waiting for a printer nobody runs (no job service), closes it (a snapshot:
 * the tickets in the job table's files), then opens it again in a fresh
 * process and prints the open time, the jobs and lanes read back, and RSS.
 * With a third argument `crash` nothing is snapshotted and nothing closed (a
 * power cut after the tickets): the open replays every record of the log.
 * A tool, not a test: the bench (hub/bench) has the startup row.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { demoCommands } from '#hub/demo/seed.ts';
import type { Command, CommandPayload, CommandType } from '#protocol';
import { Engine, type Actor } from './engine.ts';

const [dir, count = '20000', mode = 'fill'] = process.argv.slice(2);
if (!dir) throw new Error('usage: job-startup-measure.ts DIR [JOBS]');
const ACTOR: Actor = { staffId: null, deviceId: 'measure' };
const at = () => new Date().toISOString();
const cmd = <K extends CommandType>(type: K, payload: CommandPayload<K>): Command => ({ id: randomUUID(), type, payload, deviceId: ACTOR.deviceId, at: at() }) as Command;

/** `crash`: no snapshot is taken and the process ends without closing: the open replays the whole log. */
async function fill(crash: boolean): Promise<void> {
  const engine = await Engine.open({ dir: dir!, log: () => {}, ...(crash ? { snapshotEvery: 1_000_000_000 } : {}) });
  if (engine.seq === 0) {
    for (const c of demoCommands(ACTOR.deviceId, at())) await engine.submit(c, ACTOR);
    await engine.submit(cmd('shift.open', { id: 'sh-measure', floatCents: 0 }), ACTOR);
    const started = Date.now();
    // Each send prints a kitchen ticket that waits (nobody runs the printers here); every 20
    // tickets the order is paid and its table cleared, so orders stay the size they are in a restaurant.
    const tables = ['t-s1', 't-s2', 't-s3', 't-s4', 't-s5', 't-s6'];
    while (engine.jobs.totals().waiting < Number(count)) {
      await Promise.all(
        tables.map(async (tableId) => {
          const orderId = randomUUID();
          await engine.submit(cmd('table.open', { tableId, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }), ACTOR);
          for (let i = 0; i < 20; i++) {
            await engine.submit(cmd('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }] }), ACTOR);
            await engine.submit(cmd('order.send', { orderId }), ACTOR);
          }
          const paid = await engine.submit(cmd('order.settleCash', { orderId, receivedCents: 1_000_000 }), ACTOR);
          if (!paid.ok) throw new Error(`settle refused: ${paid.code}`);
          await engine.submit(cmd('table.clear', { tableId }), ACTOR);
        }),
      );
    }
    console.log(`filled: ${engine.jobs.totals().waiting} waiting jobs, ${engine.seq} records in ${Date.now() - started} ms`);
  }
  if (!crash) await engine.close();
}

async function open(): Promise<void> {
  const t0 = performance.now();
  const engine = await Engine.open({ dir: dir!, log: () => {} });
  const ms = performance.now() - t0;
  const lanes = engine.jobs.laneCounters().filter((l) => l.waiting > 0);
  const rss = process.memoryUsage().rss / 1024 / 1024;
  const g = (globalThis as { gc?: () => void }).gc;
  g?.();
  const mem = process.memoryUsage();
  if (g) console.log(`after a gc: heap used ${(mem.heapUsed / 1048576).toFixed(0)} MB, RSS ${(mem.rss / 1048576).toFixed(0)} MB`);
  const bytes = (await fs.readdir(`${dir}/jobs`)).length;
  console.log(`open: ${ms.toFixed(0)} ms, ${engine.jobs.size} jobs (${lanes.map((l) => `${l.key}: ${l.waiting} waiting, head ${engine.jobs.laneHead(l.key)?.id}`).join('; ')}), RSS ${rss.toFixed(0)} MB, files in jobs/: ${bytes}`);
  await engine.close();
}

if (mode === 'fill' || mode === 'crash') {
  await fill(mode === 'crash');
  // The open is measured in a process of its own (the fill's heap would count in RSS).
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), dir, count, 'open'], { stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} else await open();
