import { parseEscPos } from '../../hardware/index.ts';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { sleep } from './common.ts';

/**
 * The printer that was off comes back: a fake printer starts listening on
 * its port (hardware/testing/fake-printer.ts) while a hub runs, and the
 * tickets that waited for it are read back from its paper by their marks
 * (off-printer.ts: `P0000001`, one per ticket, in the ticket's own bytes).
 * Counted on the printer itself: each ticket once, in the order it was sent.
 *
 * Each printout is read exactly once and only when it is whole (the printer
 * confirmed it, or its connection closed): PaperCount. Reading "every printout
 * but the newest" is not enough: a printout whose connection opened first may
 * still be arriving when another connection begins (the hub's "does it answer"
 * probe every 2 s while a lane prints was one, when the fake printer made one
 * entry per connection; two lanes or two hubs sending to one printer are
 * another). Read early, its mark was never seen, and the bench reported a
 * ticket the printer did get as never printed (hub/bench/README.md "The
 * printer comes back").
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
  /** The first few tickets that came out more than once. */
  doubled: string[];
  /** Printouts that began while another was still arriving: something besides the hub's one lane printed here (FakePrinter.overlapping). */
  overlapping: number;
  /** Why the printer could not be switched on, if it could not. */
  error?: string;
};

const MARK = /P\d{7}/g;

/**
 * The marks on a fake printer's paper, counted as the printouts become whole:
 * in the order they began, each printout read once, never one still arriving
 * (the reading stops at the first such printout and goes on from it later).
 */
export class PaperCount {
  private readonly order: Map<string, number>;
  private readonly seen = new Set<string>();
  private readonly doubled: string[] = [];
  private twice = 0;
  private outOfOrder = 0;
  private lastIndex = -1;
  /** Printouts read so far (`received[0 .. read-1]`). */
  private read = 0;
  /** performance.now() when the last new mark was read. */
  lastAt: number;

  constructor(marks: readonly string[], startedAt = performance.now()) {
    this.order = new Map(marks.map((m, i) => [m, i]));
    this.lastAt = startedAt;
  }

  /** Reads the printouts that are whole; true once every mark has been seen. */
  readWhole(printer: FakePrinter): boolean {
    while (this.read < printer.received.length && printer.isWhole(this.read)) this.readOne(printer.received[this.read++]!);
    return this.seen.size >= this.order.size;
  }

  /** Reads every printout left, whole or not: only once the printer is closed (nothing more can come). */
  readRest(printer: FakePrinter): void {
    while (this.read < printer.received.length) this.readOne(printer.received[this.read++]!);
  }

  private readOne(bytes: Uint8Array): void {
    for (const text of parseEscPos(bytes, { codePage: 'cp858' }).texts) {
      for (const mark of text.match(MARK) ?? []) {
        const index = this.order.get(mark);
        if (index === undefined) continue;
        if (this.seen.has(mark)) {
          this.twice++;
          if (this.doubled.length < 5) this.doubled.push(mark);
          continue;
        }
        this.seen.add(mark);
        if (index < this.lastIndex) this.outOfOrder++;
        this.lastIndex = index;
        this.lastAt = performance.now();
      }
    }
  }

  result(startedAt: number): PrintBack {
    const missing: string[] = [];
    for (const mark of this.order.keys()) {
      if (missing.length >= 5) break;
      if (!this.seen.has(mark)) missing.push(mark);
    }
    return {
      expected: this.order.size,
      printed: this.seen.size,
      twice: this.twice,
      outOfOrder: this.outOfOrder,
      ms: this.lastAt - startedAt,
      missing,
      doubled: [...this.doubled],
      overlapping: 0,
    };
  }
}

export type PrintBackOptions = {
  /** How often the paper is read while the tickets come. */
  pollMs?: number;
  /** Called after each reading (tests wait on it instead of on the clock). */
  onPoll?: () => void;
  /** Hands over the fake printer once it listens (print-back-rounds.ts counts its bytes a second way). */
  onPrinter?: (printer: FakePrinter) => void;
};

export async function printerComesBack(port: number, marks: readonly string[], maxMs: number, opts: PrintBackOptions = {}): Promise<PrintBack> {
  const pollMs = opts.pollMs ?? 250;
  const t0 = performance.now();
  let printer: FakePrinter;
  try {
    printer = await FakePrinter.start(port);
  } catch (err) {
    return { expected: marks.length, printed: 0, twice: 0, outOfOrder: 0, ms: 0, missing: [], doubled: [], overlapping: 0, error: `port ${port}: ${String(err)}` };
  }
  opts.onPrinter?.(printer);
  const count = new PaperCount(marks, t0);
  try {
    while (performance.now() - t0 < maxMs) {
      await sleep(pollMs);
      const all = count.readWhole(printer);
      opts.onPoll?.();
      if (all) break;
    }
    // A copy printed after the last ticket (a repeat) must still be counted: give it a moment.
    await sleep(500);
  } finally {
    await printer.close();
  }
  // Closed: every connection is gone, what was captured is all there is.
  count.readRest(printer);
  return { ...count.result(t0), overlapping: printer.overlapping };
}
