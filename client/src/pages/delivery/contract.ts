/**
 * The take-away and delivery types the delivery and rider pages use: the protocol's
 * (hub/protocol/features/takeout.ts), re-exported here so both rooms' pages import one place.
 */
export { DELIVERY_METHOD, TAKEOUT_STATUS, TAKEOUT_TYPES } from '#protocol';
export type { DeliveryDetails, Takeout, TakeoutChannel, TakeoutStatus, TakeoutType } from '#protocol';
