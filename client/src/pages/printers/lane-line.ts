import type { TFunction } from 'i18next';
import type { LaneStatus } from '#protocol';

/**
 * A printer's queue as its card says it, from its lane on the job board:
 * "3 esperando · 1 atascado". The one being tried counts as waiting: on a
 * printer that is off, the head is tried again and again, and a line that
 * flickered between "printing" and "waiting" would say it prints when it
 * does not. '' when nothing waits or is stuck there (the board leaves such a lane out).
 */
export function laneLine(t: TFunction, lane: LaneStatus | undefined): string {
  if (!lane) return '';
  const parts: string[] = [];
  const queued = lane.waiting + lane.running;
  if (queued > 0) parts.push(t('printers.lane.waiting', { count: queued }));
  if (lane.stuck > 0) parts.push(t('printers.lane.stuck', { count: lane.stuck }));
  return parts.join(' · ');
}
