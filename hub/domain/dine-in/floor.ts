import type { CommandPayload, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';

/** Dining-room layout (areas, tables) and clearing a table after the guests left. */
export const floorHandlers = {
  'area.save': (_s: State, p: CommandPayload<'area.save'>): Decision => {
    if (!p.name) return refuse('REQUIRED_FIELD', 'name');
    return accept([{ type: 'area.saved', area: p }]);
  },

  'table.save': (s: State, p: CommandPayload<'table.save'>): Decision => {
    if (!getOwn(s.areas, p.areaId)) return refuse('NOT_FOUND', 'areaId');
    // Waiters call tables by name, so two tables may not share one.
    const name = p.name.toLowerCase();
    const clash = Object.values(s.tables).some((t) => t.id !== p.id && t.name.toLowerCase() === name);
    if (clash) return refuse('DUPLICATE_CODE', 'name');
    return accept([{ type: 'table.saved', table: p }]);
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
