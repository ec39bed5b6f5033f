/**
 * Version of the wire contract between devices and the hub. Bump it whenever a
 * command, event or message changes shape: a device on another version is
 * refused at the socket handshake and told to reload the page. It is also the
 * version of the packed snapshot (snapshot-codec.ts): 3 is the first packed one;
 * 4: jobs left the state (issue 20): no jobs slice, no job events, the job board
 * on its own socket event (a page of version 3 would show empty job pages);
 * 5: take-away and delivery (issue 21): takeout commands, events and slices
 * (a page of version 4 has no applier for `takeout.*` events);
 * 6: members (issue 22): member commands, an order's member and coupon, balance payments.
 */
export const PROTOCOL_VERSION = 6;

/**
 * Version of the on-disk record format (WAL, snapshot, archive): the number of
 * the last migration in hub/domain/migrations. A hub refuses data of a newer one.
 */
export const STORE_FORMAT_VERSION = 9;
