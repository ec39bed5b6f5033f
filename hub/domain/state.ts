import type { Order, State, Table } from '../protocol/index.ts';
import { DEFAULT_SETTINGS, TABLE_STATUS } from '../protocol/index.ts';
import { defaultMenuSettings } from './goods/defaults.ts';

/** The state of a hub that has never recorded anything. */
export function emptyState(): State {
  return {
    restaurant: { name: '' },
    categories: {},
    products: {},
    menuSettings: defaultMenuSettings(),
    areas: {},
    tables: {},
    orders: {},
    counters: { orderNo: 0, billNo: 0 },
    staff: {},
    roles: {},
    settings: { ...DEFAULT_SETTINGS },
    alerts: {},
    jobs: {},
  };
}

/** The status a table with this open order shows (SPEC.md section 4). */
export function statusForOrder(order: Order): Table['status'] {
  if (order.status === 'prebilled') return TABLE_STATUS.prebilled;
  return order.lines.some((l) => l.sentBatch !== null) ? TABLE_STATUS.dining : TABLE_STATUS.pending;
}
