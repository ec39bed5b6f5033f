import type { DomainFeature } from '../feature.ts';
import { kitchenAppliers } from './appliers.ts';
import { giftCancelHandlers } from './gift-cancel.ts';
import { holdFireHandlers } from './hold-fire.ts';
import { reorderRemarkHandlers } from './reorder-remark.ts';
import { withdrawOrder } from './withdraw.ts';

/**
 * Kitchen actions on dine-in's orders: hold, fire, expedite, gift, cancel a
 * line, withdraw the order, reorder, remarks. No state of its own; each
 * action's event is a kitchen ticket in the printing issue (README.md).
 */
export const kitchenFeature = {
  name: 'kitchen',
  handlers: {
    ...holdFireHandlers,
    ...giftCancelHandlers,
    'order.withdraw': withdrawOrder,
    ...reorderRemarkHandlers,
  },
  appliers: kitchenAppliers,
  initialState: () => ({}),
  migrations: [],
} satisfies DomainFeature;
