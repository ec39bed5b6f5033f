import type { CommandPayload, DomainEvent, State, TableDef } from '#protocol';
import { MAX_AREAS, MAX_TABLES, TABLE_STATUS } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { getOwn, hasOwn } from '../records.ts';

/**
 * The owner's floor setup (areas and tables, gate `settings`) and clearing a
 * table after the guests left. Names are compared in any case: waiters call
 * areas and tables by name. The name checks read every area or table; both
 * collections are bounded (MAX_AREAS, MAX_TABLES), so they stay small.
 */

const lower = (name: string) => name.toLocaleLowerCase('es');

/** Why these tables cannot join the floor as they are, or null (each checked against the floor and the others in the batch). */
function tablesRefusal(s: State, tables: readonly TableDef[]): Decision | null {
  const taken = new Map<string, string>();
  // Bounded: at most MAX_TABLES (400) tables, walked by the owner's floor setup only (collection-guard.test.ts).
  for (const t of Object.values(s.tables)) taken.set(lower(t.name), t.id);
  const fresh = tables.filter((t) => !hasOwn(s.tables, t.id)).length;
  if (Object.keys(s.tables).length + fresh > MAX_TABLES) return refuse('FLOOR_FULL', 'tables');
  for (const t of tables) {
    if (!t.name) return refuse('REQUIRED_FIELD', 'name');
    if (!getOwn(s.areas, t.areaId)) return refuse('NOT_FOUND', 'areaId');
    const holder = taken.get(lower(t.name));
    if (holder !== undefined && holder !== t.id) return refuse('TABLE_NAME_TAKEN', t.name);
    taken.set(lower(t.name), t.id);
  }
  return null;
}

export const floorHandlers = {
  'area.save': (s: State, p: CommandPayload<'area.save'>): Decision => {
    if (!p.name) return refuse('REQUIRED_FIELD', 'name');
    // Bounded: at most MAX_AREAS (40).
    const areas = Object.values(s.areas);
    if (areas.some((a) => a.id !== p.id && lower(a.name) === lower(p.name))) return refuse('AREA_NAME_TAKEN', 'name');
    if (!hasOwn(s.areas, p.id) && areas.length >= MAX_AREAS) return refuse('FLOOR_FULL', 'areas');
    return accept([{ type: 'area.saved', area: p }]);
  },

  /** Only an empty area goes: its tables are moved or removed first, so no table is left without one. */
  'area.remove': (s: State, p: CommandPayload<'area.remove'>): Decision => {
    if (!getOwn(s.areas, p.areaId)) return refuse('NOT_FOUND', 'areaId');
    // Bounded: at most MAX_TABLES (400).
    if (Object.values(s.tables).some((t) => t.areaId === p.areaId)) return refuse('AREA_NOT_EMPTY', 'areaId');
    return accept([{ type: 'area.removed', areaId: p.areaId }]);
  },

  /** The areas named take the positions 0, 1, 2... (an area left out keeps its own); only moved ones are recorded. */
  'area.reorder': (s: State, p: CommandPayload<'area.reorder'>): Decision => {
    if (new Set(p.ids).size !== p.ids.length) return refuse('DUPLICATE_ID', 'ids');
    const events: DomainEvent[] = [];
    for (const [sort, id] of p.ids.entries()) {
      const area = getOwn(s.areas, id);
      if (!area) return refuse('NOT_FOUND', 'ids');
      if (area.sort !== sort) events.push({ type: 'area.saved', area: { ...area, sort } });
    }
    return accept(events);
  },

  'table.save': (s: State, p: CommandPayload<'table.save'>): Decision => tablesRefusal(s, [p]) ?? accept([{ type: 'table.saved', table: p }]),

  /** "Add N tables" in one gesture: only new tables, all or none, one log record. */
  'table.addMany': (s: State, p: CommandPayload<'table.addMany'>): Decision => {
    if (new Set(p.tables.map((t) => t.id)).size !== p.tables.length) return refuse('DUPLICATE_ID', 'tables');
    const existing = p.tables.find((t) => hasOwn(s.tables, t.id));
    if (existing) return refuse('DUPLICATE_ID', existing.id);
    return tablesRefusal(s, p.tables) ?? accept(p.tables.map((table) => ({ type: 'table.saved', table })));
  },

  /**
   * Only a free table leaves the floor: one with guests, an order, a
   * reservation seated on it or waiting to be cleared is refused. Closed
   * bills and reservations keep the table's name (`tableName`), so history
   * still reads; a reservation booked on it is seated at another table.
   */
  'table.remove': (s: State, p: CommandPayload<'table.remove'>): Decision => {
    const table = getOwn(s.tables, p.tableId);
    if (!table) return refuse('NOT_FOUND', 'tableId');
    if (table.status !== TABLE_STATUS.free || table.orderId !== null) return refuse('TABLE_IN_USE', table.name);
    return accept([{ type: 'table.removed', tableId: table.id }]);
  },

  'table.clear': (s: State, p: CommandPayload<'table.clear'>): Decision => {
    const table = getOwn(s.tables, p.tableId);
    if (!table) return refuse('NOT_FOUND', 'tableId');
    if (table.status === TABLE_STATUS.toClear) return accept([{ type: 'table.cleared', tableId: table.id }]);
    // A table opened by mistake, with nothing ordered yet, may be freed again.
    const order = table.orderId ? getOwn(s.orders, table.orderId) : undefined;
    // A merged group (M0093) is one bill: it is settled, not cleared table by table.
    if (order && order.lines.length === 0 && order.status === 'open' && order.mergedTableIds.length === 0) {
      return accept([{ type: 'table.cleared', tableId: table.id }]);
    }
    return refuse('TABLE_NOT_CLEARABLE');
  },
};
