import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';

/**
 * The bench's fake printers in a process of their own. A real printer is a
 * box on the LAN: reading a ticket's bytes and answering its status questions
 * costs the printer's CPU, never the hub's. With the fakes in the bench's own
 * process their side of every ticket (accepting the connection, reading and
 * parsing the bytes, answering) ran on the hub's event loop and was counted as
 * the hub's cost per command. Here they run in a child process; the hub still
 * talks to them over real TCP on 127.0.0.1, as it does to a printer.
 */

export type PrinterProcess = {
  /** One port per printer, in the order asked for. */
  ports: readonly number[];
  /** Stops the printers and waits for the process to end. */
  close(): Promise<void>;
};

type Ready = { ports: number[] };

const CHILD_FLAG = '--bench-printers';

/** Starts `count` fake printers (hardware/testing/fake-printer.ts) in a child process. */
export function startPrinterProcess(count: number): Promise<PrinterProcess> {
  // No inherited flags: a --cpu-prof of the bench must not profile the printers too.
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG, String(count)], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the printer process ended before it was ready (exit ${code})`)));
    child.once('message', (msg: Ready) => {
      resolve({
        ports: msg.ports,
        close: async () => {
          if (child.connected) child.disconnect();
          await exited;
        },
      });
    });
  });
}

/** In the child: start the printers, say their ports, stop when the bench lets go (or ends). */
async function serve(count: number): Promise<void> {
  const printers: FakePrinter[] = [];
  for (let i = 0; i < count; i++) printers.push(await FakePrinter.start());
  process.once('disconnect', () => {
    void Promise.all(printers.map((p) => p.close())).finally(() => process.exit(0));
  });
  process.send?.({ ports: printers.map((p) => p.port) } satisfies Ready);
}

if (process.argv[2] === CHILD_FLAG && process.send) await serve(Number(process.argv[3]));
