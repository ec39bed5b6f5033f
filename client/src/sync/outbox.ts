import { proxy } from 'valtio';
import type { Command, CommandPayload, CommandReply, CommandType, ErrorCode } from '../../../hub/protocol/index.ts';
import { deviceId } from './device.ts';
import { KEYS, keysWithPrefix, readJson, remove, writeJson } from './storage.ts';
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
 * Every command is written to localStorage (one key per command, so two tabs
 * never overwrite each other's queue) before it is sent, and stays there until
 * the hub acknowledges it. The command id is the hub's idempotency key: sending
 * it twice, from a reload or from another tab, applies it once.
 */
export const outbox = proxy({
  items: [] as OutboxItem[],
  /** The last refusal, for the toast; cleared when shown. */
  lastError: null as { code: ErrorCode; type: CommandType } | null,
});

const waiters = new Map<string, (reply: CommandReply) => void>();
let transport: ((command: Command) => Promise<CommandReply | null>) | null = null;
const inFlight = new Set<string>();

export function loadOutbox(): void {
  const items = keysWithPrefix(KEYS.outboxPrefix)
    .filter((k) => k !== KEYS.outboxCounter)
    .flatMap((k) => {
      const item = readJson<OutboxItem>(k);
      return item?.command?.id ? [item] : [];
    });
  outbox.items = items.sort((a, b) => a.n - b.n);
}

/** Another tab changed the queue: follow it. */
export function watchOtherTabs(): void {
  window.addEventListener('storage', (e) => {
    if (e.key?.startsWith(KEYS.outboxPrefix)) loadOutbox();
  });
}

function nextN(): number {
  const n = (readJson<number>(KEYS.outboxCounter) ?? 0) + 1;
  writeJson(KEYS.outboxCounter, n);
  return n;
}

/**
 * Queues a command and sends it when it can. The promise settles with the
 * hub's reply; a reload forgets the promise but not the command.
 */
export function enqueue<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<CommandReply> {
  const command = { id: uuid(), type, payload, deviceId: deviceId(), at: new Date().toISOString() } as Command;
  const item: OutboxItem = { n: nextN(), command };
  if (!writeJson(KEYS.outboxPrefix + command.id, item)) {
    return Promise.resolve({ ok: false, code: 'STORAGE_UNAVAILABLE' });
  }
  outbox.items.push(item);
  const reply = new Promise<CommandReply>((resolve) => waiters.set(command.id, resolve));
  flush();
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
    if (inFlight.has(command.id)) continue;
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

function settle(command: Command, reply: CommandReply): void {
  remove(KEYS.outboxPrefix + command.id);
  outbox.items = outbox.items.filter((i) => i.command.id !== command.id);
  if (!reply.ok) outbox.lastError = { code: reply.code, type: command.type };
  waiters.get(command.id)?.(reply);
  waiters.delete(command.id);
}
