import type { io as createSocket, Socket } from 'socket.io-client';
import type { ClientToServerEvents, Command, CommandReply, ErrorCode, HandshakeRefusal, ServerToClientEvents } from '#protocol';
import { PROTOCOL_VERSION, SOCKET_EVENTS } from '#protocol';
import { deviceId } from './device.ts';
import { flush, outbox, setTransport } from './outbox.ts';
import { forgetJobBoard, setJobBoard } from './job-board.ts';
import { loadFold, replica } from './replica.ts';

type ReplicaFold = Awaited<ReturnType<typeof loadFold>>;

type HubSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long to wait for an acknowledgement before treating the command as "not yet". */
const ACK_TIMEOUT_MS = 10_000;
/** Retry pace for commands the hub could not store yet (disk trouble). */
const RETRY_MS = 5_000;

let socket: HubSocket | null = null;
/** Bumped by every connect and disconnect: a library load that ends after a disconnect opens nothing. */
let generation = 0;
let loading = false;
/** How soon to try again when the socket library could not be loaded (the Wi-Fi dropped at that moment). */
const LOAD_RETRY_MS = 3_000;
let retryTimer: ReturnType<typeof setInterval> | undefined;
let refusedListener: ((code: ErrorCode) => void) | null = null;

/** The session store hears here when the hub refuses or ends this device's session (sign-in needed again). */
export function onSessionRefused(listener: (code: ErrorCode) => void): void {
  refusedListener = listener;
}

/** Codes of a refused handshake that mean "sign in again", not "try later". */
const SIGN_IN_AGAIN: ReadonlySet<ErrorCode> = new Set(['UNAUTHORIZED', 'STAFF_DISABLED', 'HUB_UNCLAIMED']);
/** Codes of a refused handshake that mean "too much, too fast": socket.io does not retry a refusal, so we do. */
const TRY_LATER: ReadonlySet<ErrorCode> = new Set(['RATE_LIMITED', 'TOO_MANY_CONNECTIONS']);
/** How long to wait before trying again after such a refusal (the hub's budgets refill in seconds). */
const TRY_LATER_MS = 10_000;

/**
 * Connects to the hub that served this page, as the signed-in staff member
 * (the session cookie goes with the handshake). The handshake carries the
 * last seq this device saw, so the hub sends only what it missed; socket.io's
 * own reconnection keeps trying while the Wi-Fi is gone.
 */
export function connect(): void {
  if (socket || loading) return;
  loading = true;
  const mine = ++generation;
  // The socket library and what folds the hub's changes into the copy load on first use: a signed-out device's sign-in page never downloads them.
  Promise.all([import('socket.io-client'), loadFold()]).then(
    ([{ io }, fold]) => {
      loading = false;
      if (mine === generation && !socket) open(io, fold);
    },
    () => {
      loading = false;
      setTimeout(() => {
        if (mine === generation) connect();
      }, LOAD_RETRY_MS);
    },
  );
}

function open(io: typeof createSocket, fold: ReplicaFold): HubSocket {
  const s: HubSocket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    reconnectionDelayMax: 3_000,
    timeout: 60_000,
    // `view`: who the copy was shaped for; after a user switch it differs, and the hub sends a fresh snapshot.
    auth: (cb) => cb({ deviceId: deviceId(), protocolVersion: PROTOCOL_VERSION, storeId: replica.storeId, lastSeq: replica.seq, view: replica.view }),
  });
  socket = s;

  s.on('connect', () => {
    replica.status = 'online';
    setTransport((command) => sendOne(s, command));
  });
  s.on('disconnect', () => {
    replica.status = 'offline';
    setTransport(null);
  });
  s.on('connect_error', (err) => {
    const refusal = (err as Error & { data?: HandshakeRefusal }).data;
    if (refusal?.code === 'PROTOCOL_MISMATCH') {
      // The hub was updated: this page's code no longer speaks its language.
      replica.status = 'outdated';
      s.disconnect();
      return;
    }
    replica.status = 'offline';
    if (refusal && SIGN_IN_AGAIN.has(refusal.code)) {
      disconnect();
      refusedListener?.(refusal.code);
    } else if (refusal && TRY_LATER.has(refusal.code)) {
      setTimeout(() => {
        if (socket === s && !s.connected) s.connect();
      }, TRY_LATER_MS);
    }
  });
  s.on(SOCKET_EVENTS.notice, ({ code }) => {
    // RATE_LIMITED: the hub sends what we asked for by itself, later. TOO_MANY_CONNECTIONS: this,
    // the oldest window of the device, is closed next; it stays closed (and still counts as
    // "connecting", so nothing reopens it), since reopening would close another window.
    if (code !== 'TOO_MANY_CONNECTIONS') return;
    setTransport(null);
    s.disconnect();
    replica.status = 'closedHere';
  });
  s.on(SOCKET_EVENTS.sessionEnded, ({ code }) => {
    disconnect();
    refusedListener?.(code);
  });
  s.on(SOCKET_EVENTS.snapshot, (snapshot) => fold.applySnapshot(snapshot));
  s.on(SOCKET_EVENTS.changes, (changes) => {
    if (!fold.applyChanges(changes)) resume(s);
  });
  s.on(SOCKET_EVENTS.change, (change) => {
    if (!fold.applyChanges([change])) resume(s);
  });
  // Jobs are not in the replica (issue 20): their counts, and stuck jobs for owners and managers, come as a whole board.
  s.on(SOCKET_EVENTS.jobBoard, (board) => setJobBoard(board));
  retryTimer = setInterval(() => {
    if (s.connected && outbox.items.length > 0) flush();
  }, RETRY_MS);
  return s;
}

/** Closes the live channel (signed out, or a new sign-in that must reconnect with its own cookie). */
export function disconnect(): void {
  generation++;
  loading = false;
  clearInterval(retryTimer);
  const s = socket;
  socket = null;
  setTransport(null);
  s?.removeAllListeners();
  s?.disconnect();
  // The board was shaped for whoever this channel was; the next one brings its own.
  forgetJobBoard();
}

/** True while a live channel is open or being opened. */
export function isConnecting(): boolean {
  return socket !== null || loading;
}

/** Asks for everything after our seq again (after a gap, or the "refresh" button). */
export function resume(s: HubSocket | null = socket): void {
  s?.emit(SOCKET_EVENTS.resume, { storeId: replica.storeId, lastSeq: replica.seq, view: replica.view });
}

function sendOne(s: HubSocket, command: Command): Promise<CommandReply | null> {
  return new Promise((resolve) => {
    if (!s.connected) return resolve(null);
    s.timeout(ACK_TIMEOUT_MS).emit(SOCKET_EVENTS.command, command, (err: Error | null, reply: CommandReply) => {
      resolve(err ? null : reply);
    });
  });
}
