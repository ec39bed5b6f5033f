import type { Bill, OrderChannel, ServiceKind } from '#protocol';
import { ORDER_CHANNELS } from '#protocol';

/**
 * Which door an order came in by, and how it left, read from the STORED bill (`bill.takeout`,
 * copied onto the bill when it was settled, hub/domain/payment/settle.ts), never from today's
 * live takeouts: a report of last month must not change because an order was reassigned today.
 * A bill without `takeout` was a table's (every bill before issue 21).
 */

/**
 * The takeout reference a bill keeps (`Bill.takeout`), read defensively: an archive line is data
 * a hub wrote, older or newer than this one, so its fields are checked, not trusted.
 */
function takeoutRefOf(bill: Bill): { channel: unknown; method: unknown; code: unknown } | null {
  const ref: unknown = bill.takeout;
  return typeof ref === 'object' && ref !== null ? (ref as { channel: unknown; method: unknown; code: unknown }) : null;
}

/**
 * The order report's channel: dine-in (a table), the counter, a phone order taken at the till,
 * or the web (any intake channel, `web:<id>`). A channel a newer hub wrote and this one does not
 * know came from outside too: it counts as web.
 */
export function channelOf(bill: Bill): OrderChannel {
  const ref = takeoutRefOf(bill);
  if (!ref) return 'dineIn';
  if (ref.channel === 'counter') return 'counter';
  if (ref.channel === 'phone') return 'phone';
  return 'web';
}

/** The shift report's service: eaten at a table, taken away (picked up at the counter), or delivered (SPEC delivery method 0). */
export function serviceOf(bill: Bill): ServiceKind {
  const ref = takeoutRefOf(bill);
  if (!ref) return 'dineIn';
  return ref.method === 0 ? 'delivery' : 'takeAway';
}

/** The takeout's order code the bill keeps ("T-0042"), '' for a table's bill. */
export function takeoutCodeOf(bill: Bill): string {
  const code = takeoutRefOf(bill)?.code;
  return typeof code === 'string' ? code : '';
}

/** The rider the bill's takeout names, or null. */
export function riderOf(bill: Bill): string | null {
  const id: unknown = (takeoutRefOf(bill) as { riderId?: unknown } | null)?.riderId;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** Index of a channel in the report's fixed order (dine-in, counter, phone, web). */
export function channelIndex(channel: OrderChannel): number {
  return ORDER_CHANNELS.indexOf(channel);
}
