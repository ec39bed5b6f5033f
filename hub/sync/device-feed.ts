import type { Engine } from '#hub/engine/engine.ts';
import { currentView, presentChange, snapshotFor, viewerOf } from '#hub/presenters/index.ts';
import { boardFor, seesStuckJobs } from '#hub/presenters/job-board.ts';
import type { Change, JobBoard, ServerToClientEvents, Snapshot, SocketNotice } from '#protocol';
import { packSnapshot } from '#protocol';

/** The messages the hub sends one socket by itself (live changes go to all sockets of a view at once). */
export type DeviceOutbox = {
  changes(changes: Change[]): void;
  snapshot(snapshot: Snapshot): void;
  notice(notice: SocketNotice): void;
  board(board: JobBoard): void;
};

/** Sends hub messages through a typed socket.io socket. */
export function socketOutbox(socket: { emit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): unknown }): DeviceOutbox {
  return {
    changes: (changes) => socket.emit('changes', changes),
    // Packed on the way out (default fields left out): a busy hub's snapshot stays well under 1 MB of JSON.
    snapshot: (snapshot) => socket.emit('snapshot', packSnapshot(snapshot)),
    notice: (notice) => socket.emit('notice', notice),
    board: (board) => socket.emit('jobBoard', board),
  };
}

/** Presented changes of one committed change, by view: computed once for all the sockets sharing a view. */
export type ShapedCache = Map<string, Change>;

/**
 * Everything one socket receives, shaped for its person (hub/presenters):
 * snapshots, catch-up changes and live changes. It remembers the view the
 * device's copy is shaped for and the last seq sent; when the person's view
 * changes (their role was edited, they were disabled), the next change goes
 * as a fresh snapshot instead, since the copy no longer has the right shape.
 */
export class DeviceFeed {
  /** The view the device's copy is shaped for; null until the first answer. */
  private view: string | null = null;
  private sentSeq = 0;

  private readonly engine: Engine;
  private readonly staffId: string | null;
  private readonly out: DeviceOutbox;
  private readonly fullBoard: () => JobBoard;

  /** `fullBoard`: the job board as holders of `settings` see it now (hub/presenters/job-board.ts), narrowed here per person. */
  constructor(engine: Engine, staffId: string | null, out: DeviceOutbox, fullBoard: () => JobBoard) {
    this.engine = engine;
    this.staffId = staffId;
    this.out = out;
    this.fullBoard = fullBoard;
  }

  /** Whether this person's board lists stuck jobs (the board push groups sockets by it). */
  seesStuckJobs(): boolean {
    return seesStuckJobs(viewerOf(this.engine.state, this.staffId));
  }

  /** The job board for this person, now (at connect, after a resume, when their view changes). */
  board(): void {
    this.out.board(boardFor(this.fullBoard(), viewerOf(this.engine.state, this.staffId)));
  }

  /** The view the person has now. */
  currentView(): string {
    return currentView(this.engine.state, this.staffId);
  }

  /** The device says which view its copy has (a handshake or resume naming none keeps it as it is now). */
  deviceHas(view: string | undefined): boolean {
    return view === undefined || view === this.currentView();
  }

  /** A whole snapshot for this person, now. */
  snapshot(): void {
    const snap = snapshotFor(this.engine, this.staffId);
    this.out.snapshot(snap);
    this.view = snap.view ?? null;
    this.sentSeq = snap.seq;
  }

  /** Missed changes (from the change buffer), shaped for who the person is now. */
  changes(changes: readonly Change[]): void {
    const viewer = viewerOf(this.engine.state, this.staffId);
    this.view = this.currentView();
    this.sentSeq = Math.max(this.sentSeq, this.engine.seq);
    if (changes.length > 0) this.out.changes(changes.map((c) => presentChange(c, viewer)));
  }

  /**
   * A change just committed: the shaped change this socket is to receive
   * (the same object for every socket of one view, so the caller sends it
   * once per view), or null when there is nothing to send or a snapshot
   * went instead. Runs synchronously in the engine's broadcast, so nothing
   * slips between.
   */
  live(change: Change, cache: ShapedCache): Change | null {
    if (this.view === null || change.seq <= this.sentSeq) return null;
    const view = this.currentView();
    if (view !== this.view) {
      this.snapshot();
      // Their role changed: the board's stuck list may come or go with it.
      this.board();
      return null;
    }
    let shaped = cache.get(view);
    if (!shaped) {
      shaped = presentChange(change, viewerOf(this.engine.state, this.staffId));
      cache.set(view, shaped);
    }
    this.sentSeq = change.seq;
    return shaped;
  }
}
