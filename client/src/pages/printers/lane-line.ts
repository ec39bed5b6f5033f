import type { TFunction } from 'i18next';
import type { LaneStatus } from '#protocol';

/**
 * A printer's queue as its card says it, from its lane on the job board:
 * "imprimiendo · 3 esperando · 1 atascado". '' when nothing waits, prints or
 * is stuck there (the board leaves such a lane out).
 */
export function laneLine(t: TFunction, lane: LaneStatus | undefined): string {
  if (!lane) return '';
  const parts: string[] = [];
  if (lane.running > 0) parts.push(t('printers.lane.printing'));
  if (lane.waiting > 0) parts.push(t('printers.lane.waiting', { count: lane.waiting }));
  if (lane.stuck > 0) parts.push(t('printers.lane.stuck', { count: lane.stuck }));
  return parts.join(' · ');
}
