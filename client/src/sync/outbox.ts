import { proxy } from 'valtio';
import type { Command, CommandPayload, CommandReply, CommandType, ErrorCode } from '#protocol';
import { deviceId } from './device.ts';
import { keyValueStore } from './idb.ts';
import { KEYS, keysWithPrefix, readJson, remove } from './storage.ts';
import { uuid } from './uuid.ts';

/** A command waiting for the hub's acknowledgement, with its place in line. */
export type OutboxItem = { n: number; command: Command };

/** Refusals that say "try again later" rather than "no": the command stays queued. */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set(['STORAGE_UNAVAILABLE', 'INTERNAL', 'RATE_LIMITED']);
/**
 * Commands sent and not yet acknowledged, at most: the hub refuses a socket
 * more than 64 (hub/sync/socket-limits.ts), and a window keeps a long
 * offline queue flowing in order instead of bursting into that cap.
 */
const SEND_WINDOW = 16;

/**
 * Every command is written to IndexedDB (its own database, one entry per
 * command, so two tabs never overwrite each other's queue and the replica can
 * never crowd it out) before it is sent, and stays there until the hub
 * acknowledges it. The command id is the hub's idempotency key: sending it
 * twice, from a reload or from another tab, applies it once.
 */
export const outbox = proxy({
  items: [] as OutboxItem[],
  /** The last refusal, for the toast; cleared when shown. */
  lastError: null as { code: ErrorCode; type: CommandType } | null,
});

const waiters = new Map<string, (reply: CommandReply) => void>();
/** Commands whose sender words a refusal itself (naming the dish, say): the generic toast stays quiet. */
const ownRefusals = new Set<string>();
let transport: ((command: Command) => Promise<CommandReply | null>) | null = null;
const inFlight = new Set<string>();
/** Commands queued here whose write is not yet committed: shown at once, sent only once on disk. */
const writing = new Map<string, OutboxItem>();

/** The outbox's own database (key: command id). */
const store = keyValueStore<OutboxItem>('pos-outbox');
/** Tells the other tabs of this device that the queue changed (IndexedDB has no storage event). */
const CHANNEL = 'pos-outbox';
let channel: BroadcastChannel | null = null;
let lastN = 0;

/** Commands an older client queued in localStorage (one key each), with their keys. */
function legacyItems(): { keys: string[]; items: OutboxItem[] } {
  const keys = keysWithPrefix(KEYS.outboxPrefix).filter((k) => k !== KEYS.outboxCounter);
  const items = keys.flatMap((k) => {
    const item = readJson<OutboxItem>(k);
    return item?.command?.id ? [item] : [];
  });
  return { keys, items };
}

/**
 * Moves commands queued by an older client (one localStorage key each) into
 * IndexedDB: written there first, removed from localStorage only once that
 * write is committed, so a crash in between leaves them in both places (the
 * next load writes them again under the same id: still one command).
 */
async function migrateLegacy(): Promise<void> {
  const { keys, items } = legacyItems();
  if (items.length > 0) await store.putMany(items.map((i) => [i.command.id, i]));
  for (const k of keys) remove(k);
  remove(KEYS.outboxCounter);
}

/** Loads what this device still owes the hub (after moving an older client's queue over). */
export async function loadOutbox(): Promise<void> {
  try {
    await migrateLegacy();
    const saved = (await store.all()).filter((i) => i?.command?.id);
    const ids = new Set(saved.map((i) => i.command.id));
    const items = [...saved, ...[...writing.values()].filter((i) => !ids.has(i.command.id))];
    outbox.items = items.sort((a, b) => a.n - b.n);
    lastN = Math.max(lastN, ...items.map((i) => i.n));
  } catch {
    // No IndexedDB (disabled, blocked): what an older client queued stays in localStorage and is
    // still delivered from there (the hub answers a resend after a reload "already done"); new taps say STORAGE_UNAVAILABLE.
    outbox.items = legacyItems().items.sort((a, b) => a.n - b.n);
  }
}

/** Another tab changed the queue: follow it. */
export function watchOtherTabs(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => void loadOutbox().then(flush);
}

/** Places in line: later than anything this tab has seen, and roughly by time across tabs. */
function nextN(): number {
  lastN = Math.max(lastN + 1, Date.now() * 1000);
  return lastN;
}

/**
 * `ownsRefusal`: the page words a refusal itself. `id` and `approval`: a
 * command resent with a manager's approval token, which is bound to the id
 * the token was asked for (auth/approval.ts).
 */
export type EnqueueOptions = { ownsRefusal?: boolean; id?: string; approval?: string };

/**
 * Answers some refusals by other means before the sender hears of them (a
 * manager's approval on this device, auth/approval.ts): returns the reply to
 * settle with once done, or null to settle with the refusal now.
 */
type RefusalAnswerer = (command: Command, refusal: Extract<CommandReply, { ok: false }>) => Promise<CommandReply> | null;
let refusalAnswerer: RefusalAnswerer | null = null;

/** Installs the answerer of refusals (one per app: the approval dialog). */
export function answerRefusalsWith(answerer: RefusalAnswerer | null): void {
  refusalAnswerer = answerer;
}

/**
 * Queues a command and sends it when it can. The promise settles with the
 * hub's reply; a reload forgets the promise but not the command.
 */
export function enqueue<K extends CommandType>(type: K, payload: CommandPayload<K>, opts: EnqueueOptions = {}): Promise<CommandReply> {
  const command = { id: opts.id ?? uuid(), type, payload, deviceId: deviceId(), at: new Date().toISOString(), ...(opts.approval ? { approval: opts.approval } : {}) } as Command;
  const item: OutboxItem = { n: nextN(), command };
  // Shown at once (the optimistic view), sent only once the write is committed.
  outbox.items.push(item);
  writing.set(command.id, item);
  if (opts.ownsRefusal) ownRefusals.add(command.id);
  const reply = new Promise<CommandReply>((resolve) => waiters.set(command.id, resolve));
  // Stored as the JSON that goes on the wire: once in the outbox's proxy, `item` is watched by valtio and cannot be cloned into IndexedDB.
  store.put(command.id, JSON.parse(JSON.stringify(item)) as OutboxItem).then(
    () => {
      writing.delete(command.id);
      // Another tab's reload of the queue may have missed it while it was being written.
      if (!outbox.items.some((i) => i.command.id === command.id)) outbox.items.push(item);
      channel?.postMessage('changed');
      flush();
    },
    () => {
      writing.delete(command.id);
      settle(command, { ok: false, code: 'STORAGE_UNAVAILABLE' }, false);
    },
  );
  return reply;
}

/** Sets how commands reach the hub; null from the transport means "not now, keep it". */
export function setTransport(send: ((command: Command) => Promise<CommandReply | null>) | null): void {
  transport = send;
  if (send) flush();
}

/**
 * Sends queued commands not already on their way, in the order they were
 * made (one socket keeps that order, and the hub decides in arrival order),
 * at most SEND_WINDOW at a time.
 */
export function flush(): void {
  const send = transport;
  if (!send) return;
  for (const { command } of outbox.items) {
    if (inFlight.size >= SEND_WINDOW) return;
    if (inFlight.has(command.id) || writing.has(command.id)) continue;
    inFlight.add(command.id);
    send(command).then((reply) => {
      inFlight.delete(command.id);
      if (reply === null || (!reply.ok && TRANSIENT.has(reply.code))) return;
      settle(command, reply);
      // A place in the window is free: the next queued command goes (a "try later" waits for the retry tick).
      flush();
    });
  }
}

function settle(command: Command, reply: CommandReply, stored = true): void {
  // Only there when IndexedDB could not take it over (see loadOutbox).
  remove(KEYS.outboxPrefix + command.id);
  if (stored) {
    // Gone from the queue in this tab at once; if the delete itself fails, a reload sends it again, and the hub answers "already done".
    void store.delete(command.id).then(
      () => channel?.postMessage('changed'),
      () => undefined,
    );
  }
  outbox.items = outbox.items.filter((i) => i.command.id !== command.id);
  // A refusal someone can still answer (a manager's PIN) settles the sender's promise only once answered.
  const later = !reply.ok && stored ? refusalAnswerer?.(command, reply) : null;
  if (later) return void later.then((final) => tellSender(command, final));
  tellSender(command, reply);
}

/** The toast for a refusal the page does not word itself, and the sender's promise. */
function tellSender(command: Command, reply: CommandReply): void {
  if (!reply.ok && !ownRefusals.has(command.id)) outbox.lastError = { code: reply.code, type: command.type };
  ownRefusals.delete(command.id);
  waiters.get(command.id)?.(reply);
  waiters.delete(command.id);
}
