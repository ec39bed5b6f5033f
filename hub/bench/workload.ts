import { randomUUID } from 'node:crypto';
import { DEMO_SPECIAL_IDS } from '#hub/demo/goods-data.ts';
import { DEMO_DISHES, DEMO_TABLES } from '#hub/demo/menu-data.ts';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import type { Command, CommandPayload, CommandReply, CommandType, Customer, TableDef } from '#protocol';
import { rng } from './common.ts';

/**
 * The realistic workload every benchmark sends: a waiter's device working one
 * table round and round (open, order, send to the kitchen, order more, send,
 * pre-bill, settle in cash, clear), with an occasional rename by the owner.
 */

const PRICES = new Map(DEMO_DISHES.map(([code, , , , , price]) => [`p-${code}`, price]));
// Dishes that can run out of stock or need a size would make the workload refuse itself.
const PRODUCT_IDS = [...PRICES.keys()].filter((id) => !DEMO_SPECIAL_IDS.has(id));
const REMARKS = ['', '', '', '', 'sin ají', 'bien cocido', 'para llevar', 'sin hielo', 'poca sal'];
const NAMES = ['', '', '', 'Rosa Quispe', 'Luis Mamani', 'Ana Flores', 'Jorge Huamán'];

export function makeCommand<K extends CommandType>(type: K, payload: CommandPayload<K>, deviceId: string): Command {
  return { id: randomUUID(), type, payload, deviceId, at: new Date().toISOString() } as Command;
}

/** Table definitions for `count` tables: the 12 demo tables first, then extra bench tables. */
export function benchTables(count: number): TableDef[] {
  const out: TableDef[] = [];
  for (let i = 0; i < count; i++) {
    const demo = DEMO_TABLES[i];
    if (demo) {
      out.push({ ...demo, type: demo.id === 't-s8' ? 'private_free' : 'hall', minConsumptionCents: demo.id === 't-s8' ? 20000 : 0, sort: i });
    } else {
      out.push({ id: `t-b${i + 1}`, areaId: 'area-terraza', name: `B${i + 1}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: i });
    }
  }
  return out;
}

/** The `table.save` commands that add the bench tables a demo restaurant lacks. */
export function extraTableCommands(count: number, deviceId: string): Command[] {
  return benchTables(count)
    .filter((t) => t.id.startsWith('t-b'))
    .map((t) => makeCommand('table.save', t, deviceId));
}

type Step = 'open' | 'add' | 'send' | 'prebill' | 'settle' | 'clear';

/**
 * One device's round of one table. `next()` gives the next command; call it
 * again only after the previous one was answered (as a device would).
 */
export class TableRound {
  private step: Step = 'open';
  private orderId = '';
  private totalCents = 0;
  private minimumCents: number;
  private rounds = 0;
  private readonly random: () => number;
  readonly deviceId: string;
  private readonly table: TableDef;
  private readonly renameEvery: number;
  private sent = 0;

  /** `renameEvery`: every n-th command of this device is a rename instead (0: never). */
  constructor(deviceId: string, table: TableDef, seed: number, renameEvery = 0) {
    this.deviceId = deviceId;
    this.table = table;
    this.minimumCents = table.minConsumptionCents;
    this.random = rng(seed);
    this.renameEvery = renameEvery;
  }

  next(): Command {
    this.sent++;
    if (this.renameEvery > 0 && this.sent % this.renameEvery === 0) {
      return makeCommand('restaurant.rename', { name: `Restaurante Demo ${1 + Math.floor(this.random() * 99)}` }, this.deviceId);
    }
    switch (this.step) {
      case 'open': {
        this.orderId = randomUUID();
        this.totalCents = 0;
        this.rounds = 0;
        this.step = 'add';
        const name = this.pick(NAMES);
        const customer: Customer = { name, gender: name ? 1 : 0, phone: name ? '987654321' : '', reason: name ? 'family' : '', remarks: '' };
        return makeCommand('table.open', { tableId: this.table.id, orderId: this.orderId, people: 1 + Math.floor(this.random() * this.table.seats), customer }, this.deviceId);
      }
      case 'add': {
        const lines = Array.from({ length: 1 + Math.floor(this.random() * 4) }, () => {
          const productId = this.pick(PRODUCT_IDS);
          const qty = 1 + Math.floor(this.random() * 3);
          this.totalCents += PRICES.get(productId)! * qty;
          return { lineId: randomUUID(), productId, qty, remark: this.pick(REMARKS) };
        });
        this.step = 'send';
        return makeCommand('order.addLines', { orderId: this.orderId, lines }, this.deviceId);
      }
      case 'send':
        this.rounds++;
        // Two or three rounds of ordering per table, then the bill.
        this.step = this.rounds >= 2 + Math.floor(this.random() * 2) ? 'prebill' : 'add';
        return makeCommand('order.send', { orderId: this.orderId }, this.deviceId);
      case 'prebill':
        this.step = 'settle';
        return makeCommand('order.prebill', { orderId: this.orderId }, this.deviceId);
      case 'settle': {
        this.step = 'clear';
        const total = Math.max(this.totalCents, this.minimumCents);
        // Guests pay with round notes: up to the next 10 or 50 soles.
        const note = this.random() < 0.5 ? 1000 : 5000;
        return makeCommand('order.settleCash', { orderId: this.orderId, receivedCents: Math.ceil(total / note) * note }, this.deviceId);
      }
      case 'clear':
        this.step = 'open';
        return makeCommand('table.clear', { tableId: this.table.id }, this.deviceId);
    }
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }
}

export type DriveResult = {
  submitted: number;
  refused: Record<string, number>;
  /** Submit-to-acknowledge time of every command, ms. */
  latencies: number[];
  /** The same for the commands that were in flight while a snapshot was being written. */
  duringSnapshot: number[];
  elapsedMs: number;
  /** Commit batches seen (one fdatasync each). */
  batches: number;
  /** Every command with its reply, when asked for (to build reference records). */
  replies: { command: Command; reply: CommandReply }[];
};

/**
 * Lets a new I/O turn begin, as between two commands arriving from devices
 * (over a socket, the next command always comes in a later macrotask), so
 * in-process producers batch the way network traffic does.
 *
 * It first served as a workaround: Engine.kick() cleared `flushing` in a
 * `.finally` one microtask after the flush loop found its queue empty, so a
 * command submitted by code resuming on an acknowledgement was stranded until
 * another submit came. The engine now re-kicks in that `.finally`.
 */
export const nextTurn = () => new Promise<void>((r) => setImmediate(r));

/**
 * Drives an engine with `producers` devices, each awaiting every answer
 * before sending its next command, until `total` commands were sent or
 * `maxMs` passed. Each device works its own table (`producers` tables of
 * `benchTables` from `firstTable` on, which must exist).
 */
export async function driveEngine(
  engine: Engine,
  opts: {
    total: number;
    producers: number;
    maxMs: number;
    seed?: number;
    renameEvery?: number;
    keepReplies?: boolean;
    firstTable?: number;
    /** Continue these devices' rounds (one per producer) instead of starting fresh ones. */
    rounds?: TableRound[];
  },
): Promise<DriveResult> {
  const rounds = opts.rounds ?? makeRounds(opts.producers, opts);
  const refused: Record<string, number> = {};
  const latencies: number[] = [];
  const duringSnapshot: number[] = [];
  const replies: DriveResult['replies'] = [];
  let submitted = 0;
  let batches = 0;
  let batchOpen = false;
  const stop = engine.onChange(() => {
    // Commits of one batch are announced in one synchronous loop: count ticks.
    if (!batchOpen) {
      batchOpen = true;
      batches++;
      queueMicrotask(() => (batchOpen = false));
    }
  });
  const start = performance.now();
  const deadline = start + opts.maxMs;
  const producer = async (i: number) => {
    const round = rounds[i]!;
    const actor: Actor = { staffId: null, deviceId: round.deviceId };
    while (submitted < opts.total && performance.now() < deadline) {
      submitted++;
      const command = round.next();
      const t0 = performance.now();
      const snapshotAtSubmit = engine.snapshotting;
      const snapshotsBefore = engine.snapshotsStarted;
      const reply = await engine.submit(command, actor);
      const ms = performance.now() - t0;
      latencies.push(ms);
      // In flight while a snapshot ran: one was running at either end, or one started in between.
      if (snapshotAtSubmit || engine.snapshotting || engine.snapshotsStarted !== snapshotsBefore) duringSnapshot.push(ms);
      if (!reply.ok) refused[reply.code] = (refused[reply.code] ?? 0) + 1;
      if (opts.keepReplies) replies.push({ command, reply });
      await nextTurn();
    }
  };
  await Promise.all(Array.from({ length: opts.producers }, (_, i) => producer(i)));
  const elapsedMs = performance.now() - start;
  stop();
  return { submitted, refused, latencies, duringSnapshot, elapsedMs, batches, replies };
}

/** One round per device, on tables `firstTable`.. of `benchTables`. */
export function makeRounds(producers: number, opts: { seed?: number; renameEvery?: number; firstTable?: number } = {}): TableRound[] {
  const first = opts.firstTable ?? 0;
  const tables = benchTables(first + producers).slice(first);
  return tables.map((t, i) => new TableRound(`bench-dev-${first + i + 1}`, t, (opts.seed ?? 1) * 1000 + i, opts.renameEvery ?? 0));
}

/** Submits commands one by one and fails loudly if one is refused (set-up only). */
export async function submitAll(engine: Engine, commands: readonly Command[]): Promise<void> {
  const actor: Actor = { staffId: null, deviceId: 'bench-setup' };
  for (const c of commands) {
    const reply = await engine.submit(c, actor);
    await nextTurn();
    if (!reply.ok) throw new Error(`bench set-up command ${c.type} refused: ${reply.code} ${reply.message ?? ''}`);
  }
}
