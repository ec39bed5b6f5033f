import { closeSync, fdatasyncSync, openSync, unlinkSync, writeSync } from 'node:fs';

/** Measures the durable-throughput benchmark takes beside the engine: the raw disk, and the event loop's delay. */

/**
 * The disk itself: small appends, each followed by fdatasync, synchronously.
 * With `written`, the file's blocks are written (zeros) and fsynced first, so
 * each append overwrites blocks the file has: no size change to commit.
 */
export function fsyncProbe(file: string, count: number, bytes: number, written = false): number[] {
  const fd = openSync(file, 'w');
  const buf = Buffer.alloc(bytes, 0x61);
  const times: number[] = [];
  if (written) {
    writeSync(fd, Buffer.alloc(count * bytes));
    fdatasyncSync(fd);
  }
  try {
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      writeSync(fd, buf, 0, bytes, i * bytes);
      fdatasyncSync(fd);
      times.push(performance.now() - t0);
    }
  } finally {
    closeSync(fd);
    unlinkSync(file);
  }
  return times;
}

/** How late a 1 ms timer fired, ms: while a snapshot was being written, and otherwise. */
export type LoopDelay = { duringSnapshot: number[]; otherwise: number[] };

/**
 * Samples the event loop's delay with a 1 ms timer (how much later than asked
 * it fires), filed by whether `snapshotting()` was true: what a snapshot costs
 * everything else the hub does (sockets, other devices' commands).
 */
export function sampleLoopDelay(snapshotting: () => boolean): { stop: () => LoopDelay } {
  const delay: LoopDelay = { duringSnapshot: [], otherwise: [] };
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    (snapshotting() ? delay.duringSnapshot : delay.otherwise).push(Math.max(0, now - last - 1));
    last = now;
  }, 1);
  return {
    stop: () => {
      clearInterval(timer);
      return delay;
    },
  };
}
