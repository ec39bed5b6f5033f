/**
 * A network printer: raw ESC/POS over TCP (port 9100). A printer that never
 * answered status gets one connection per printout: connect (time-boxed),
 * write, half-close, wait for the printer to close or the time box; its
 * status (DLE EOT) is asked on a connection of its own, and one that accepts
 * the connection but never answers counts as ok (many cheap printers ignore
 * DLE EOT over the network). A printer that answers status is kept one
 * connection while tickets come (network-session.ts): status questions and
 * printouts, each confirmed by GS r, in turn on it.
 */
import net from 'node:net';
import type { PrintDocument, PrinterStatus } from '#protocol';
import { DRAWER_KICK, statusRequest, TRANSMIT_PAPER_STATUS } from '../escpos/commands.ts';
import { drawsImages, encodeOffThread } from '../escpos/encode-thread.ts';
import type { EncodeSettings, PrintMeta, PrintOutcome, PrinterDriver } from '../printer.ts';
import { connect, PrinterSession } from './network-session.ts';
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
/**
 * A printout confirmed this recently on the kept connection, with its paper sensors clear, stands
 * for the status check of the next one (issue 20, the lone device: the check was a question and an
 * answer on the wire per ticket, the hub's biggest cost per ticket after the log). So only tickets
 * that follow each other closely (a rush, a lane with a backlog) skip it. What changes for a printer
 * that goes wrong within this time (hardware/README.md "A kept connection"): the ticket is sent
 * without the check; an offline printer (cover opened) processes nothing, so the ticket's own GS r
 * answer comes once it is back (printed, done) or never (maybe printed, for a person); a power cut
 * in that instant makes the ticket maybe printed, for a person, where the check would have kept it
 * waiting. Never printed twice by itself.
 */
export const FRESH_CONFIRMATION_MS = 250;
/** GS r 1's answer: bits 0-1 paper near its end, bits 2-3 paper out. Either makes the next ticket ask first. */
const PAPER_SENSORS = 0x0f;

const unreachable: PrintOutcome = { ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 };
/** The printout's bytes could not be made (the encode worker failed): nothing sent. */
export const encodeFailed: PrintOutcome = { ok: false, canRetry: true, reason: 'PRINTER_ERROR', written: 0 };

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
export function networkDriver(host: string, port: number, settings: EncodeSettings, timeoutMs: number, connectMs = timeoutMs, freshMs = FRESH_CONFIRMATION_MS): PrinterDriver {
  // Whether this printer answers DLE EOT: then a print first checks paper and cover, so a ticket
  // is not sent into a printer that cannot print it, on the kept connection. Null until asked:
  // the status monitor asks idle printers; a printer busy since the start is asked once after its
  // first printout, beside the lane (waiting for the answer before a ticket would widen the time
  // between a job's start and its writing mark, where a power cut sends it round again).
  let answersStatus: boolean | null = null;
  let learning = false;
  const session = new PrinterSession(host, port, connectMs);
  // The questions it answered last time: asked together on the kept connection.
  let known: Question[] | null = null;
  // When the last printout on the kept connection was confirmed with its paper sensors clear (performance.now()).
  let confirmedAt = -Infinity;
  const freshlyConfirmed = () => performance.now() - confirmedAt < freshMs && session.isOpen;
  /** Status on the kept connection; a kept one that stays silent is asked again on a fresh one (the printer may have lost power meanwhile). */
  const statusNow = async (): Promise<PrinterStatus> => {
    let answers = await askOnSession(session, known);
    if (answers?.reused && Object.keys(answers.answers).length === 0) answers = await askOnSession(session, null);
    if (!answers) return { state: 'retryLater', reason: 'UNREACHABLE' };
    known = QUESTIONS.filter((n) => answers.answers[n] !== undefined);
    answersStatus = Object.keys(answers.answers).length > 0;
    if (!answersStatus) session.end(); // a printer that does not answer keeps no session: its printouts go one connection each
    return statusFromAnswers(answers.answers);
  };
  const status = () =>
    session.exclusive(async () => {
      const now = await statusNow();
      session.release();
      return now;
    });
  const sendChecked = async (bytes: Uint8Array, meta?: PrintMeta): Promise<PrintOutcome> => {
    if (answersStatus !== true) {
      const outcome = await send(host, port, bytes, timeoutMs, connectMs, meta?.beforeWrite, false);
      if (answersStatus === null && !learning) {
        learning = true;
        void status()
          .catch(() => undefined)
          .finally(() => (learning = false));
      }
      return outcome;
    }
    return session.exclusive(async () => {
      try {
        if (!freshlyConfirmed()) {
          const now = await statusNow();
          if (now.state !== 'ok') return { ok: false, canRetry: true, reason: now.reason, written: 0 } satisfies PrintOutcome;
          // It stopped answering (asked again on a fresh connection): printed as a silent printer is.
          if (!answersStatus) return await send(host, port, bytes, timeoutMs, connectMs, meta?.beforeWrite, false);
        }
        confirmedAt = -Infinity;
        const printed = await printOnSession(session, bytes, timeoutMs, meta?.beforeWrite);
        if (printed.paper !== undefined && (printed.paper & PAPER_SENSORS) === 0) confirmedAt = performance.now();
        return printed.outcome;
      } finally {
        session.release();
      }
    });
  };
  return {
    print: async (document: PrintDocument, meta?: PrintMeta) => {
      const bytes = await encodeOffThread(document, settings).catch(() => null);
      // Nothing was sent: a worker that failed (a bug, or out of memory) is a printer problem to retry.
      return bytes ? sendChecked(bytes, meta) : encodeFailed;
    },
    // A printer that answers status gets the pulse on the kept connection, confirmed as a printout is.
    openDrawer: (meta?: PrintMeta) =>
      answersStatus
        ? session.exclusive(async () => {
            try {
              return (await printOnSession(session, DRAWER_KICK, timeoutMs, meta?.beforeWrite)).outcome;
            } finally {
              session.release();
            }
          })
        : send(host, port, DRAWER_KICK, timeoutMs, connectMs, meta?.beforeWrite),
    status,
    answers: () => answersAt(host, port, connectMs),
    // A printout skips its status check while the last confirmation is fresh; the drawer's pulse never asks first.
    // Bytes drawn as images come from the encode worker first (milliseconds, seconds for a long Chinese ticket): not at once.
    writesAtOnce: (what) => answersStatus === true && session.isOpen && (what === 'drawer' || (freshlyConfirmed() && !drawsImages(settings))),
    close: async () => session.close(),
  };
}

type Question = 1 | 2 | 4;
const QUESTIONS: readonly Question[] = [1, 2, 4];

/**
 * DLE EOT 1, 2 and 4 on the session (opened if needed); unanswered ones are left out. Null:
 * unreachable. On a fresh connection they go one at a time (a printer that does not answer one
 * will not answer the next); on the kept one, the questions it answered before go in one write
 * and their answers come in turn (three round trips per ticket were most of its status check).
 */
async function askOnSession(session: PrinterSession, known: readonly Question[] | null): Promise<{ answers: StatusAnswers; reused: boolean } | null> {
  const opened = await session.open();
  if (!opened) return null;
  const answers: StatusAnswers = {};
  if (opened.reused && known && known.length > 0) {
    const asked = await session.ask(concatAll(known.map((n) => statusRequest(n))), known.length, STATUS_ANSWER_MS);
    if (asked.ok) known.forEach((n, i) => (answers[n] = asked.answers[i]!));
    return { answers, reused: true };
  }
  for (const n of QUESTIONS) {
    const asked = await session.ask(statusRequest(n), 1, STATUS_ANSWER_MS);
    if (!asked.ok) break; // a printer that does not answer one will not answer the next (and the session ended)
    answers[n] = asked.answers[0]!;
  }
  return { answers, reused: opened.reused };
}

function concatAll(parts: readonly Uint8Array[]): Uint8Array {
  return parts.reduce((all, part) => concat(all, part), new Uint8Array(0));
}

/**
 * A printout on the kept connection of a printer that answers status, confirmed by GS r 1 as on
 * a connection of its own (hardware/README.md "When a printout counts as printed"): the answer
 * makes it done; the printer closing the connection cleanly once every byte left is taken at its
 * word; no answer in time, a reset or an error after bytes left is PARTIAL_WRITE (maybe printed,
 * for a person), before any byte left UNREACHABLE (retried).
 */
async function printOnSession(session: PrinterSession, payload: Uint8Array, timeoutMs: number, beforeWrite?: () => Promise<boolean>): Promise<{ outcome: PrintOutcome; paper?: number }> {
  if (!(await session.open())) return { outcome: unreachable };
  if (beforeWrite) {
    const recorded = await beforeWrite().catch(() => false);
    if (!recorded || !session.isOpen) return { outcome: unreachable };
  }
  const asked = await session.ask(concat(payload, TRANSMIT_PAPER_STATUS), 1, timeoutMs * CONFIRM_FACTOR, timeoutMs);
  if (asked.ok) return { outcome: { ok: true }, paper: asked.answers[0]! };
  if (asked.closed && asked.flushed) return { outcome: { ok: true } };
  return { outcome: asked.written > 0 ? { ok: false, canRetry: false, reason: 'PARTIAL_WRITE', written: asked.written } : unreachable };
}
