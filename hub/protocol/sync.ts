import { z } from 'zod';
import type { CommandResult, Envelope } from './commands.ts';
import type { State } from './entities.ts';
import type { ErrorCode } from './errors.ts';
import type { JobBoard } from './job-board.ts';
import type { DomainEvent } from './events.ts';
import type { PackedSnapshot } from './snapshot-codec.ts';

/** One committed command as every device receives it, in `seq` order. */
export type Change = { seq: number; commandId: string; events: DomainEvent[] };

/**
 * The live state as the receiving person may see it (hub/presenters), sent
 * when a device is new, too far behind, or now someone else. `view` names
 * what the copy was shaped for (the hub always sets it); the device hands it
 * back when it reconnects.
 */
export type Snapshot = { storeId: string; seq: number; state: State; view?: string };

export type CommandReply =
  | { ok: true; seq: number; result: CommandResult; duplicate?: boolean }
  | { ok: false; code: ErrorCode; message?: string };

/** What a device presents when its socket connects. */
export const handshakeSchema = z.object({
  deviceId: z.string().min(1).max(64),
  protocolVersion: z.int(),
  /** The store the device's replica came from; another one means start over. */
  storeId: z.string().max(64).default(''),
  lastSeq: z.int().min(0).default(0),
  /**
   * The `view` of the snapshot the replica came from; another one than the
   * person's current view means a snapshot ('' when unknown). Left out, the
   * device gets what it missed shaped for who it is now (scripts, tests).
   */
  view: z.string().max(400).optional(),
});
export type Handshake = z.infer<typeof handshakeSchema>;

export const resumeSchema = z.object({ storeId: z.string().max(64), lastSeq: z.int().min(0), view: z.string().max(400).optional() });
export type Resume = z.infer<typeof resumeSchema>;

/** socket.io event names: use these constants, never a hand-typed string. */
export const SOCKET_EVENTS = {
  command: 'command',
  resume: 'resume',
  change: 'change',
  changes: 'changes',
  snapshot: 'snapshot',
  sessionEnded: 'sessionEnded',
  notice: 'notice',
  /** The person's job board (hub/protocol/job-board.ts): at connect, then when the hub's jobs change (at most about every 200 ms). */
  jobBoard: 'jobBoard',
} as const;

export interface ClientToServerEvents {
  [SOCKET_EVENTS.command]: (envelope: Envelope, ack: (reply: CommandReply) => void) => void;
  [SOCKET_EVENTS.resume]: (request: Resume) => void;
}

export interface ServerToClientEvents {
  [SOCKET_EVENTS.change]: (change: Change) => void;
  /** A batch of missed changes after a reconnect, oldest first. */
  [SOCKET_EVENTS.changes]: (changes: Change[]) => void;
  /** The person's snapshot, packed (snapshot-codec.ts): the device unpacks it onto the same defaults. */
  [SOCKET_EVENTS.snapshot]: (snapshot: PackedSnapshot) => void;
  /** The hub ended this device's session (staff disabled, signed out elsewhere, expired); the socket closes next. */
  [SOCKET_EVENTS.sessionEnded]: (reason: { code: ErrorCode }) => void;
  /** A socket limit was reached (hub/sync/socket-limits.ts): see SocketNotice. */
  [SOCKET_EVENTS.notice]: (notice: SocketNotice) => void;
  /** What the person may see of the hub's jobs: counts per lane, stuck jobs for owners and managers (never a job's document). */
  [SOCKET_EVENTS.jobBoard]: (board: JobBoard) => void;
}

/**
 * `RATE_LIMITED`: a `resume` came too soon; its answer is held back and sent
 * by itself after about `retryAfterSeconds` (nothing to resend).
 * `TOO_MANY_CONNECTIONS`: the device opened too many sockets; this one, the
 * oldest, is closed next and must not reconnect by itself.
 */
export type SocketNotice = { code: ErrorCode; retryAfterSeconds?: number };

/** Shape of the error a refused handshake carries in `err.data`. */
export type HandshakeRefusal = { code: ErrorCode; hubVersion: number };

/** GET /api/health */
export type Health = { ok: boolean; version: string; protocolVersion: number; seq: number; storeId: string; writable: boolean };
