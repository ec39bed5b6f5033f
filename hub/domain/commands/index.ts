import type { CommandPayload, CommandType, State } from '../../protocol/index.ts';
import type { DecideContext, Decision } from '../decision.ts';
import { jobHandlers } from '../jobs/handlers.ts';
import { addCustomDish } from './custom-dish.ts';
import { floorHandlers } from './floor.ts';
import { importMenu } from './menu-import.ts';
import { menuHandlers } from './menu.ts';
import { orderFlowHandlers } from './order-flow.ts';
import { orderLineHandlers } from './order-lines.ts';
import { productHandlers } from './products.ts';
import { stockHandlers } from './stock.ts';
import { staffHandlers } from './staff.ts';
import { openTable } from './table-open.ts';

export type Handler<K extends CommandType> = (state: State, payload: CommandPayload<K>, ctx: DecideContext) => Decision;
export type Handlers = { [K in CommandType]: Handler<K> };

/** Every command's rule, one entry per command type; the compiler checks it is complete. */
export const handlers: Handlers = {
  ...menuHandlers,
  ...productHandlers,
  ...stockHandlers,
  'menu.import': importMenu,
  'order.addCustomDish': addCustomDish,
  ...floorHandlers,
  'table.open': openTable,
  ...orderLineHandlers,
  ...orderFlowHandlers,
  ...staffHandlers,
  ...jobHandlers,
};
