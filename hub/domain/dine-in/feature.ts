import type { DomainFeature } from '../feature.ts';
import { addCustomDish } from './custom-dish.ts';
import { floorAppliers } from './floor-appliers.ts';
import { floorHandlers } from './floor.ts';
import { migration5 } from './migration-5.ts';
import { orderAppliers } from './order-appliers.ts';
import { orderFlowHandlers } from './order-flow.ts';
import { orderLineHandlers } from './order-lines.ts';
import { openTable } from './table-open.ts';

/**
 * Dine-in: the floor (areas, tables), seating guests, order lines (menu
 * dishes, custom dishes, returns), the kitchen, the pre-bill, cash payment,
 * clearing the table. Selling a dish counted in stock uses goods' stock
 * rules (../goods/stock.ts): the line and the stock change are one decision.
 */
export const dineInFeature = {
  name: 'dine-in',
  handlers: {
    ...floorHandlers,
    'table.open': openTable,
    ...orderLineHandlers,
    'order.addCustomDish': addCustomDish,
    ...orderFlowHandlers,
  },
  appliers: { ...floorAppliers, ...orderAppliers },
  initialState: () => ({ areas: {}, tables: {}, orders: {}, counters: { orderNo: 0, billNo: 0 } }),
  migrations: [migration5],
} satisfies DomainFeature;
