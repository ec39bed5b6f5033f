import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AuthService } from '../auth/auth-service.ts';
import { cookieFrom, SESSION_COOKIE } from '../auth/cookie-names.ts';
import { isSameOrigin } from '../auth/origin.ts';
import { isClaimed } from '../domain/index.ts';
import type { Actor, Engine } from '../engine/engine.ts';
import type { ClientToServerEvents, ErrorCode, Handshake, HandshakeRefusal, ServerToClientEvents } from '../protocol/index.ts';
import { handshakeSchema, PROTOCOL_VERSION, resumeSchema, SOCKET_EVENTS } from '../protocol/index.ts';
import type { CommandIntake } from './intake.ts';

/** What the handshake established: the device's hello, and who is signed in on it (from the session cookie). */
type SocketData = { hello: Handshake; sessionId: string; actor: Actor };
type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type SocketHub = { io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>; close(): Promise<void> };

function refusal(code: HandshakeRefusal['code']): Error {
  const err = new Error(code) as Error & { data: HandshakeRefusal };
  err.data = { code, hubVersion: PROTOCOL_VERSION };
  return err;
}

const roomOf = (sessionId: string) => `session:${sessionId}`;

/**
 * Devices connect here. The handshake must come from the hub's own page
 * (Origin) with a live session (cookie); it names the device, its protocol
 * version and the last seq it saw, and the device then gets exactly the
 * changes it missed (or a snapshot), and every change after that. Commands
 * are recorded as sent by the session's staff member and device. When a
 * session ends (sign-out, staff disabled) its sockets are told and dropped.
 */
export function attachSockets(server: HttpServer, engine: Engine, intake: CommandIntake, auth: AuthService): SocketHub {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(server, {
    serveClient: false,
    maxHttpBufferSize: 256 * 1024,
    pingInterval: 10_000,
    pingTimeout: 8_000,
    // A page from another site must not open the live channel on a staff browser's behalf.
    allowRequest: (req, callback) => callback(null, isSameOrigin(req.headers.origin, req.headers.host)),
  });

  io.use((socket, next) => {
    const hello = handshakeSchema.safeParse(socket.handshake.auth);
    if (!hello.success) return next(refusal('INCORRECT_INPUT'));
    if (hello.data.protocolVersion !== PROTOCOL_VERSION) return next(refusal('PROTOCOL_MISMATCH'));
    if (!isClaimed(engine.state)) return next(refusal('HUB_UNCLAIMED'));
    const session = auth.session(cookieFrom(socket.request.headers.cookie, SESSION_COOKIE));
    if (!session) return next(refusal('UNAUTHORIZED'));
    socket.data = { hello: hello.data, sessionId: session.id, actor: { staffId: session.staffId, deviceId: session.deviceId } };
    next();
  });

  io.on('connection', (socket: HubSocket) => {
    const { hello, sessionId, actor } = socket.data;
    void socket.join(roomOf(sessionId));
    catchUp(socket, engine, hello.storeId, hello.lastSeq);
    socket.on(SOCKET_EVENTS.resume, (request) => {
      const r = resumeSchema.safeParse(request);
      if (r.success) catchUp(socket, engine, r.data.storeId, r.data.lastSeq);
    });
    socket.on(SOCKET_EVENTS.command, (envelope, ack) => {
      if (typeof ack !== 'function') return;
      // The session may have ended since the handshake (the drop is on its way): refuse, never record.
      const live = auth.sessions.byId(sessionId);
      if (!live || !auth.staffOf(live)) return ack({ ok: false, code: 'UNAUTHORIZED' });
      intake(envelope, actor).then(ack, () => ack({ ok: false, code: 'INTERNAL' }));
    });
  });

  const stopChanges = engine.onChange((change) => io.emit(SOCKET_EVENTS.change, change));
  const stopEnded = auth.sessions.onEnded((ids, code: ErrorCode) => {
    for (const id of ids) {
      io.to(roomOf(id)).emit(SOCKET_EVENTS.sessionEnded, { code });
      io.in(roomOf(id)).disconnectSockets(true);
    }
  });
  return {
    io,
    close: async () => {
      stopChanges();
      stopEnded();
      await io.close();
    },
  };
}

/** Sends what a device missed. Runs synchronously, so no commit can slip between it and live changes. */
function catchUp(socket: HubSocket, engine: Engine, storeId: string, lastSeq: number): void {
  const missed = storeId === engine.storeId ? engine.changesSince(lastSeq) : null;
  if (missed === null) socket.emit(SOCKET_EVENTS.snapshot, { storeId: engine.storeId, seq: engine.seq, state: engine.state });
  else if (missed.length > 0) socket.emit(SOCKET_EVENTS.changes, missed);
}
