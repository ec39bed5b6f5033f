import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Engine } from '../engine/engine.ts';
import type { ClientToServerEvents, HandshakeRefusal, ServerToClientEvents } from '../protocol/index.ts';
import { handshakeSchema, PROTOCOL_VERSION, resumeSchema, SOCKET_EVENTS } from '../protocol/index.ts';
import type { CommandIntake } from './intake.ts';

type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
export type SocketHub = { io: Server<ClientToServerEvents, ServerToClientEvents>; close(): Promise<void> };

function refusal(code: HandshakeRefusal['code']): Error {
  const err = new Error(code) as Error & { data: HandshakeRefusal };
  err.data = { code, hubVersion: PROTOCOL_VERSION };
  return err;
}

/**
 * Devices connect here. The handshake names the device, its protocol version
 * and the last seq it saw; it then gets exactly the changes it missed (or a
 * snapshot when it is too far behind or from another store), and every change
 * after that as it is committed.
 */
export function attachSockets(server: HttpServer, engine: Engine, intake: CommandIntake): SocketHub {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(server, {
    serveClient: false,
    maxHttpBufferSize: 256 * 1024,
    pingInterval: 10_000,
    pingTimeout: 8_000,
  });

  io.use((socket, next) => {
    const hello = handshakeSchema.safeParse(socket.handshake.auth);
    if (!hello.success) return next(refusal('INCORRECT_INPUT'));
    if (hello.data.protocolVersion !== PROTOCOL_VERSION) return next(refusal('PROTOCOL_MISMATCH'));
    socket.data = hello.data;
    // Sign-in will also check the session here.
    next();
  });

  io.on('connection', (socket: HubSocket) => {
    const hello = handshakeSchema.parse(socket.handshake.auth);
    catchUp(socket, engine, hello.storeId, hello.lastSeq);
    socket.on(SOCKET_EVENTS.resume, (request) => {
      const r = resumeSchema.safeParse(request);
      if (r.success) catchUp(socket, engine, r.data.storeId, r.data.lastSeq);
    });
    socket.on(SOCKET_EVENTS.command, (envelope, ack) => {
      if (typeof ack !== 'function') return;
      intake(envelope, { staffId: null, deviceId: hello.deviceId }).then(ack, () => ack({ ok: false, code: 'INTERNAL' }));
    });
  });

  const stop = engine.onChange((change) => io.emit(SOCKET_EVENTS.change, change));
  return {
    io,
    close: async () => {
      stop();
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
