import { Worker } from 'node:worker_threads';
import { CertificateError, type SigningMaterial } from './pkcs12.ts';
import { costRefusal, readPkcs12Costs } from './pkcs12-costs.ts';
import type { Pkcs12Answer, Pkcs12Job } from './pkcs12-worker.ts';

/**
 * Opens a PKCS#12 off the event loop (issue 19 item 16). First, here and
 * cheaply, the file's iteration counts are read from its ASN.1 and a file
 * asking for more than any real issuer uses is refused (`CERT_TOO_COSTLY`,
 * pkcs12-costs.ts) before any key is derived; then node-forge opens it in a
 * worker thread, so a till's tap never waits behind a key derivation. A
 * worker that has not answered within WORKER_LIMIT_MS (rounds hidden inside
 * an encrypted part, which the cheap read cannot see) is ended: CERT_TOO_COSTLY.
 *
 * In the single binary there is no worker file on disk: installer/bundle.ts
 * bundles pkcs12-worker.ts on its own into `__POS_PKCS12_WORKER__`, which is
 * started as code (`eval: true`; the bundle needs only Node's own modules).
 */

declare const __POS_PKCS12_WORKER__: string | undefined;

/** Far longer than a real certificate takes (well under a second), short enough that a crafted one cannot hold a worker for long. */
export const WORKER_LIMIT_MS = 20_000;

function startWorker(job: Pkcs12Job): Worker {
  const options = { workerData: job, stdout: true, stderr: true };
  if (typeof __POS_PKCS12_WORKER__ === 'string') return new Worker(__POS_PKCS12_WORKER__, { ...options, eval: true });
  return new Worker(new URL('./pkcs12-worker.ts', import.meta.url), options);
}

/** readPkcs12 (pkcs12.ts) with its costs capped and its derivations off the event loop; refusals are the same CertificateErrors. */
export async function readPkcs12OffThread(bytes: Uint8Array, password: string, now: Date, options: { skipValidity?: boolean; limitMs?: number } = {}): Promise<SigningMaterial> {
  let refusal: string | null;
  try {
    refusal = costRefusal(readPkcs12Costs(bytes));
  } catch {
    throw new CertificateError('CERT_UNREADABLE', 'the file is not a PKCS#12 (.p12/.pfx) file');
  }
  if (refusal) throw new CertificateError('CERT_TOO_COSTLY', refusal);
  const answer = await new Promise<Pkcs12Answer>((resolve, reject) => {
    const worker = startWorker({ bytes: Uint8Array.from(bytes), password, nowMs: now.getTime(), skipValidity: options.skipValidity ?? false });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ ok: false, code: 'CERT_TOO_COSTLY', reason: 'opening the file took too long' });
    }, options.limitMs ?? WORKER_LIMIT_MS);
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      fn();
    };
    worker.once('message', (m: Pkcs12Answer) => settle(() => resolve(m)));
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => resolve({ ok: false, code: 'CERT_UNREADABLE', reason: `the reader ended (${code})` })));
  });
  if (!answer.ok) throw new CertificateError(answer.code, answer.reason);
  return answer.material;
}
