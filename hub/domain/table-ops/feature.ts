import type { DomainFeature } from '../feature.ts';
import { tableOpsAppliers } from './appliers.ts';
import { changeTable } from './change.ts';
import { copyOrder } from './copy.ts';
import { openDrawer } from './drawer.ts';
import { mergeTables } from './merge.ts';
import { moveLines } from './move-lines.ts';
import { openMany } from './open-many.ts';

/**
 * Table operations (M0092–M0095, change table, cash drawer): they reshape
 * dine-in's tables and orders and keep no state of their own. Rules and the
 * merge model: README.md.
 */
export const tableOpsFeature = {
  name: 'table-ops',
  handlers: {
    'table.openMany': openMany,
    'table.change': changeTable,
    'table.merge': mergeTables,
    'order.copyTo': copyOrder,
    'order.moveLines': moveLines,
    'drawer.open': openDrawer,
  },
  appliers: tableOpsAppliers,
  initialState: () => ({}),
  migrations: [],
} satisfies DomainFeature;
