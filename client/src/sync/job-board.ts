import { proxy, ref, useSnapshot } from 'valtio';
import type { JobBoard, LaneStatus } from '#protocol';
import { emptyJobBoard } from '#protocol';

/**
 * What this device knows of the hub's jobs (issue 20): the job board the hub
 * pushes on the live channel (`SOCKET_EVENTS.jobBoard`, at connect and at
 * most every ~200 ms while jobs move), shaped for the person signed in.
 * Jobs are not in the replica: the board carries counts per lane and, for
 * owners and managers, the newest stuck jobs' summaries; lists and documents
 * are fetched on demand (`pages/jobs/jobs-api.ts`). Not kept across reloads:
 * it is live status, and the hub sends it again at the next connect.
 *
 * `received`: whether the hub has sent one since this page opened (before
 * that, empty counts mean "not known yet", not "nothing waits").
 */
export const jobBoard = proxy({
  board: ref(emptyJobBoard()) as JobBoard,
  received: false,
});

/** A board from the hub replaces the one held (whole: each push is complete). */
export function setJobBoard(board: JobBoard): void {
  jobBoard.board = ref(board);
  jobBoard.received = true;
}

/**
 * Someone else signs in here (or the person signs out): what the previous
 * person's board listed goes at once (an owner's stuck jobs on a waiter's
 * phone); the hub sends the new person's board when their channel opens.
 */
export function forgetJobBoard(): void {
  jobBoard.board = ref(emptyJobBoard());
  jobBoard.received = false;
}

/** The board to render (re-renders when the hub sends a new one). */
export function useJobBoard(): JobBoard {
  return useSnapshot(jobBoard).board as JobBoard;
}

/** A printer's lane on the board (absent: nothing waits, prints or is stuck there). */
export function printerLane(board: JobBoard, printerId: string): LaneStatus | undefined {
  return board.lanes.find((lane) => lane.printerId === printerId);
}

/**
 * A short text that changes whenever a lane of these kinds moves (a job made,
 * tried, finished, given up): pages that fetch on-demand data (the e-invoice
 * documents, the exports, a printer's history) ask again when it changes.
 */
export function lanesStamp(board: JobBoard, match: (lane: LaneStatus) => boolean): string {
  return board.lanes
    .filter(match)
    .map((l) => `${l.key}:${l.waiting}:${l.running}:${l.stuck}:${l.nextAt ?? ''}:${l.lastReason ?? ''}`)
    .join('|');
}
