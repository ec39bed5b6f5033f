import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { PaperCount, printerComesBack } from './print-back.ts';

/**
 * The printer-back count (print-back.ts) against a real fake printer on
 * 127.0.0.1, fed by raw TCP clients that interleave as a hub's connections
 * can: a ticket must be counted once when the printer got it once, even when
 * another connection began while it was still arriving.
 */

const GS_R_1 = Uint8Array.of(0x1d, 0x72, 0x01);
const INIT = '\x1b@';

const open: net.Socket[] = [];
const printers: FakePrinter[] = [];

afterEach(async () => {
  for (const s of open.splice(0)) s.destroy();
  for (const p of printers.splice(0)) await p.close();
});

async function startPrinter(): Promise<FakePrinter> {
  const printer = await FakePrinter.start();
  printers.push(printer);
  return printer;
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setNoDelay(true);
    socket.once('connect', () => {
      socket.off('error', reject);
      open.push(socket);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Connects, retrying while nothing listens yet (printerComesBack starts its printer on its own). */
async function connectWhenListening(port: number): Promise<net.Socket> {
  for (;;) {
    try {
      return await connect(port);
    } catch {
      await new Promise((r) => setImmediate(r));
    }
  }
}

/** Writes the rest of a printout and its GS r 1, and waits for the printer's answer (it is then whole). */
function finishPrintout(socket: net.Socket, text: string): Promise<void> {
  return new Promise((resolve) => {
    socket.once('data', () => resolve());
    socket.write(Buffer.concat([Buffer.from(text, 'latin1'), GS_R_1]));
  });
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setImmediate(r));
}

describe('PaperCount: what the printer got, each printout read once and only when whole', () => {
  it('a ticket still arriving when another connection prints a whole one is counted once it is whole (it was lost before)', async () => {
    const printer = await startPrinter();
    const count = new PaperCount(['P0000001', 'P0000002']);
    const first = await connect(printer.port);
    first.write(`${INIT}Mesa 4\n`);
    await until(() => printer.received.length === 1);
    // A second sender (another lane, another hub) prints a whole ticket meanwhile.
    const second = await connect(printer.port);
    await finishPrintout(second, `${INIT}Chilcano P0000002\n`);
    expect(printer.received).toHaveLength(2);
    expect(count.readWhole(printer)).toBe(false);
    await finishPrintout(first, 'Chilcano P0000001\n');
    expect(count.readWhole(printer)).toBe(true);
    expect(count.result(0)).toMatchObject({ printed: 2, twice: 0, outOfOrder: 0, missing: [], doubled: [] });
    // The second sender is seen as such.
    expect(printer.overlapping).toBe(1);
  });

  it("a probe connection that writes nothing (the hub's 'does it answer' check) neither ends nor hides a ticket", async () => {
    const printer = await startPrinter();
    const count = new PaperCount(['P0000001']);
    const ticket = await connect(printer.port);
    ticket.write(`${INIT}Mesa 4\n`);
    await until(() => printer.received.length === 1);
    const probe = await connect(printer.port);
    probe.destroy();
    await until(() => printer.connections === 2);
    expect(count.readWhole(printer)).toBe(false);
    await finishPrintout(ticket, 'Chilcano P0000001\n');
    expect(count.readWhole(printer)).toBe(true);
    expect(count.result(0)).toMatchObject({ printed: 1, twice: 0, missing: [] });
  });

  it('a silent printer’s ticket (no GS r) is whole when its connection closes', async () => {
    const printer = await startPrinter();
    const count = new PaperCount(['P0000001']);
    const ticket = await connect(printer.port);
    ticket.end(`${INIT}Chilcano P0000001\n`);
    await until(() => printer.received.length === 1 && printer.isWhole(0));
    expect(count.readWhole(printer)).toBe(true);
    expect(count.result(0)).toMatchObject({ printed: 1, missing: [] });
  });

  it('tickets on one kept connection are each counted; a real second copy is counted twice, a late one out of order', async () => {
    const printer = await startPrinter();
    const count = new PaperCount(['P0000001', 'P0000002', 'P0000003']);
    const kept = await connect(printer.port);
    await finishPrintout(kept, `${INIT}Chilcano P0000001\n`);
    await finishPrintout(kept, `${INIT}Chilcano P0000003\n`);
    await finishPrintout(kept, `${INIT}Chilcano P0000002\n`);
    await finishPrintout(kept, `${INIT}Chilcano P0000001\n`);
    expect(printer.received).toHaveLength(4);
    expect(count.readWhole(printer)).toBe(true);
    expect(count.result(0)).toMatchObject({ printed: 3, twice: 1, doubled: ['P0000001'], outOfOrder: 1, missing: [] });
    // One connection, one printout at a time: no second sender.
    expect(printer.overlapping).toBe(0);
  });

  it('ids like __proto__ on the paper are not marks and change nothing', async () => {
    const printer = await startPrinter();
    const count = new PaperCount(['P0000001']);
    const ticket = await connect(printer.port);
    await finishPrintout(ticket, `${INIT}__proto__ constructor P9999999\n`);
    expect(count.readWhole(printer)).toBe(false);
    expect(count.result(0)).toMatchObject({ printed: 0, twice: 0, missing: ['P0000001'] });
  });
});

describe('printerComesBack', () => {
  it('counts a ticket whose connection opened before another one printed, with the paper read between them', async () => {
    const free = await FakePrinter.start();
    const port = free.port;
    await free.close();
    let polls = 0;
    const pollsAfter = async (n: number) => {
      const target = polls + n;
      await until(() => polls >= target);
    };
    const back = printerComesBack(port, ['P0000001', 'P0000002'], 120_000, { pollMs: 1, onPoll: () => polls++ });
    const first = await connectWhenListening(port);
    first.write(`${INIT}Mesa 4\n`);
    const second = await connect(port);
    await finishPrintout(second, `${INIT}Chilcano P0000002\n`);
    // The paper is read at least twice while the first ticket is still arriving.
    await pollsAfter(2);
    await finishPrintout(first, 'Chilcano P0000001\n');
    first.end();
    second.end();
    const result = await back;
    expect(result).toMatchObject({ expected: 2, printed: 2, twice: 0, outOfOrder: 0, missing: [], doubled: [], overlapping: 1 });
    expect(result.error).toBeUndefined();
  });
});
