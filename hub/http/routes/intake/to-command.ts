import { createHash } from 'node:crypto';
import type { State } from '#protocol';
import { HttpError } from '../../http-error.ts';
import type { IntakeOrder } from './schema.ts';

/**
 * From a channel's order to the hub's `takeout.intake` command: the ids, the
 * lines checked against today's menu, and the channel's fields mapped to the
 * protocol's. Prices are not here: the rules price each line from the menu
 * when the order is recorded (the caller never names one).
 */

/**
 * A UUID (RFC 9562 version 8) that is the same every time for one
 * (channel, order id, what): the command, takeout and order of a replay are
 * the very ones of the first request. So the engine answers a replay racing
 * the first (same command id) and the rules refuse a second takeout under
 * the same id, even if the hub lost power between recording the takeout and
 * noting the order as received.
 */
export function stableUuid(channelId: string, externalId: string, what: string): string {
  const h = createHash('sha256').update(`intake\n${channelId}\n${externalId}\n${what}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/**
 * Each line against the live menu, so the channel hears which line is wrong
 * (`lines.2.productId`) rather than a dish code it never knew. The rules
 * check again when the order is recorded: the menu may change in between.
 */
export function checkLinesAgainstMenu(state: Pick<State, 'products'>, lines: IntakeOrder['lines']): void {
  lines.forEach((line, i) => {
    const product = Object.hasOwn(state.products, line.productId) ? state.products[line.productId] : undefined;
    if (!product) throw new HttpError('NOT_FOUND', `lines.${i}.productId`);
    if (product.soldOut || !product.listed) throw new HttpError('PRODUCT_UNAVAILABLE', `lines.${i}.productId`);
    const spec = line.specId === undefined ? undefined : product.specs.find((s) => s.id === line.specId);
    if (line.specId !== undefined && !spec) throw new HttpError('NOT_FOUND', `lines.${i}.specId`);
    if (!spec && product.specs.length > 0) throw new HttpError('SPEC_REQUIRED', `lines.${i}.specId`);
    if (spec?.soldOut) throw new HttpError('PRODUCT_UNAVAILABLE', `lines.${i}.specId`);
  });
}
