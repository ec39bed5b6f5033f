import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { encodeLine } from './line-codec.ts';

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

/**
 * The lines of many entries (a snapshot's worth of activity is thousands),
 * encoded in slices of about 2 ms with the event loop running between them,
 * as buffers of about 256 KB (one large string turned to bytes at once held
 * the loop too): this runs beside the hub's write loop and must not hold its
 * acknowledgements.
 */
export async function encodeInSlices(entries: readonly unknown[]): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  let lines: string[] = [];
  let length = 0;
  const slice = slicer();
  for (const e of entries) {
    const line = encodeLine(e);
    lines.push(line);
    length += line.length;
    if (length >= CHUNK_BYTES) {
      chunks.push(Buffer.from(lines.join(''), 'utf8'));
      lines = [];
      length = 0;
    }
    await slice();
  }
  if (lines.length > 0) chunks.push(Buffer.from(lines.join(''), 'utf8'));
  return chunks;
}
