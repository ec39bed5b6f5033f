import type { CommandPayload, QueueEntry, State } from '#protocol';
import { QUEUE_MAX_PER_DAY } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';
import { restaurantDay } from '../reservations/calendar.ts';
import { refused, seatAt } from '../table-ops/seat.ts';

/** The entry a call, seat or close works on: it must exist and still be waiting or called. */
function liveEntry(s: State, entryId: string): QueueEntry | Decision {
  const entry = getOwn(s.queue.entries, entryId);
  if (!entry) return refuse('NOT_FOUND', 'entryId');
  if (entry.status !== 'waiting' && entry.status !== 'called') return refuse('QUEUE_ENTRY_CLOSED');
  return entry;
}

function isDecision(x: QueueEntry | Decision): x is Decision {
  return 'ok' in x;
}

/** Queue calling (M010): take a number, call it, seat the group, or close it as no-show or cancelled. */
export const queueHandlers = {
  'queue.take': (s: State, p: CommandPayload<'queue.take'>, ctx: DecideContext): Decision => {
    // Numbers start again each restaurant day: a new day's first number is 1.
    const day = restaurantDay(ctx.now);
    const today = s.queue.day === day;
    if (today && getOwn(s.queue.entries, p.entryId)) return refuse('DUPLICATE_ID', 'entryId');
    const lastNo = today ? s.queue.lastNo : 0;
    if (lastNo >= QUEUE_MAX_PER_DAY) return refuse('QUEUE_FULL');
    const entry: QueueEntry = {
      id: p.entryId,
      no: lastNo + 1,
      people: p.people,
      name: p.name,
      phone: p.phone,
      status: 'waiting',
      takenAt: ctx.now,
      calledAt: '',
      calls: 0,
      tableId: null,
      orderId: null,
      closedAt: '',
    };
    return accept([{ type: 'queue.taken', day, entry }], { orderNo: entry.no });
  },

  'queue.call': (s: State, p: CommandPayload<'queue.call'>, ctx: DecideContext): Decision => {
    const entry = liveEntry(s, p.entryId);
    if (isDecision(entry)) return entry;
    return accept([{ type: 'queue.called', entryId: entry.id, at: ctx.now }]);
  },

  'queue.seat': (s: State, p: CommandPayload<'queue.seat'>, ctx: DecideContext): Decision => {
    const entry = liveEntry(s, p.entryId);
    if (isDecision(entry)) return entry;
    const customer = { name: entry.name, gender: 0 as const, phone: entry.phone, reason: '' as const, remarks: '' };
    const seated = seatAt(s, p.tableId, p.orderId, entry.people, customer, ctx);
    if (refused(seated)) return seated;
    return accept([...seated.events, { type: 'queue.seated', entryId: entry.id, tableId: p.tableId, orderId: p.orderId, at: ctx.now }], {
      orderId: p.orderId,
    });
  },

  /** Only a called number can be a no-show: it was called and nobody came. */
  'queue.noShow': (s: State, p: CommandPayload<'queue.noShow'>, ctx: DecideContext): Decision => {
    const entry = liveEntry(s, p.entryId);
    if (isDecision(entry)) return entry;
    if (entry.status !== 'called') return refuse('QUEUE_ENTRY_CLOSED', 'notCalled');
    return accept([{ type: 'queue.closed', entryId: entry.id, status: 'noShow', at: ctx.now }]);
  },

  'queue.cancel': (s: State, p: CommandPayload<'queue.cancel'>, ctx: DecideContext): Decision => {
    const entry = liveEntry(s, p.entryId);
    if (isDecision(entry)) return entry;
    return accept([{ type: 'queue.closed', entryId: entry.id, status: 'cancelled', at: ctx.now }]);
  },
};
