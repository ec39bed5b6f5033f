/**
 * `encode` off the event loop where it can be slow (issue 19 item 18: a
 * 100-dish ticket with long Chinese remarks drawn as images took 7 s and held
 * every till's tap). Printers that draw Chinese or QR codes as images
 * (`cjk: 'raster'`, `qr: 'image'`) get their bytes from one long-lived worker
 * thread (encode-worker.ts); the others are encoded here, at once (text and
 * GB18030 bytes take microseconds).
 *
 * In the single binary there is no worker file on disk: installer/bundle.ts
 * bundles encode-worker.ts on its own into `__POS_ENCODE_WORKER__`, started as
 * code (`eval: true`). The worker may not reach the binary's assets, so the
 * font file is read here and handed over.
 */
import { Worker } from 'node:worker_threads';
import type { PrintDocument } from '#protocol';
import type { EncodeSettings } from '../printer.ts';
import { encode } from './encode.ts';
import type { EncodeAnswer, EncodeRequest, EncodeWorkerData } from './encode-worker.ts';
import { readUnifontFile } from './raster/unifont.ts';

declare const __POS_ENCODE_WORKER__: string | undefined;

/** Whether these settings draw images, the slow part: only then is the worker used. */
export function drawsImages(settings: EncodeSettings): boolean {
  return settings.cjk === 'raster' || settings.qr === 'image';
}

type Waiting = { resolve: (bytes: Uint8Array) => void; reject: (err: Error) => void };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function failAll(from: Worker, err: Error): void {
  if (worker === from) worker = null;
  for (const w of waiting.values()) w.reject(err);
  waiting.clear();
}

function startWorker(): Worker {
  const data: EncodeWorkerData = { font: readUnifontFile() };
  const options = { workerData: data, stdout: true, stderr: true };
  const w =
    typeof __POS_ENCODE_WORKER__ === 'string' ? new Worker(__POS_ENCODE_WORKER__, { ...options, eval: true }) : new Worker(new URL('./encode-worker.ts', import.meta.url), options);
  w.on('message', (answer: EncodeAnswer) => {
    const w2 = waiting.get(answer.id);
    if (!w2) return;
    waiting.delete(answer.id);
    if (answer.ok) w2.resolve(answer.bytes);
    else w2.reject(new Error(`encode failed: ${answer.error}`));
  });
  w.on('error', (err) => failAll(w, err));
  w.on('exit', (code) => failAll(w, new Error(`the encode worker ended (${code})`)));
  // An idle worker must not keep the hub (or a test) alive.
  w.unref();
  return w;
}

/** The bytes that print `document` on a printer with `settings`, drawn off the event loop when they hold images. */
export function encodeOffThread(document: PrintDocument, settings: EncodeSettings): Promise<Uint8Array> {
  if (!drawsImages(settings)) return Promise.resolve(encode(document, settings));
  worker ??= startWorker();
  const id = nextId++;
  const request: EncodeRequest = { id, document, settings: { paper: settings.paper, codePage: settings.codePage, cjk: settings.cjk, qr: settings.qr } };
  return new Promise<Uint8Array>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // Waiting for an answer keeps the process alive; an idle worker does not.
    worker?.ref();
    worker?.postMessage(request);
  }).finally(() => {
    if (waiting.size === 0) worker?.unref();
  });
}

/** Ends the worker (tests; a hub stopping need not: it is unref'd). */
export async function stopEncodeWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
