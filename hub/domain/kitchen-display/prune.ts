import type { KdsTicket } from '#protocol';
import { KDS_KEEP_BUMPED_MS, KDS_KEEP_BUMPED_PER_STATION } from '#protocol';
import { setOwn } from '../records.ts';

/**
 * The tickets without the bumped ones past keeping: bumped more than
 * KDS_KEEP_BUMPED_MS before `now`, or beyond the station's newest
 * KDS_KEEP_BUMPED_PER_STATION bumps. Open tickets always stay. Run by the
 * appliers with the event's own time, so a replay prunes exactly the same.
 */
export function pruneBumped(tickets: Readonly<Record<string, KdsTicket>>, now: string): Record<string, KdsTicket> {
  const oldest = Date.parse(now) - KDS_KEEP_BUMPED_MS;
  const bumpedByStation = new Map<string, KdsTicket[]>();
  for (const t of Object.values(tickets)) {
    if (t.bumpNo === 0) continue;
    const list = bumpedByStation.get(t.ticket.station) ?? [];
    list.push(t);
    bumpedByStation.set(t.ticket.station, list);
  }
  const drop = new Set<string>();
  for (const list of bumpedByStation.values()) {
    list.sort((a, b) => b.bumpNo - a.bumpNo);
    list.forEach((t, i) => {
      if (i >= KDS_KEEP_BUMPED_PER_STATION || Date.parse(t.bumpedAt) < oldest) drop.add(t.id);
    });
  }
  if (drop.size === 0) return tickets;
  const out: Record<string, KdsTicket> = {};
  for (const [id, t] of Object.entries(tickets)) if (!drop.has(id)) setOwn(out, id, t);
  return out;
}
