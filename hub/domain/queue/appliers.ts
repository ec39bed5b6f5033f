import type { EventOf, QueueEntry, State } from '#protocol';
import { getOwn, withOwn } from '../records.ts';

function withEntry(s: State, entryId: string, change: (e: QueueEntry) => QueueEntry): State {
  const entry = getOwn(s.queue.entries, entryId);
  return entry ? { ...s, queue: { ...s.queue, entries: withOwn(s.queue.entries, entry.id, change(entry)) } } : s;
}

/** Folds queue events. A number taken on a new day first empties the queue: the state holds today's numbers only. */
export const queueAppliers = {
  'queue.taken': (s: State, e: EventOf<'queue.taken'>): State => {
    const today = s.queue.day === e.day;
    const entries = withOwn(today ? s.queue.entries : {}, e.entry.id, e.entry);
    return { ...s, queue: { day: e.day, lastNo: Math.max(today ? s.queue.lastNo : 0, e.entry.no), entries } };
  },
  'queue.called': (s: State, e: EventOf<'queue.called'>): State =>
    withEntry(s, e.entryId, (x) => ({ ...x, status: 'called', calledAt: e.at, calls: x.calls + 1 })),
  'queue.seated': (s: State, e: EventOf<'queue.seated'>): State =>
    withEntry(s, e.entryId, (x) => ({ ...x, status: 'seated', tableId: e.tableId, orderId: e.orderId, closedAt: e.at })),
  'queue.closed': (s: State, e: EventOf<'queue.closed'>): State => withEntry(s, e.entryId, (x) => ({ ...x, status: e.status, closedAt: e.at })),
};
