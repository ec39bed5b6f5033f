import { PATHS } from '../../routes.ts';

export const COUNTER_NEW_PATH: string = PATHS.counter;
export const COUNTER_ORDERS_PATH: string = PATHS.counterOrders;
export const COUNTER_BOARD_PATH: string = PATHS.counterBoard;

/** The counter's payment screen of one order (the dine-in payment screen, returning to the counter's orders). */
export function counterPayPath(orderId: string): string {
  return `${PATHS.counterPay}?orderId=${encodeURIComponent(orderId)}`;
}
