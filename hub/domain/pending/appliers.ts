import type { EventOf, ParkedOrder, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { getOwn, withOwn, withoutOwn } from '../records.ts';

function withParked(s: State, id: string, change: (p: ParkedOrder) => ParkedOrder): State {
  const parked = getOwn(s.parked, id);
  return parked ? { ...s, parked: withOwn(s.parked, id, change(parked)) } : s;
}

function addParked(s: State, parked: ParkedOrder): State {
  return { ...s, parked: withOwn(s.parked, parked.id, parked), parkedNo: Math.max(s.parkedNo, parked.no) };
}

/** Folds the pending orders' events. */
export const pendingAppliers = {
  'pending.hungUp': (s: State, e: EventOf<'pending.hungUp'>): State => addParked(s, e.parked),
  /** The order leaves the live state (it was never cooked nor charged) and its table is free. */
  'order.hungUp': (s: State, e: EventOf<'order.hungUp'>): State => {
    const order = getOwn(s.orders, e.orderId);
    const table = order ? getOwn(s.tables, order.tableId) : undefined;
    const tables = table && table.orderId === e.orderId ? withOwn(s.tables, table.id, { ...table, orderId: null, status: TABLE_STATUS.free }) : s.tables;
    return addParked({ ...s, tables, orders: withoutOwn(s.orders, e.orderId) }, e.parked);
  },
  'pending.linesAdded': (s: State, e: EventOf<'pending.linesAdded'>): State => withParked(s, e.parkedId, (p) => ({ ...p, lines: [...p.lines, ...e.lines] })),
  'pending.lineRemoved': (s: State, e: EventOf<'pending.lineRemoved'>): State =>
    withParked(s, e.parkedId, (p) => ({ ...p, lines: p.lines.filter((l) => l.lineId !== e.lineId) })),
  'pending.resumed': (s: State, e: EventOf<'pending.resumed'>): State => ({ ...s, parked: withoutOwn(s.parked, e.parkedId) }),
  'pending.discarded': (s: State, e: EventOf<'pending.discarded'>): State => ({ ...s, parked: withoutOwn(s.parked, e.parkedId) }),
};
