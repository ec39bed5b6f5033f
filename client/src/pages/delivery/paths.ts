import { PATHS } from '../../routes.ts';

/** The delivery orders page (SPEC.md M005); the detail is `?id=` on it, so a phone's back button closes it. */
export const DELIVERY_PATH: string = PATHS.takeOut;

/** The new phone order form (not in SPEC.md; under the delivery section, so it needs M005). */
export const NEW_PHONE_ORDER_PATH: string = PATHS.takeOutNew;

/** More dishes on an unpaid takeout (`?id=`; not in SPEC.md, under the delivery section). */
export const ADD_DISHES_PATH: string = PATHS.takeOutAdd;

/** Where a takeout's order is paid: the payment screen by order id (`TakeoutPayPage`: titled with the code, back to the detail). */
export const TAKEOUT_PAY_PATH: string = PATHS.takeOutPay;
