/**
 * A network receipt printer for tests: a real TCP server on 127.0.0.1
 * (port 0: any free port) that captures every byte, answers DLE EOT n with
 * the status it is set to, confirms printouts (GS r 1, one connection or many
 * printouts on a kept one), can be unplugged (connections refused, since its
 * port is closed) and plugged back in on the same port, and can drop one
 * connection after N bytes (a cable pulled mid-ticket).
 */
import net from 'node:net';
import { answersFor } from '../drivers/status-bits.ts';

type Flags = { paperOut?: boolean; coverOpen?: boolean; offline?: boolean; error?: boolean };

/** A fake ESC/POS printer listening on 127.0.0.1. */
export class FakePrinter {
  /**
   * The bytes of each printout, in order: a connection's first byte starts one, and on a kept
   * connection each GS r 1 (the driver's confirmation) ends one (status questions are not
   * printouts: a status-only connection adds none).
   */
  readonly received: Uint8Array[] = [];
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  private flags: Flags = {};
  private cutAt: number | null = null;
  private dieAtConfirm = false;
  /**
   * Printouts still arriving (indexes into `received`): one ends at its confirmation (GS r 1), when
   * its connection closes, or when the connection is cut. Two connections may send at once (a second
   * lane or a second hub printing to the same printer), so a printout is not whole just because a
   * newer one began: ask `isWhole`.
   */
  private readonly arriving = new Set<number>();
  /**
   * Printouts that began while another connection's printout was still arriving. One hub prints
   * one ticket at a time per printer, so this counts a second sender (two printer records on one
   * address, or another hub printing from a copy of the same data).
   */
  overlapping = 0;
  /** DLE EOT status questions answered (three per check on a printer that answers them all). */
  statusQuestions = 0;
  /** GS r questions answered (the driver's confirmation after a printout). */
  confirmations = 0;
  /** Connections accepted so far (a kept connection carries many printouts). */
  connections = 0;
  /** Power cut with connections open: nothing is answered or captured any more, nothing is closed. */
  private powerless = false;
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
    this.connections++;
    // A printer answers each question at once (no Nagle on its side: each answer is its own small write).
    socket.setNoDelay(true);
    this.sockets.add(socket);
    let chunks: number[] = [];
    let index = -1;
    socket.on('close', () => {
      this.sockets.delete(socket);
      // Whatever this connection was sending is all it will ever send.
      this.arriving.delete(index);
    });
    socket.on('error', () => undefined);
    // A printout starts with its first byte (status questions are not paper); on a kept
    // connection, the next byte after a confirmed printout starts the next one.
    let printoutEnded = true;
    socket.on('data', (data: Buffer) => {
      if (this.powerless) return;
      for (let i = 0; i < data.length; i += 1) {
        // DLE EOT n is answered at once and kept out of the captured paper.
        if (data[i] === 0x10 && data[i + 1] === 0x04) {
          const n = data[i + 2];
          if (n === 1 || n === 2 || n === 4) {
            this.statusQuestions++;
            socket.write(Uint8Array.of(answersFor(this.flags)[n]));
          }
          i += 2;
          continue;
        }
        if (printoutEnded) {
          printoutEnded = false;
          chunks = [];
          if (this.arriving.size > 0) this.overlapping++;
          index = this.received.push(new Uint8Array()) - 1;
          this.arriving.add(index);
        }
        chunks.push(data[i] ?? 0);
        if (this.cutAt !== null && chunks.length >= this.cutAt) {
          this.cutAt = null;
          this.received[index] = Uint8Array.from(chunks);
          this.arriving.delete(index);
          socket.resetAndDestroy();
          return;
        }
        // GS r 1 closing what came so far: the driver asks whether the printout was processed (answered in turn, kept off the paper).
        const n = chunks.length;
        if (n >= 3 && chunks[n - 3] === 0x1d && chunks[n - 2] === 0x72 && chunks[n - 1] === 0x01) {
          chunks.length = n - 3;
          this.received[index] = Uint8Array.from(chunks);
          this.arriving.delete(index);
          if (this.dieAtConfirm) {
            // Power lost with the ticket in the buffer: no answer, no reset, no close.
            this.dieAtConfirm = false;
            dead = true;
          } else {
            this.confirmations++;
            socket.write(Uint8Array.of(this.flags.paperOut ? 0x0c : 0x00));
          }
          printoutEnded = true;
        }
      }
      if (!printoutEnded) this.received[index] = Uint8Array.from(chunks);
    });
    let dead = false;
    // The printer closes its side when the job's sender does (what port-9100 servers do); a dead one does nothing.
    socket.on('end', () => {
      if (!dead) socket.end();
    });
  }

  /** Whether printout `index` of `received` has all its bytes (confirmed, or its connection closed or cut). */
  isWhole(index: number): boolean {
    return index >= 0 && index < this.received.length && !this.arriving.has(index);
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

  /**
   * The power goes with connections open: they stay open (no reset, no close reaches the hub),
   * nothing on them is answered or printed, and new connections are refused.
   */
  loseEverything(): void {
    this.powerless = true;
    // Stops listening; its close callback would wait for the open connections, which stay.
    this.server?.close();
    this.server = null;
  }

  /** Closes every open connection cleanly from the printer's side (its own idle timeout), still listening. */
  endConnections(): void {
    for (const socket of this.sockets) socket.end();
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
