/**
 * A network printer: raw ESC/POS over TCP (port 9100). Each printout is one
 * connection: connect (time-boxed), write, half-close, wait for the printer
 * to close or the time box. Real-time status (DLE EOT) is asked for on its
 * own connection; a printer that accepts the connection but never answers
 * counts as ok (many cheap printers ignore DLE EOT over the network).
 */
import net from 'node:net';
import type { PrintDocument, PrinterStatus } from '#protocol';
import { DRAWER_KICK, statusRequest, TRANSMIT_PAPER_STATUS } from '../escpos/commands.ts';
import { encodeOffThread } from '../escpos/encode-thread.ts';
import type { EncodeSettings, PrintMeta, PrintOutcome, PrinterDriver } from '../printer.ts';
import { statusFromAnswers, type StatusAnswers } from './status-bits.ts';

/** How long to wait for the answer to each DLE EOT question. */
export const STATUS_ANSWER_MS = 400;
/** How long after the last byte a printer has to close the connection (most do at once) before the job counts as printed. */
const CLOSE_GRACE_MS = 1000;
/**
 * A printer that answers status is asked GS r 1 after the printout, on the same connection. It
 * answers once it has processed every byte before it (unlike DLE EOT, which jumps the queue), so
 * the answer says the ticket reached the mechanism. Its time box, from the last byte: a long
 * ticket prints for seconds before the question's turn comes.
 */
export const CONFIRM_FACTOR = 4;

const unreachable: PrintOutcome = { ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 };
/** The printout's bytes could not be made (the encode worker failed): nothing sent. */
export const encodeFailed: PrintOutcome = { ok: false, canRetry: true, reason: 'PRINTER_ERROR', written: 0 };

function connect(host: string, port: number, timeoutMs: number): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(null);
    });
  });
}

/**
 * Writes `bytes` on a fresh connection and reports how it went. `beforeWrite` runs once the
 * connection is open, before the first byte: a printer switched off on the LAN (its SYNs dropped)
 * never gets that far, so its ticket is known to be unprinted.
 */
async function send(
  host: string,
  port: number,
  payload: Uint8Array,
  timeoutMs: number,
  connectMs: number,
  beforeWrite?: () => Promise<boolean>,
  confirm = false,
): Promise<PrintOutcome> {
  // Issue 19 item 13: without an answer after the last byte, a printer that lost power with the
  // ticket in its buffer looked printed (nothing resets a connection to a dead printer).
  const bytes = confirm ? concat(payload, TRANSMIT_PAPER_STATUS) : payload;
  const socket = await connect(host, port, connectMs);
  if (!socket) return unreachable;
  if (beforeWrite) {
    // The printer may drop the connection while the mark is written: that error is seen by the write below.
    const ignore = () => undefined;
    socket.on('error', ignore);
    const recorded = await beforeWrite().catch(() => false);
    socket.off('error', ignore);
    if (!recorded || socket.destroyed) {
      socket.destroy();
      return unreachable;
    }
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PrintOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    // A write that cannot finish in time (the printer stopped reading) is a broken job.
    const timer = setTimeout(() => {
      if (!socket.writableFinished) finish(broken());
      else if (!confirm) finish({ ok: true });
    }, timeoutMs);
    // Once every byte left us, a printer that keeps the connection open is fine; the short grace
    // lets a printer that drops the connection (reset) mid-document be seen as a partial write.
    // A printer that answers status must answer the last question instead: silence until the box
    // ends means it may have died with the ticket in its buffer (maybe printed: for a person).
    socket.once('finish', () =>
      setTimeout(() => finish(confirm ? broken() : { ok: true }), confirm ? timeoutMs * CONFIRM_FACTOR : Math.min(CLOSE_GRACE_MS, timeoutMs)).unref(),
    );
    const broken = (): PrintOutcome => {
      const written = socket.bytesWritten;
      return written > 0 ? { ok: false, canRetry: false, reason: 'PARTIAL_WRITE', written } : unreachable;
    };
    // The answer to GS r: every byte before it was processed.
    if (confirm) socket.once('data', () => finish({ ok: true }));
    socket.on('error', () => finish(broken()));
    socket.on('close', () => finish(socket.writableFinished ? { ok: true } : broken()));
    socket.on('data', () => undefined); // other answers are read and dropped
    socket.end(bytes);
  });
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Asks DLE EOT 1, 2 and 4 on a fresh connection; unanswered questions are left out. */
async function askStatus(host: string, port: number, timeoutMs: number): Promise<StatusAnswers | null> {
  const socket = await connect(host, port, timeoutMs);
  if (!socket) return null;
  const answers: StatusAnswers = {};
  const pending: Array<(byte: number | undefined) => void> = [];
  const buffered: number[] = [];
  socket.on('data', (chunk: Buffer) => {
    for (const byte of chunk) {
      const waiter = pending.shift();
      if (waiter) waiter(byte);
      else buffered.push(byte);
    }
  });
  socket.on('error', () => undefined);
  const next = () =>
    new Promise<number | undefined>((resolve) => {
      if (buffered.length > 0) return resolve(buffered.shift());
      const timer = setTimeout(() => {
        pending.splice(pending.indexOf(waiter), 1);
        resolve(undefined);
      }, STATUS_ANSWER_MS);
      const waiter = (byte: number | undefined) => {
        clearTimeout(timer);
        resolve(byte);
      };
      pending.push(waiter);
    });
  for (const n of [1, 2, 4] as const) {
    socket.write(statusRequest(n));
    const byte = await next();
    if (byte === undefined) break; // a printer that does not answer one will not answer the next
    answers[n] = byte;
  }
  socket.destroy();
  return answers;
}

/** Errors that mean the host itself is not there (powered off, unplugged), not that it turned the connection down. */
const HOST_GONE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ETIMEDOUT']);

/** Whether anything answers at host:port within `timeoutMs`: an open or refused connection does, silence does not. Nothing is written. */
function answersAt(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answered: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', (err: NodeJS.ErrnoException) => done(!HOST_GONE.has(err.code ?? '')));
  });
}

/**
 * The driver of a network printer at host:port. `connectMs`: the time box of opening a connection
 * (short: a silent printer raises its alert within 5 s); `timeoutMs`: of writing a printout.
 */
export function networkDriver(host: string, port: number, settings: EncodeSettings, timeoutMs: number, connectMs = timeoutMs): PrinterDriver {
  // Whether this printer has ever answered DLE EOT: then a print first checks paper and cover,
  // so a ticket is not sent into a printer that cannot print it. Silent printers are not delayed.
  let answersStatus = false;
  const status = async (): Promise<PrinterStatus> => {
    const answers = await askStatus(host, port, connectMs);
    if (!answers) return { state: 'retryLater', reason: 'UNREACHABLE' };
    if (Object.keys(answers).length > 0) answersStatus = true;
    return statusFromAnswers(answers);
  };
  const sendChecked = async (bytes: Uint8Array, meta?: PrintMeta): Promise<PrintOutcome> => {
    if (answersStatus) {
      const now = await status();
      if (now.state !== 'ok') return { ok: false, canRetry: true, reason: now.reason, written: 0 };
    }
    // A printer known to answer status confirms the printout (GS r after it).
    return send(host, port, bytes, timeoutMs, connectMs, meta?.beforeWrite, answersStatus);
  };
  return {
    print: async (document: PrintDocument, meta?: PrintMeta) => {
      const bytes = await encodeOffThread(document, settings).catch(() => null);
      // Nothing was sent: a worker that failed (a bug, or out of memory) is a printer problem to retry.
      return bytes ? sendChecked(bytes, meta) : encodeFailed;
    },
    openDrawer: (meta?: PrintMeta) => send(host, port, DRAWER_KICK, timeoutMs, connectMs, meta?.beforeWrite),
    status,
    answers: () => answersAt(host, port, connectMs),
    close: async () => undefined,
  };
}
