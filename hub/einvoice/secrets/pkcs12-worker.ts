import { parentPort, workerData } from 'node:worker_threads';
import { CertificateError, readPkcs12 } from './pkcs12.ts';

/**
 * The worker thread that opens a PKCS#12 (pkcs12-thread.ts starts it): the
 * key derivations node-forge runs (the MAC, the bags' decryption) take the
 * rounds the file names, so they run here, off the hub's event loop. One file
 * per worker: it answers once and ends. In the single binary this file is
 * bundled on its own and started from a string (installer/bundle.ts).
 */

/** What the hub hands the worker. */
export type Pkcs12Job = { bytes: Uint8Array; password: string; nowMs: number; skipValidity: boolean };
/** What the worker answers: the material, or the refusal's code and reason (never the password). */
export type Pkcs12Answer = { ok: true; material: ReturnType<typeof readPkcs12> } | { ok: false; code: CertificateError['code']; reason: string };

const job = workerData as Pkcs12Job;
let answer: Pkcs12Answer;
try {
  answer = { ok: true, material: readPkcs12(job.bytes, job.password, new Date(job.nowMs), { skipValidity: job.skipValidity }) };
} catch (err) {
  answer = err instanceof CertificateError ? { ok: false, code: err.code, reason: err.message } : { ok: false, code: 'CERT_UNREADABLE', reason: 'the file could not be read' };
}
parentPort?.postMessage(answer);
