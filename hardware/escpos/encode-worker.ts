/**
 * The worker thread that encodes printouts for printers that draw Chinese (or
 * QR codes) as images (encode-thread.ts starts it): drawing a long Chinese
 * ticket dot by dot takes seconds (issue 19 item 18), so it runs here, off
 * the hub's event loop. One long-lived worker: the font is parsed once. In
 * the single binary this file is bundled on its own and started from a
 * string (installer/bundle.ts); the font's bytes come from the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PrintDocument } from '#protocol';
import type { EncodeSettings } from '../printer.ts';
import { encode } from './encode.ts';
import { useUnifontFile } from './raster/unifont.ts';

/** What the main thread hands the worker once. */
export type EncodeWorkerData = { font: Uint8Array | null };
/** One printout to encode. */
export type EncodeRequest = { id: number; document: PrintDocument; settings: EncodeSettings };
/** Its bytes, or why not (a bug: the encoder takes any valid document). */
export type EncodeAnswer = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: string };

useUnifontFile((workerData as EncodeWorkerData | undefined)?.font ?? null);

parentPort?.on('message', (request: EncodeRequest) => {
  let answer: EncodeAnswer;
  try {
    answer = { id: request.id, ok: true, bytes: encode(request.document, request.settings) };
  } catch (err) {
    answer = { id: request.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(answer, answer.ok ? [answer.bytes.buffer as ArrayBuffer] : []);
});
