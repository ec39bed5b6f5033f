/**
 * A network receipt printer for tests: a real TCP server on 127.0.0.1
 * (port 0: any free port) that captures every byte, answers DLE EOT n with
 * the status it is set to, can be unplugged (connections refused, since its
 * port is closed) and plugged back in on the same port, and can drop one
 * connection after N bytes (a cable pulled mid-ticket).
 */
import net from 'node:net';
import { answersFor } from '../drivers/status-bits.ts';

type Flags = { paperOut?: boolean; coverOpen?: boolean; offline?: boolean; error?: boolean };

/** A fake ESC/POS printer listening on 127.0.0.1. */
export class FakePrinter {
  /** The bytes of each connection, in order (status questions excluded: a status-only connection is empty). */
  readonly received: Uint8Array[] = [];
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  private flags: Flags = {};
  private cutAt: number | null = null;
  private dieAtConfirm = false;
  /** GS r questions answered (the driver's confirmation after a printout). */
  confirmations = 0;
  port = 0;

  /** Starts a fake printer (on `port`, or any free one). */
  static async start(port = 0): Promise<FakePrinter> {
    const printer = new FakePrinter();
    await printer.listen(port);
    return printer;
  }

  private listen(port: number): Promise<void> {
    // Half-open allowed: the printer decides when to close its side (a dead one never does).
    const server = net.createServer({ allowHalfOpen: true }, (socket) => this.serve(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        if (address && typeof address === 'object') this.port = address.port;
        resolve();
      });
    });
  }

  private serve(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    const chunks: number[] = [];
    const index = this.received.length;
    this.received.push(new Uint8Array());
    socket.on('data', (data: Buffer) => {
      for (let i = 0; i < data.length; i += 1) {
        // DLE EOT n is answered at once and kept out of the captured paper.
        if (data[i] === 0x10 && data[i + 1] === 0x04) {
          const n = data[i + 2];
          if (n === 1 || n === 2 || n === 4) socket.write(Uint8Array.of(answersFor(this.flags)[n]));
          i += 2;
          continue;
        }
        chunks.push(data[i] ?? 0);
        if (this.cutAt !== null && chunks.length >= this.cutAt) {
          this.cutAt = null;
          this.received[index] = Uint8Array.from(chunks);
          socket.resetAndDestroy();
          return;
        }
      }
      // GS r 1 closing what came so far: the driver asks whether the printout was processed (answered in turn, kept off the paper).
      const n = chunks.length;
      if (n >= 3 && chunks[n - 3] === 0x1d && chunks[n - 2] === 0x72 && chunks[n - 1] === 0x01) {
        chunks.length = n - 3;
        if (this.dieAtConfirm) {
          // Power lost with the ticket in the buffer: no answer, no reset, no close.
          this.dieAtConfirm = false;
          dead = true;
        } else {
          this.confirmations++;
          socket.write(Uint8Array.of(this.flags.paperOut ? 0x0c : 0x00));
        }
      }
      this.received[index] = Uint8Array.from(chunks);
    });
    let dead = false;
    // The printer closes its side when the job's sender does (what port-9100 servers do); a dead one does nothing.
    socket.on('end', () => {
      if (!dead) socket.end();
    });
  }

  /** Every byte captured, all connections joined. */
  bytes(): Uint8Array {
    const total = this.received.reduce((n, r) => n + r.length, 0);
    const out = new Uint8Array(total);
    let at = 0;
    for (const r of this.received) {
      out.set(r, at);
      at += r.length;
    }
    return out;
  }

  /** Sets what DLE EOT answers (all false: ready). */
  setStatus(flags: Flags): void {
    this.flags = { ...flags };
  }

  /** The next printout's confirmation (GS r) is never answered: the printer lost power with the ticket in its buffer (once). */
  dieBeforeConfirming(): void {
    this.dieAtConfirm = true;
  }

  /** Drops the next connection after it has sent `nBytes` bytes (once). */
  cutAfter(nBytes: number): void {
    this.cutAt = nBytes;
  }

  /** Pulls the cable: closes every connection and stops listening (new connections are refused). */
  async unplug(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Plugs it back in on the same port. */
  async plugIn(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  /** Stops the fake printer for good. */
  close(): Promise<void> {
    return this.unplug();
  }
}
