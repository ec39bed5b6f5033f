import { parseEscPos } from '../../hardware/index.ts';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { sleep } from './common.ts';

/**
 * The printer that was off comes back: a fake printer starts listening on
 * its port (hardware/testing/fake-printer.ts) while a hub runs, and the
 * tickets that waited for it are read back from its paper by their marks
 * (off-printer.ts). Counted on the printer itself: each ticket once, in the
 * order it was sent.
 */

export type PrintBack = {
  expected: number;
  /** Distinct waiting tickets that reached the paper. */
  printed: number;
  /** Tickets that came out more than once (extra copies). */
  twice: number;
  /** Times a ticket came out before one sent ahead of it. */
  outOfOrder: number;
  /** From switching the printer on to the last ticket (or to giving up). */
  ms: number;
  /** The first few waiting tickets that never reached the paper. */
  missing: string[];
  /** Why the printer could not be switched on, if it could not. */
  error?: string;
};

const MARK = /P\d{7}/g;

export async function printerComesBack(port: number, marks: readonly string[], maxMs: number): Promise<PrintBack> {
  const order = new Map(marks.map((m, i) => [m, i]));
  const t0 = performance.now();
  let printer: FakePrinter;
  try {
    printer = await FakePrinter.start(port);
  } catch (err) {
    return { expected: marks.length, printed: 0, twice: 0, outOfOrder: 0, ms: 0, missing: [], error: `port ${port}: ${String(err)}` };
  }
  const seen = new Set<string>();
  let twice = 0;
  let outOfOrder = 0;
  let lastIndex = -1;
  let read = 0;
  let lastAt = t0;
  // Printouts before the newest are whole (one ticket each, several may share a kept connection); the newest may still be arriving.
  const readUpTo = (end: number) => {
    for (; read < end; read++) {
      for (const text of parseEscPos(printer.received[read]!, { codePage: 'cp858' }).texts) {
        for (const mark of text.match(MARK) ?? []) {
          const index = order.get(mark);
          if (index === undefined) continue;
          if (seen.has(mark)) twice++;
          else {
            seen.add(mark);
            if (index < lastIndex) outOfOrder++;
            lastIndex = index;
            lastAt = performance.now();
          }
        }
      }
    }
  };
  try {
    const marksOf = (bytes: Uint8Array) => parseEscPos(bytes, { codePage: 'cp858' }).texts.flatMap((t) => t.match(MARK) ?? []);
    while (performance.now() - t0 < maxMs) {
      await sleep(250);
      const newest = printer.received.length - 1;
      readUpTo(Math.max(0, newest));
      // Done once the newest printout (not read for good yet) holds the tickets still missing.
      const inNewest = newest >= 0 ? marksOf(printer.received[newest]!).filter((m) => order.has(m) && !seen.has(m)) : [];
      if (seen.size + new Set(inNewest).size >= marks.length) break;
    }
    // The last ticket is confirmed by the time the hub goes on: give it a moment, then read all.
    await sleep(500);
    readUpTo(printer.received.length);
  } finally {
    await printer.close();
  }
  const missing = marks.filter((m) => !seen.has(m)).slice(0, 5);
  return { expected: marks.length, printed: seen.size, twice, outOfOrder, ms: lastAt - t0, missing };
}
