import type { Server } from 'socket.io';
import type { JobBoard } from '#protocol';
import { SOCKET_EVENTS } from '#protocol';
import { boardFor } from '#hub/presenters/job-board.ts';
import type { DeviceFeed } from './device-feed.ts';

/** A viewer that holds nothing: the board everyone without `settings` receives (counts, no stuck list). */
const COUNTS_ONLY = { staffId: null, roleId: null, aliases: new Set<never>() };

/**
 * Sends every joined socket its job board: the full board to those who see
 * stuck jobs, the counts-only board to the rest, each emitted once to its
 * group of sockets (one encoding per group, as live changes are sent).
 */
export function pushBoards(io: Pick<Server, 'to'>, feeds: ReadonlyMap<{ id: string }, DeviceFeed>, full: JobBoard): void {
  const withStuck: string[] = [];
  const countsOnly: string[] = [];
  for (const [socket, feed] of feeds) (feed.seesStuckJobs() ? withStuck : countsOnly).push(socket.id);
  if (withStuck.length > 0) io.to(withStuck).emit(SOCKET_EVENTS.jobBoard, full);
  if (countsOnly.length > 0) io.to(countsOnly).emit(SOCKET_EVENTS.jobBoard, boardFor(full, COUNTS_ONLY));
}
