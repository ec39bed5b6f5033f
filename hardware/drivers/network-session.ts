/**
 * One kept TCP connection to a network printer that answers status (issue 20, the lone device's
 * profile: two connections per ticket, a status one and a print one, were a tenth of the hub's
 * work per command). A real printer keeps a session open as long as its client does; the hub
 * keeps it while tickets come (`SESSION_IDLE_MS` after the last use it closes, so a printer that
 * takes one client at a time is free between rushes, and it always closes long before a
 * printer's own idle timeout would cut it).
 *
 * Each question is answered in turn on it: the DLE EOT status questions, and GS r 1 after a
 * printout (answered once every byte before it was processed). Any question left unanswered in
 * its time box ends the session: a late answer must never be read as the answer to the next
 * question, and a printer that lost power while the connection was idle answers nothing (no
 * reset, no close): its next question goes on a fresh connection, which fails as it did before
 * sessions existed (hardware/README.md "A kept connection").
 *
 * One user at a time: the driver runs each status check and printout through `exclusive`.
 */
import net from 'node:net';

/** A session unused this long is closed. */
export const SESSION_IDLE_MS = 5_000;

export type Opened = { socket: net.Socket; reused: boolean };

/** How a connection ended under a question: the printer closed it (cleanly), or it failed (reset, error). */
type Ended = 'closed' | 'error';

/** The answers to questions, or how far questions without all their answers got. */
export type Asked = { ok: true; answers: number[] } | { ok: false; answers: number[]; flushed: boolean; written: number; closed: boolean };

export class PrinterSession {
  private socket: net.Socket | null = null;
  private waiter: ((chunk: Buffer | undefined, ended?: Ended) => void) | null = null;
  private idle: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private shut = false;
  private readonly host: string;
  private readonly port: number;
  private readonly connectMs: number;
  private readonly idleMs: number;

  constructor(host: string, port: number, connectMs: number, idleMs = SESSION_IDLE_MS) {
    this.host = host;
    this.port = port;
    this.connectMs = connectMs;
    this.idleMs = idleMs;
  }

  /** Runs `fn` after every earlier user is done (the status monitor and a lane may ask at once). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The open connection, or a fresh one (null: the printer cannot be reached, or the driver closed). */
  async open(): Promise<Opened | null> {
    this.stopIdle();
    if (this.shut) return null;
    if (this.socket && !this.socket.destroyed && this.socket.writable) return { socket: this.socket, reused: true };
    this.end();
    const socket = await connect(this.host, this.port, this.connectMs);
    if (!socket) return null;
    if (this.shut) {
      socket.destroy();
      return null;
    }
    this.socket = socket;
    // The answers to the questions asked; anything unasked is read and dropped.
    socket.on('data', (chunk: Buffer) => this.waiter?.(chunk));
    socket.on('error', () => this.drop(socket, 'error'));
    socket.on('close', () => this.drop(socket, 'closed'));
    return { socket, reused: false };
  }

  /** Whether the connection is still there (the printer may have closed it, or an error ended it). */
  get isOpen(): boolean {
    return this.socket !== null && !this.socket.destroyed;
  }

  /**
   * Writes `bytes` and waits for `count` one-byte answers (each question is answered in turn).
   * Without them (not all within `answerMs` after the bytes left, the bytes not out within
   * `writeMs`, or the connection ended) the session is over, and the result says how far it got:
   * the answers that came, whether every byte left, how many did, and whether the printer closed
   * the connection itself.
   */
  ask(bytes: Uint8Array, count: number, answerMs: number, writeMs = answerMs): Promise<Asked> {
    const socket = this.socket;
    if (!socket || socket.destroyed) return Promise.resolve({ ok: false, answers: [], flushed: false, written: 0, closed: true });
    const before = socket.bytesWritten;
    return new Promise((resolve) => {
      const answers: number[] = [];
      let flushed = false;
      let timer = setTimeout(() => fail(), writeMs);
      const done = () => {
        clearTimeout(timer);
        if (this.waiter === take) this.waiter = null;
      };
      const fail = (ended?: Ended) => {
        done();
        const written = socket.bytesWritten - before;
        this.end();
        resolve({ ok: false, answers, flushed, written, closed: ended === 'closed' });
      };
      const take = (chunk: Buffer | undefined, ended?: Ended) => {
        if (!chunk) return fail(ended);
        for (const byte of chunk) if (answers.length < count) answers.push(byte);
        if (answers.length < count) return;
        done();
        resolve({ ok: true, answers });
      };
      this.waiter = take;
      socket.write(bytes, (err) => {
        if (err) return fail('error');
        flushed = true;
        // Every byte left: now the printer has its own time box to answer.
        clearTimeout(timer);
        if (this.waiter === take) timer = setTimeout(() => fail(), answerMs);
      });
    });
  }

  /** Done for now: the connection stays for the next use, closed if none comes soon. */
  release(): void {
    if (!this.socket) return;
    this.stopIdle();
    this.idle = setTimeout(() => this.end(), this.idleMs);
    this.idle.unref();
  }

  /** Ends the session for good (the driver closes: the printer's settings changed, or the hub stops). */
  close(): void {
    this.shut = true;
    this.end();
  }

  /** Ends the session (the next use opens a fresh connection). */
  end(): void {
    this.stopIdle();
    const socket = this.socket;
    if (socket) this.drop(socket);
  }

  private drop(socket: net.Socket, ended?: Ended): void {
    if (this.socket !== socket) return;
    this.socket = null;
    socket.destroy();
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.(undefined, ended);
  }

  private stopIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }
}

/** A connection to host:port within `timeoutMs`, or null. */
export function connect(host: string, port: number, timeoutMs: number): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      // Small writes (a status question, a ticket's last bytes) go at once: with Nagle's algorithm a
      // write behind an unacknowledged one waits for the printer's delayed ACK (~40 ms on Linux),
      // which on a kept connection is paid on every ticket.
      socket.setNoDelay(true);
      resolve(socket);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(null);
    });
  });
}
