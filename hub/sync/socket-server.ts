import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AuthService } from '#hub/auth/auth-service.ts';
import { cookieFrom, SESSION_COOKIE } from '#hub/auth/cookie-names.ts';
import { isSameOrigin } from '#hub/auth/origin.ts';
import { isClaimed } from '#domain';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import { createHostCheck, type HostCheck } from '#hub/net/host-names.ts';
import type { Change, ClientToServerEvents, ErrorCode, Handshake, HandshakeRefusal, ServerToClientEvents } from '#protocol';
import { handshakeSchema, PROTOCOL_VERSION, resumeSchema, SOCKET_EVENTS } from '#protocol';
import { CatchUp } from './catch-up.ts';
import { DeviceFeed, socketOutbox, type ShapedCache } from './device-feed.ts';
import { pushBoards } from './board-push.ts';
import { Coalescer } from './coalesce.ts';
import { fullBoard } from '#hub/presenters/job-board.ts';
import { CommandGate } from './command-gate.ts';
import type { CommandIntake } from '#hub/engine/intake.ts';
import { bucketOf, SOCKET_LIMITS, SocketRegistry, type SocketLimits } from './socket-limits.ts';

/** What the handshake established: the device's hello, who is signed in on it (from the session cookie), and from where. */
type SocketData = { hello: Handshake; sessionId: string; actor: Actor; address: string };
type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type SocketHub = { io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>; close(): Promise<void> };

export type SocketOptions = {
  /** Whether a Host header names this hub (default: its addresses, localhost, its names and the owner's). */
  isOwnHost?: HostCheck;
  /** Overrides of SOCKET_LIMITS. */
  limits?: Partial<SocketLimits>;
  log?: (msg: string) => void;
};

function refusal(code: HandshakeRefusal['code']): Error {
  const err = new Error(code) as Error & { data: HandshakeRefusal };
  err.data = { code, hubVersion: PROTOCOL_VERSION };
  return err;
}

const roomOf = (sessionId: string) => `session:${sessionId}`;

/**
 * The least time between two job board pushes: 2,000 tickets queued in a
 * second cost each device five boards, and a person still sees a count move
 * within a fifth of a second.
 */
export const BOARD_PUSH_MS = 200;

/** Transport connections from one address beyond its socket cap, for handshakes not yet joined. */
const PENDING_ROOM = 16;

/** A command's type and id for the log, whatever the device sent (never its payload). */
function describe(envelope: unknown): string {
  const e = (envelope ?? {}) as { type?: unknown; id?: unknown };
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 64) : '?');
  return `${text(e.type)} ${text(e.id)}`;
}

/** Messages from the hub this large or larger go deflated (snapshots); smaller ones (changes, boards) as they are. */
export const SOCKET_DEFLATE_FROM_BYTES = 32 * 1024;

/**
 * Devices connect here. The handshake must name the hub by one of its own
 * names (Host), come from the hub's own page (Origin) and carry a live
 * session (cookie); it names the device, its protocol version and the last
 * seq it saw, and the device then gets exactly the changes it missed (or a
 * snapshot), and every change after that, each shaped for the signed-in
 * person's role (hub/presenters). Commands are recorded as sent by
 * the session's staff member and device. When a session ends (sign-out,
 * staff disabled) its sockets are told and dropped. Floods meet the limits
 * of socket-limits.ts, each with its own code.
 */
export function attachSockets(server: HttpServer, engine: Engine, intake: CommandIntake, auth: AuthService, opts: SocketOptions = {}): SocketHub {
  const limits: SocketLimits = { ...SOCKET_LIMITS, ...opts.limits };
  const log = opts.log ?? ((m: string) => console.log(m));
  const isOwnHost = opts.isOwnHost ?? createHostCheck({ ownerNames: () => engine.state.settings.hostNames });
  const registry = new SocketRegistry<HubSocket>(limits);
  /** What each joined socket has been sent (its view and last seq). */
  const feeds = new Map<HubSocket, DeviceFeed>();
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(server, {
    serveClient: false,
    maxHttpBufferSize: 256 * 1024,
    // Snapshots (a big menu and every open order: about 1.5 MB of JSON) go deflated, about 10x smaller;
    // changes stay below the threshold and go as they are, with no compression cost (polling is gzipped anyway).
    // ws honours the threshold only without context takeover (else it deflates every message to keep the
    // shared window: the ack bench spent 15 % of the hub's CPU deflating changes, and the devices as much inflating).
    perMessageDeflate: { threshold: SOCKET_DEFLATE_FROM_BYTES, serverNoContextTakeover: true },
    pingInterval: 10_000,
    pingTimeout: 8_000,
    // A device joins at once; a connection that never does is dropped soon, not after 45 s.
    connectTimeout: 10_000,
    // Runs at each Engine.IO handshake, before any session is looked at.
    allowRequest: (req, callback) => {
      // A page from another site (or one that rebound its own name to the hub) must not open the live channel.
      if (!isOwnHost(req.headers.host)) return callback('HOST_REFUSED', false);
      if (!isSameOrigin(req.headers.origin, req.headers.host)) return callback('ORIGIN_REFUSED', false);
      // Connections that never join (no session yet) count too, with room for handshakes under way.
      if (connectionsFrom(req.socket.remoteAddress) >= limits.socketsPerAddress + PENDING_ROOM) return callback('TOO_MANY_CONNECTIONS', false);
      callback(null, true);
    },
  });
  // Engine.IO connections per address (socket.io's own list is not public).
  const transports = new Map<string, number>();
  const connectionsFrom = (address: string | undefined) => transports.get(address ?? '') ?? 0;
  io.engine.on('connection', (conn: { remoteAddress: string; once(event: 'close', listener: () => void): unknown }) => {
    const address = conn.remoteAddress;
    transports.set(address, connectionsFrom(address) + 1);
    conn.once('close', () => {
      const left = connectionsFrom(address) - 1;
      if (left > 0) transports.set(address, left);
      else transports.delete(address);
    });
  });

  io.use((socket, next) => {
    const hello = handshakeSchema.safeParse(socket.handshake.auth);
    if (!hello.success) return next(refusal('INCORRECT_INPUT'));
    if (hello.data.protocolVersion !== PROTOCOL_VERSION) return next(refusal('PROTOCOL_MISMATCH'));
    if (!isClaimed(engine.state)) return next(refusal('HUB_UNCLAIMED'));
    const session = auth.session(cookieFrom(socket.request.headers.cookie, SESSION_COOKIE));
    if (!session) return next(refusal('UNAUTHORIZED'));
    const address = socket.handshake.address;
    const refused = registry.admit(session.id, address);
    if (refused) return next(refusal(refused));
    socket.data = { hello: hello.data, sessionId: session.id, actor: { staffId: session.staffId, deviceId: session.deviceId }, address };
    next();
  });

  io.on('connection', (socket: HubSocket) => {
    const { hello, sessionId, actor, address } = socket.data;
    void socket.join(roomOf(sessionId));
    for (const oldest of registry.add(sessionId, address, socket)) {
      oldest.emit(SOCKET_EVENTS.notice, { code: 'TOO_MANY_CONNECTIONS' });
      oldest.disconnect(true);
    }
    const out = socketOutbox(socket);
    const feed = new DeviceFeed(engine, actor.staffId, out, () => fullBoard(engine.jobs));
    feeds.set(socket, feed);
    const catchUp = new CatchUp(engine, feed, out, bucketOf(limits.resumesPerSocket), registry.snapshotBudget(sessionId));
    const gate = new CommandGate(limits.commandsInFlightPerSocket, bucketOf(limits.commandsPerSocket));
    socket.on('disconnect', () => {
      registry.remove(sessionId, address, socket);
      feeds.delete(socket);
      catchUp.close();
      gate.close();
    });
    catchUp.atHandshake({ storeId: hello.storeId, lastSeq: hello.lastSeq, view: hello.view });
    socket.on(SOCKET_EVENTS.resume, (request) => {
      const r = resumeSchema.safeParse(request);
      if (r.success) catchUp.resume(r.data);
    });
    socket.on(SOCKET_EVENTS.command, (envelope, ack) => {
      if (typeof ack !== 'function') return;
      const admitted = gate.admit(async () => {
        // The session may have ended since the handshake (the drop is on its way): refuse, never record.
        const live = auth.sessions.byId(sessionId);
        if (!live || !auth.staffOf(live)) return ack({ ok: false, code: 'UNAUTHORIZED' });
        try {
          ack(await intake(envelope, actor));
        } catch (err) {
          log(`sync: command ${describe(envelope)} from device ${actor.deviceId} failed: ${(err as Error)?.stack ?? String(err)}`);
          ack({ ok: false, code: 'INTERNAL' });
        }
      });
      if (!admitted) ack({ ok: false, code: 'RATE_LIMITED' });
    });
  });

  // Each socket gets the change shaped for its person (hub/presenters): shaped and encoded once per view.
  const stopChanges = engine.onChange((change) => {
    const shaped: ShapedCache = new Map();
    const audiences = new Map<Change, string[]>();
    for (const [socket, feed] of feeds) {
      const out = feed.live(change, shaped);
      if (!out) continue;
      const ids = audiences.get(out);
      if (ids) ids.push(socket.id);
      else audiences.set(out, [socket.id]);
    }
    // Every socket is in a room of its own id.
    for (const [out, ids] of audiences) io.to(ids).emit(SOCKET_EVENTS.change, out);
  });
  // The job board (jobs are not in the state): pushed when the job table commits a change, at most
  // once per BOARD_PUSH_MS for all sockets, computed once per push and once per kind of viewer.
  const boards = new Coalescer(BOARD_PUSH_MS, () => pushBoards(io, feeds, fullBoard(engine.jobs)));
  const stopBoards = engine.jobs.onChange(() => boards.poke());
  const stopEnded = auth.sessions.onEnded((ids, code: ErrorCode) => {
    for (const id of ids) {
      io.to(roomOf(id)).emit(SOCKET_EVENTS.sessionEnded, { code });
      io.in(roomOf(id)).disconnectSockets(true);
    }
    registry.forget(ids);
  });
  return {
    io,
    close: async () => {
      stopChanges();
      stopBoards();
      boards.close();
      stopEnded();
      await io.close();
    },
  };
}
