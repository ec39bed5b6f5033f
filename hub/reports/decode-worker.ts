/**
 * The worker thread that computes report days from the archive's day files
 * (decode-thread.ts starts it): a cold year is 365 files of about 2 MB each,
 * seconds of JSON decoding that ran on the hub's event loop before (issue 20
 * item 4). In the single binary this file is bundled on its own and started
 * from a string (installer/bundle.ts); it reads the data folder's files
 * itself, the main thread sends only the job (hub/reports/day-figures.ts).
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { SalesFigures } from '#protocol';
import type { ReadStats } from './archive-reader.ts';
import { computeDays, type DayFiguresJob } from './day-figures.ts';

/** One job to run. */
export type DecodeRequest = { id: number; job: DayFiguresJob };
/** A day done, the job done (with what was read for it), or why it failed. */
export type DecodeAnswer =
  | { id: number; kind: 'day'; day: string; figures: SalesFigures; stats: ReadStats }
  | { id: number; kind: 'done'; stats: ReadStats }
  | { id: number; kind: 'failed'; error: string };

// The lowest CPU priority, for this thread only (Linux keeps a nice value per
// thread): decoding uses the cores the hub's event loop leaves idle and never
// takes one from it, however many workers run. Where that is refused, it runs as is.
try {
  setPriority(19);
} catch {
  // not allowed here: the figures are the same, only less polite
}

const port = parentPort;
port?.on('message', (request: DecodeRequest) => {
  const { id, job } = request;
  const stats: ReadStats = { files: 0, bytes: 0 };
  const send = (answer: DecodeAnswer) => port.postMessage(answer);
  // What was read so far goes with each day: whoever hears the last day hears all of it.
  computeDays(job, (day, figures) => send({ id, kind: 'day', day, figures, stats: { ...stats } }), stats).then(
    () => send({ id, kind: 'done', stats }),
    (err: unknown) => send({ id, kind: 'failed', error: err instanceof Error ? err.message : String(err) }),
  );
});
