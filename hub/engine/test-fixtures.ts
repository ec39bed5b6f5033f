import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { demoCommands } from '#hub/demo/seed.ts';
import type { Command, CommandPayload, CommandReply, CommandType } from '#protocol';
import { Engine, type Actor, type EngineOptions } from './engine.ts';

/**
 * Builders for engine tests: a clock the test moves by hand, commands with
 * fresh UUIDs, the demo menu, and a dine-in-and-pay flow. Engines opened with
 * `open` are closed after each test (register useTempDirs before this, so the
 * engines close before their directories are removed).
 */

export const ACTOR: Actor = { staffId: null, deviceId: 'd1' };
/** 2025-03-14 19:30 in Lima (UTC-5). */
export const START = '2025-03-15T00:30:00.000Z';
export const DAY_MS = 86_400_000;

export type ManualClock = { now: () => Date; advance: (ms: number) => void; iso: () => string };

export function manualClock(startIso: string = START): ManualClock {
  let t = Date.parse(startIso);
  return { now: () => new Date(t), advance: (ms) => void (t += ms), iso: () => new Date(t).toISOString() };
}

export function cmd<K extends CommandType>(type: K, payload: CommandPayload<K>, at: string): Command {
  return { id: randomUUID(), type, payload, deviceId: ACTOR.deviceId, at } as Command;
}

export function useEngines(): {
  open: (opts: EngineOptions) => Promise<Engine>;
  /** Forgets an engine the test closed itself or means to leave "crashed". */
  release: (engine: Engine) => void;
} {
  const open = new Set<Engine>();
  afterEach(async () => {
    for (const e of open) await e.close().catch(() => undefined);
    open.clear();
  });
  return {
    open: async (opts) => {
      const engine = await Engine.open({ log: () => {}, ...opts });
      open.add(engine);
      return engine;
    },
    release: (engine) => void open.delete(engine),
  };
}

export async function submitOk(engine: Engine, command: Command): Promise<Extract<CommandReply, { ok: true }>> {
  const reply = await engine.submit(command, ACTOR);
  if (!reply.ok) throw new Error(`${command.type} refused: ${reply.code} ${reply.message ?? ''}`);
  return reply;
}

/** Seeds the demo restaurant (30 dishes, 12 tables; t-s8 has a S/ 200 minimum). */
export async function seedMenu(engine: Engine, clock: ManualClock): Promise<number> {
  const commands = demoCommands(ACTOR.deviceId, clock.iso());
  const replies = await Promise.all(commands.map((c) => engine.submit(c, ACTOR)));
  expect(replies.every((r) => r.ok)).toBe(true);
  return commands.length;
}

/** Opens a table, orders two dishes, sends them: the commands, to submit in order. */
export function dineCommands(tableId: string, at: string, orderId: string = randomUUID()): { orderId: string; commands: Command[] } {
  return {
    orderId,
    commands: [
      cmd('table.open', { tableId, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }, at),
      cmd(
        'order.addLines',
        {
          orderId,
          lines: [
            { lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' },
            { lineId: randomUUID(), productId: 'p-403', qty: 1, remark: 'helada' },
          ],
        },
        at,
      ),
      cmd('order.send', { orderId }, at),
    ],
  };
}

/** Total of dineCommands' lines: 2 x 3200 + 500. */
export const DINE_TOTAL = 6900;

/** Dines and pays at a table, then clears it; returns the order id. */
export async function dineAndPay(engine: Engine, clock: ManualClock, tableId: string, receivedCents = 10000): Promise<string> {
  const { orderId, commands } = dineCommands(tableId, clock.iso());
  for (const c of commands) await submitOk(engine, c);
  await submitOk(engine, cmd('order.settleCash', { orderId, receivedCents }, clock.iso()));
  await submitOk(engine, cmd('table.clear', { tableId }, clock.iso()));
  return orderId;
}

export async function walSegments(dir: string): Promise<string[]> {
  // The next segment made ahead (`next-segment.spare`, hub/store/wal-segment.ts) holds no records: not a segment.
  return (await fs.readdir(path.join(dir, 'wal'))).filter((n) => n.endsWith('.log')).sort();
}

/** Copies a data directory as it is on disk right now: what a power cut would leave. */
export async function crashCopy(from: string, to: string): Promise<string> {
  await fs.cp(from, to, { recursive: true });
  return to;
}
