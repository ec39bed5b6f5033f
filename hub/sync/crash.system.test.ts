import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyAll, emptyState } from '#domain';
import { Engine } from '#hub/engine/engine.ts';
import { snapshotFor } from '#hub/presenters/index.ts';
import type { LogRecord } from '#hub/engine/log-record.ts';
import type { Change, Command, CommandReply, Health, JobBoardReply, Snapshot, State, TableStatus } from '#protocol';
import { PROTOCOL_VERSION, SOCKET_EVENTS, TABLE_STATUS, unpackSnapshot } from '#protocol';
import { encodeLine } from '#hub/store/line-codec.ts';
import { Wal } from '#hub/store/wal.ts';
import { freePort, spawnHub, type ChildHub } from '#hub/testing/child-hub.ts';
import {
  addLines,
  command,
  connectDevice,
  getJson,
  getState,
  NO_CUSTOMER,
  postCommand,
  DEMO_OWNER,
  sendCommand,
  signedIn,
  sleep,
  useCookie,
  waitUntil,
  type DeviceSocket,
} from '#hub/testing/test-hub.ts';
import { prng } from '#hub/testing/prng.ts';

/**
 * The hub's promise under the worst a till can do to it: pulled plug (kill -9)
 * at random moments while 8 devices work their tables. Every command a device
 * was told "ok" for must be in the log exactly once, with the seq it was told;
 * the log must be gapless; the hub after restart must serve what a replay of
 * the log gives; every device replica must follow without gaps or doubles.
 */

const CYCLES = Number(process.env.CRASH_CYCLES ?? 30);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SOCKET_DEVICES = 6;
const HTTP_DEVICES = 2;
/**
 * Stay under the engine's snapshotEvery (5000), so the whole log stays on disk to be checked.
 * The hub's own records come on top of the devices' commands: each send makes two tickets and
 * each pre-bill one, and every ticket is three records (job.start, job.markWriting,
 * job.finish), so at most about 1.5 per command plus a job.recover per interrupted ticket
 * (1,056 commands made a log of 2,338). Those tickets run one at a time per printer and lag far
 * behind the devices: when they stop, most of the tickets are still to run (a run stopped at
 * log seq 1,504 ended at 2,338; one stopped at 3,000 ended past 5,000 and wrote a snapshot).
 * So the bound that holds is on the commands made: MAX_NEW_COMMANDS x 2.5 stays under 5000
 * whatever the backlog. MAX_LOG_SEQ stops a machine that somehow records more per command.
 */
const MAX_NEW_COMMANDS = 1800;
const MAX_LOG_SEQ = 4000;
const ACK_TIMEOUT_MS = 2000;
const RECEIVED_CENTS = 50_000;
/** Every this many cycles, the crash also leaves half a record at the log's end (as a power cut mid-write would). */
const TEAR_EVERY = 5;

const rnd = prng(SEED);

type Phase = 'run' | 'drain' | 'stop';
type Acked = { seq: number; command: Command; deviceId: string };

/** What a device sends commands through. `null` from send: no answer (hub gone), keep it in the outbox. */
type Transport = { send(cmd: Command): Promise<CommandReply | null>; waitOnline(): Promise<void>; close(): void };

const STEPS = ['open', 'add', 'send', 'prebill', 'settle', 'clear'] as const;
const STATUS_AFTER: Record<(typeof STEPS)[number], TableStatus> = {
  open: TABLE_STATUS.pending,
  add: TABLE_STATUS.pending,
  send: TABLE_STATUS.dining,
  prebill: TABLE_STATUS.prebilled,
  settle: TABLE_STATUS.toClear,
  clear: TABLE_STATUS.free,
};

const world = {
  phase: 'run' as Phase,
  acked: new Map<string, Acked>(),
  sentIds: new Set<string>(),
  abandoned: new Set<string>(),
  errors: [] as string[],
  stats: { highestSeq: 0, created: 0, lostAcks: 0, resent: 0, resentWasCommitted: 0, resentFresh: 0, abandoned: 0, deliberate: 0, catchUps: 0, snapshots: 0 },
};
const fail = (msg: string) => {
  if (world.errors.length < 50) world.errors.push(msg);
};

/** A waiter's device: one table, the whole service cycle on it, renames in between, and an outbox of one. */
class Device {
  readonly id: string;
  readonly tableId: string;
  readonly minimumCents: number;
  transport: Transport | null = null;
  step = 0;
  orderId = '';
  tableStatus: TableStatus = TABLE_STATUS.free;
  /** The outbox: the command not yet acknowledged, resent as is (same id) until it is. */
  pending: Command | null = null;
  lost = new Set<string>();
  mine: Acked[] = [];
  // Replica, for socket devices.
  storeId = '';
  lastSeq = 0;
  replica: State | null = null;

  constructor(id: string, tableId: string, minimumCents: number) {
    this.id = id;
    this.tableId = tableId;
    this.minimumCents = minimumCents;
  }

  next(): Command {
    const o = { deviceId: this.id };
    if (rnd() < 0.25) return command('restaurant.rename', { name: `${this.id} ${world.stats.created}` }, o);
    const orderId = this.orderId;
    switch (STEPS[this.step]) {
      case 'open':
        return command('table.open', { tableId: this.tableId, orderId: randomUUID(), people: 2, customer: NO_CUSTOMER }, o);
      case 'add':
        return addLines(orderId, ['p-101', 'p-401'], o);
      case 'send':
        return command('order.send', { orderId }, o);
      case 'prebill':
        return command('order.prebill', { orderId }, o);
      case 'settle':
        return command('order.settleCash', { orderId, receivedCents: RECEIVED_CENTS }, o);
      default:
        return command('table.clear', { tableId: this.tableId }, o);
    }
  }

  /** The hub said ok: move the table along. */
  advance(cmd: Command, reply: Extract<CommandReply, { ok: true }>): void {
    if (cmd.type === 'restaurant.rename') return;
    const step = STEPS[this.step]!;
    if (cmd.type === 'table.open') {
      this.orderId = cmd.payload.orderId;
      if (reply.result.orderId !== this.orderId) fail(`${this.id}: table.open answered orderId ${reply.result.orderId}`);
    }
    if (cmd.type === 'order.settleCash') {
      const total = Math.max(3800, this.minimumCents);
      if (reply.result.totalCents !== total || reply.result.changeCents !== RECEIVED_CENTS - total) {
        fail(`${this.id}: settle answered ${JSON.stringify(reply.result)}, expected total ${total}`);
      }
    }
    this.tableStatus = STATUS_AFTER[step];
    this.step = (this.step + 1) % STEPS.length;
  }

  async run(): Promise<void> {
    const transport = this.transport!;
    while (world.phase !== 'stop') {
      let cmd = this.pending;
      if (!cmd) {
        if (world.phase === 'drain') return;
        if (this.mine.length > 0 && rnd() < 0.04) {
          await this.resendAcked(transport);
          continue;
        }
        if (world.stats.created >= MAX_NEW_COMMANDS || world.stats.highestSeq >= MAX_LOG_SEQ) {
          await sleep(20);
          continue;
        }
        cmd = this.next();
        this.pending = cmd;
        world.sentIds.add(cmd.id);
        world.stats.created++;
      }
      const wasLost = this.lost.has(cmd.id);
      const reply = await transport.send(cmd);
      if (reply === null) {
        if (!wasLost) world.stats.lostAcks++;
        this.lost.add(cmd.id);
        // A rename nobody waits for may be given up; the table's commands must go through.
        if (cmd.type === 'restaurant.rename' && rnd() < 0.3) {
          world.abandoned.add(cmd.id);
          world.stats.abandoned++;
          this.pending = null;
        }
        await transport.waitOnline();
        continue;
      }
      if (!reply.ok) {
        fail(`${this.id}: ${cmd.type} ${cmd.id} refused with ${reply.code} ${reply.message ?? ''}`);
        this.pending = null;
        return;
      }
      if (wasLost) {
        world.stats.resent++;
        if (reply.duplicate) world.stats.resentWasCommitted++;
        else world.stats.resentFresh++;
      } else if (reply.duplicate) {
        fail(`${this.id}: first send of ${cmd.id} answered as a duplicate`);
      }
      const before = world.acked.get(cmd.id);
      if (before && before.seq !== reply.seq) fail(`${cmd.id} acknowledged with seq ${before.seq} and later ${reply.seq}`);
      const entry: Acked = { seq: reply.seq, command: cmd, deviceId: this.id };
      world.acked.set(cmd.id, entry);
      world.stats.highestSeq = Math.max(world.stats.highestSeq, reply.seq);
      this.mine.push(entry);
      this.advance(cmd, reply);
      this.pending = null;
    }
  }

  /** A device that lost an ack it in fact got: resends an acknowledged command; it must not apply again. */
  private async resendAcked(transport: Transport): Promise<void> {
    const old = this.mine[Math.floor(rnd() * this.mine.length)]!;
    const reply = await transport.send(old.command);
    if (reply === null) return transport.waitOnline();
    world.stats.deliberate++;
    if (!reply.ok || reply.seq !== old.seq || reply.duplicate !== true) {
      fail(`${this.id}: resent acknowledged ${old.command.id} (seq ${old.seq}) got ${JSON.stringify(reply)}`);
    }
  }

  /** Folds what the hub sends into the replica; any gap, double or step back is a failure. */
  onSnapshot(snap: Snapshot): void {
    world.stats.snapshots++;
    if (this.storeId && snap.storeId !== this.storeId) fail(`${this.id}: storeId changed`);
    if (snap.seq < this.lastSeq) fail(`${this.id}: snapshot at ${snap.seq} behind what it already saw (${this.lastSeq})`);
    this.storeId = snap.storeId;
    this.lastSeq = snap.seq;
    this.replica = snap.state;
  }

  onChanges(changes: Change[], batch: boolean): void {
    if (batch) world.stats.catchUps++;
    for (const c of changes) {
      if (!this.replica) return fail(`${this.id}: change ${c.seq} before any snapshot`);
      if (c.seq !== this.lastSeq + 1) return fail(`${this.id}: got seq ${c.seq} after ${this.lastSeq}`);
      this.replica = applyAll(this.replica, c.events);
      this.lastSeq = c.seq;
    }
  }
}

function socketTransport(url: string, d: Device, cookie: string): { transport: Transport; socket: DeviceSocket } {
  const socket = connectDevice(url, {
    // The session survives every crash (auth.json is fsynced): the device reconnects signed in.
    cookie,
    // Asked at every reconnect: the device resumes from what its replica has.
    auth: (cb) => cb({ deviceId: d.id, protocolVersion: PROTOCOL_VERSION, storeId: d.storeId, lastSeq: d.lastSeq }),
    reconnection: true,
    reconnectionDelay: 20,
    reconnectionDelayMax: 100,
  });
  socket.on(SOCKET_EVENTS.snapshot, (s) => d.onSnapshot(unpackSnapshot(s)));
  socket.on(SOCKET_EVENTS.changes, (cs) => d.onChanges(cs, true));
  socket.on(SOCKET_EVENTS.change, (c) => d.onChanges([c], false));
  return {
    socket,
    transport: {
      async send(cmd) {
        if (!socket.connected) return null;
        try {
          return await sendCommand(socket, cmd, ACK_TIMEOUT_MS);
        } catch {
          return null;
        }
      },
      async waitOnline() {
        const end = Date.now() + 10_000;
        while (!socket.connected && world.phase !== 'stop' && Date.now() < end) await sleep(10);
      },
      close: () => socket.disconnect(),
    },
  };
}

function httpTransport(url: string, cookie: string): Transport {
  return {
    async send(cmd) {
      try {
        const res = await fetch(new URL('/api/commands', url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(cmd),
          signal: AbortSignal.timeout(ACK_TIMEOUT_MS),
        });
        return (await res.json()) as CommandReply;
      } catch {
        return null;
      }
    },
    waitOnline: () => sleep(20),
    close: () => {},
  };
}

/** Appends the first half of a plausible next record, without its newline, to the newest log segment. */
async function tearTail(dataDir: string): Promise<void> {
  const walDir = path.join(dataDir, 'wal');
  const last = (await readdir(walDir)).filter((n) => n.endsWith('.log')).sort().at(-1);
  if (!last) throw new Error('no log segment to tear');
  const line = encodeLine({ seq: 1e9, commandId: randomUUID(), type: 'restaurant.rename', events: [{ type: 'restaurant.renamed', name: 'torn' }] });
  await appendFile(path.join(walDir, last), line.slice(0, Math.floor(line.length / 2)));
}

async function mapLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}

/** The served state once the hub has no job pending or running (its own records stop moving the seq). */
async function quietState(url: string): Promise<Awaited<ReturnType<typeof getState>>> {
  const end = Date.now() + 60_000;
  for (;;) {
    const s = await getState(url);
    // The jobs are the hub's (its job table): the board's totals say whether any waits or runs.
    const board = await getJson<JobBoardReply>(url, '/api/jobs/board');
    const busy = !board.body.ok || board.body.board.totals.waiting > 0 || board.body.board.totals.running > 0;
    if (!busy) return s;
    if (Date.now() > end) throw new Error('the hub never finished its jobs');
    await sleep(100);
  }
}

describe('kill -9 under load', () => {
  let dataDir = '';
  let hub: ChildHub | null = null;
  const sockets: DeviceSocket[] = [];

  afterAll(async () => {
    world.phase = 'stop';
    if (hub) useCookie(hub.url, undefined);
    for (const s of sockets) s.disconnect();
    await hub?.kill9();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(`loses no acknowledged command and applies none twice over ${CYCLES} crashes`, async () => {
    const started = Date.now();
    dataDir = await mkdtemp(path.join(tmpdir(), 'pos-crash-'));
    const port = await freePort();
    let output = '';
    hub = await spawnHub({ dataDir, port });
    const url = hub.url;
    const seeded = (await getJson<Health>(url, '/api/health')).body;
    const storeId = seeded.storeId;

    const devices: Device[] = [];
    for (let i = 0; i < SOCKET_DEVICES + HTTP_DEVICES; i++) {
      const tableId = `t-s${i + 1}`;
      const d = new Device(`dev-${i + 1}`, tableId, tableId === 't-s8' ? 20_000 : 0);
      // Each device is signed in (the demo owner) and enrolled under its own id, which the log then records.
      const cookie = await signedIn(url, DEMO_OWNER.code, DEMO_OWNER.pin, d.id);
      if (i === 0) useCookie(url, cookie);
      if (i < SOCKET_DEVICES) {
        const { transport, socket } = socketTransport(url, d, cookie);
        d.transport = transport;
        sockets.push(socket);
      } else {
        d.transport = httpTransport(url, cookie);
      }
      devices.push(d);
    }
    const loops = devices.map((d) => d.run().catch((err: unknown) => fail(`${d.id} crashed: ${String(err)}`)));

    // Crash cycles: up, work for 20-300 ms, pull the plug, start again on the same data.
    const perCycle: number[] = [];
    let torn = 0;
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      if (cycle > 1) hub = await spawnHub({ dataDir, port, readyTimeoutMs: 30_000 });
      const ackedBefore = world.acked.size;
      await sleep(20 + Math.floor(rnd() * 281));
      if (hub.proc.exitCode !== null) fail(`cycle ${cycle}: the hub exited by itself:\n${hub.output()}`);
      await hub.kill9();
      output += hub.output();
      perCycle.push(world.acked.size - ackedBefore);
      if (cycle % TEAR_EVERY === 0) {
        await tearTail(dataDir);
        torn++;
      }
    }

    // Last start: the devices empty their outboxes, then stop.
    hub = await spawnHub({ dataDir, port, readyTimeoutMs: 30_000 });
    world.phase = 'drain';
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      Promise.all(loops).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 20_000))),
    ]);
    clearTimeout(timer);
    world.phase = 'stop';
    expect(drained, 'devices did not empty their outboxes').toBe(true);
    expect(world.errors).toEqual([]);

    // The hub goes on recording its own work after the devices stop: the virtual printer's ticket for
    // every send runs as a job (started, finished). Compare once that backlog has run out.
    const served = await quietState(url);
    expect(served.storeId).toBe(storeId);

    // Every socket replica caught up through crashes to exactly the served state.
    const socketDevices = devices.slice(0, SOCKET_DEVICES);
    await waitUntil(() => socketDevices.every((d) => d.lastSeq === served.seq), 30_000, `replicas to catch up with seq ${served.seq}`);
    for (const d of socketDevices) expect(d.replica, d.id).toEqual(served.state);
    for (const s of sockets) s.disconnect();

    // Each device's table is where its acknowledged commands left it.
    for (const d of devices) {
      const table = served.state.tables[d.tableId];
      expect(table?.status, `${d.id} on ${d.tableId}`).toBe(d.tableStatus);
      const open = d.tableStatus === TABLE_STATUS.pending || d.tableStatus === TABLE_STATUS.dining || d.tableStatus === TABLE_STATUS.prebilled;
      expect(table?.orderId).toBe(open ? d.orderId : null);
    }

    // Resending every acknowledged command: same seq, marked duplicate, nothing applied.
    const acked = [...world.acked.values()];
    let resendFailures = 0;
    await mapLimit(acked, 8, async (a) => {
      const r = await postCommand(url, a.command);
      if (!(r.status === 200 && r.body.ok && r.body.seq === a.seq && r.body.duplicate === true)) {
        if (resendFailures++ < 5) fail(`resend of ${a.command.type} ${a.command.id} (seq ${a.seq}): ${r.status} ${JSON.stringify(r.body)}`);
      }
    });
    expect(world.errors).toEqual([]);
    expect(resendFailures).toBe(0);
    expect((await getState(url)).seq).toBe(served.seq);

    await hub.kill9();
    output += hub.output();
    hub = null;

    // The log itself: seqs 1..N without a gap, each acknowledged id exactly once at its seq, nothing unknown.
    expect(existsSync(path.join(dataDir, 'snapshot.json')), `a snapshot was written (log seq ${served.seq}): the log is no longer whole`).toBe(false);
    const { wal, records } = await Wal.open<LogRecord>(path.join(dataDir, 'wal'), 0, () => {});
    await wal.close();
    expect(records.map((r) => r.seq)).toEqual(Array.from({ length: served.seq }, (_, i) => i + 1));
    const byId = new Map<string, LogRecord[]>();
    for (const r of records) byId.set(r.commandId, [...(byId.get(r.commandId) ?? []), r]);
    const twice = [...byId.entries()].filter(([, rs]) => rs.length > 1).map(([id]) => id);
    expect(twice, 'command ids applied more than once').toEqual([]);
    for (const a of acked) {
      const rs = byId.get(a.command.id) ?? [];
      expect(rs.map((r) => r.seq), `acknowledged ${a.command.type} ${a.command.id}`).toEqual([a.seq]);
      expect(rs[0]?.type).toBe(a.command.type);
      expect(rs[0]?.deviceId).toBe(a.deviceId);
    }
    // Besides what the devices sent: the demo seed, each device's sign-in note, and the hub's own
    // job records (the virtual printer's tickets for the orders sent: started, finished, recovered),
    // and the closing hour's export when a run straddles it (hub/exports/planner.ts).
    const byHub = (r: LogRecord) => r.deviceId === 'hub' && (r.type.startsWith('job.') || r.type === 'export.run');
    const unknown = records.filter((r) => r.deviceId !== 'hub-demo' && r.type !== 'staff.noteSignIn' && !byHub(r) && !world.sentIds.has(r.commandId));
    expect(unknown, 'records no device sent').toEqual([]);
    const lastRename = records.filter((r) => r.type === 'restaurant.rename').at(-1);
    expect(served.state.restaurant.name).toBe(lastRename?.events[0]?.type === 'restaurant.renamed' ? lastRename.events[0].name : '');

    // The state is a pure replay of the log, and recovery in-process agrees with what the hub served.
    // (GET /api/state serves the owner's view of it, hub/presenters: compare like with like.)
    const asServed = (state: State) => snapshotFor({ storeId, seq: served.seq, state }, DEMO_OWNER.id).state;
    expect(asServed(applyAll(emptyState(), records.flatMap((r) => r.events)))).toEqual(served.state);
    const engine = await Engine.open({ dir: dataDir, log: () => {} });
    try {
      expect(engine.seq).toBe(served.seq);
      expect(engine.storeId).toBe(storeId);
      expect(asServed(engine.state)).toEqual(served.state);
    } finally {
      await engine.close();
    }

    const s = world.stats;
    const tornTails = (output.match(/torn tail of \d+ bytes cut/g) ?? []).length;
    // Every torn tail was cut at the next start (each cycle but the last is followed by one).
    expect(tornTails).toBeGreaterThanOrEqual(torn);
    const committedUnacked = world.abandoned.size ? [...world.abandoned].filter((id) => byId.has(id)).length : 0;
    expect(CYCLES).toBeGreaterThanOrEqual(25);
    expect(acked.length).toBeGreaterThan(CYCLES * 2);
    console.log(
      `crash test (seed ${SEED}): ${CYCLES} kill -9 cycles in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${acked.length} commands acknowledged (per cycle ${Math.min(...perCycle)}-${Math.max(...perCycle)}), log seq ${served.seq}; ` +
        `${s.lostAcks} sends unanswered (hub killed or down), ${s.resent} resent with the same id (${s.resentWasCommitted} were already committed -> duplicate, ${s.resentFresh} applied fresh), ` +
        `${s.abandoned} abandoned (${committedUnacked} of them committed anyway), ${s.deliberate} acknowledged commands resent on purpose + ${acked.length} at the end -> all duplicates; ` +
        `${tornTails} torn tails cut (${torn} planted); replicas: ${s.catchUps} catch-up batches, ${s.snapshots} snapshots`,
    );
  });
});
