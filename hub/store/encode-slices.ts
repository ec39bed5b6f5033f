import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { lineRoom, writeLineAt } from './line-codec.ts';

/**
 * Work that runs beside the hub's write loop at snapshot time (day files,
 * command ids) in slices of about 2 ms, the event loop running between them,
 * so no acknowledgement waits behind a snapshot (issue 20 item 4).
 */

/** Longest stretch of work between two yields to the event loop. */
export const SLICE_MS = 2;
/** Encoded lines are gathered into buffers of about this size. */
const CHUNK_BYTES = 256 * 1024;

/** A pause of the event loop's turn whenever the current slice has run `SLICE_MS`. */
export function slicer(): () => Promise<void> {
  let start = performance.now();
  return async () => {
    if (performance.now() - start < SLICE_MS) return;
    await yieldToLoop();
    start = performance.now();
  };
}

/** Optional per-entry work of `encodeInSlices`, done inside its slices. */
export type EncodeHooks = {
  /** What is encoded for an entry (default: the entry): a job's document read back from its file. */
  prepare?: (entry: unknown) => unknown;
  /** Where entry `i`'s line lies in the output: [start, end), its newline excluded. */
  line?: (i: number, start: number, end: number) => void;
};

/**
 * The lines of many entries (a snapshot's worth of activity is thousands),
 * encoded in slices of about 2 ms with the event loop running between them,
 * straight into buffers of about 256 KB: each entry's JSON is written as
 * UTF-8 into the buffer and its checksum taken there, so a snapshot makes no
 * line strings, no joined text and no second copy for the garbage collector
 * (whose pauses were what was left of a snapshot's long tasks). The bytes are
 * exactly those of `encodeLine` of each entry, one after another.
 */
export async function encodeInSlices(entries: readonly unknown[], each: EncodeHooks = {}): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let at = 0;
  // Bytes in the chunks already pushed: a line's offset in the output is this + at.
  let before = 0;
  const slice = slicer();
  for (const [i, entry] of entries.entries()) {
    const e = each.prepare ? each.prepare(entry) : entry;
    const json = JSON.stringify(e);
    const most = lineRoom(json);
    if (at + most > buffer.length) {
      if (at > 0) chunks.push(buffer.subarray(0, at));
      before += at;
      buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, most));
      at = 0;
    }
    const end = writeLineAt(buffer, at, json);
    // The line without its newline.
    each.line?.(i, before + at, before + end - 1);
    at = end;
    await slice();
  }
  if (at > 0) chunks.push(buffer.subarray(0, at));
  return chunks;
}
