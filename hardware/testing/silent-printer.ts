/**
 * A printer switched off on the LAN, for tests: its port never answers. A
 * refused port (FakePrinter unplugged) answers at once with a reset; a
 * powered-off printer answers nothing, and a connection to it hangs until
 * the sender gives up. Made on 127.0.0.1 without privileges: a child Node
 * process listens with the smallest backlog and then blocks its own event
 * loop for good, so it never accepts; the test fills the kernel's accept
 * queue with a few connections of its own, and from then on every SYN to
 * the port is dropped (Linux drops a SYN while the listener's accept queue
 * is full, whatever its SYN-cookie setting). `switchOn()` kills the child:
 * the port is then free for a FakePrinter on the same number.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

// The child: listen (backlog 1: Node turns 0 into its default 511), tell the port, then never run the event loop again.
const LISTENER = `
const net = require('node:net');
const server = net.createServer(() => undefined);
server.listen({ port: Number(process.argv[1]), host: '127.0.0.1', backlog: 1 }, () => {
  process.stdout.write(server.address().port + '\\n', () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
});
`;

/** How long a connection may take before it counts as hanging (loopback answers in well under a millisecond). */
const HANG_MS = 300;

/** Connects and tells whether the connection opened, was refused, or hangs (still trying after `ms`). */
export function probeConnect(port: number, ms = HANG_MS): Promise<{ result: 'open' | 'refused' | 'hangs'; socket: net.Socket }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.on('error', () => undefined);
    const timer = setTimeout(() => resolve({ result: 'hangs', socket }), ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({ result: 'open', socket });
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve({ result: 'refused', socket });
    });
  });
}

/** A TCP port on 127.0.0.1 whose SYNs are dropped: a printer switched off on the LAN. */
export class SilentPrinter {
  port = 0;
  private child: ChildProcess | null = null;
  private readonly fillers: net.Socket[] = [];

  /** Starts it on `port` (or any free one); resolves once a fresh connection is seen to hang. */
  static async start(port = 0): Promise<SilentPrinter> {
    const printer = new SilentPrinter();
    await printer.listen(port);
    return printer;
  }

  private async listen(port: number): Promise<void> {
    const child = spawn(process.execPath, ['-e', LISTENER, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    this.child = child;
    this.port = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`silent printer exited (${code})`)));
      child.stdout?.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
    });
    child.removeAllListeners('exit');
    // Fill the accept queue: connections open until it is full, then they hang (ours too: kept, closed at switch-on).
    for (let i = 0; i < 16; i++) {
      const { result, socket } = await probeConnect(this.port);
      this.fillers.push(socket);
      if (result === 'hangs') break;
      if (result === 'refused') throw new Error('silent printer: port refused');
    }
    const check = await probeConnect(this.port);
    this.fillers.push(check.socket);
    if (check.result !== 'hangs') throw new Error(`silent printer: a connection ${check.result} instead of hanging`);
  }

  /** Switches it on: the silent listener goes away and its port is free (refused until someone listens there). */
  async switchOn(): Promise<void> {
    for (const s of this.fillers.splice(0)) s.destroy();
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }

  /** Same as switching it on: nothing left behind. */
  close(): Promise<void> {
    return this.switchOn();
  }
}
