import type { JobBoard, JobKind, JobSummary } from '#protocol';

/** How many jobs wait or run right now, in every lane (the board's counts, which every signed-in person receives). */
export function queuedCount(board: JobBoard): number {
  return board.totals.waiting + board.totals.running;
}

/**
 * A text that changes whenever the stuck jobs change (one more, one fewer,
 * one retried and stuck again): the stuck-jobs page asks the hub again then.
 * The board lists the newest 50 with their update times, and the total.
 */
export function stuckStamp(board: JobBoard): string {
  return `${board.stuckTotal}|${board.stuck.map((s) => `${s.id}:${s.updatedAt}`).join(',')}`;
}

/**
 * The rows to show: those a person on this page has not just retried or
 * cancelled. A row acted on stays hidden until the hub lists it changed (a
 * retry that failed again comes back with a later update time), so the row
 * leaves at once and never flickers back while the hub's answer is on its way.
 */
export function visibleStuck(rows: readonly JobSummary[], actedOn: ReadonlyMap<string, string>): JobSummary[] {
  return rows.filter((row) => actedOn.get(row.id) !== row.updatedAt);
}

/** Where the queue is: a printer's lane (by the printer's id) or another kind's, and how many wait there. */
export type QueuedLane = { key: string; printerId: string | null; kind: JobKind; queued: number };

/** The lanes with jobs waiting or running, the longest queue first (printers before other kinds when equal). */
export function queuedLanes(board: JobBoard): QueuedLane[] {
  return board.lanes
    .filter((l) => l.waiting + l.running > 0)
    .map((l) => ({ key: l.key, printerId: l.printerId, kind: l.kind, queued: l.waiting + l.running }))
    .sort((a, b) => b.queued - a.queued || (a.printerId === null ? 1 : 0) - (b.printerId === null ? 1 : 0) || (a.key < b.key ? -1 : 1));
}
