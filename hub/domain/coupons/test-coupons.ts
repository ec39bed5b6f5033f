import type { CommandPayload } from '#protocol';
import { uid } from '../test-fixtures.ts';

/** A dine-in batch "VERANO" of S/ 10 valid through 2099, as the route records it (codes already made). */
export const VERANO = uid(2401);
export const VERANO_CODES = ['VERANO7KQ2M9XA', 'VERANO23456789', 'VERANOABCDEFGH'];

export function issuePayload(over: Partial<CommandPayload<'coupon.issueBatch'>['batch']> = {}, codes: string[] = VERANO_CODES): CommandPayload<'coupon.issueBatch'> {
  return {
    batch: { batchId: VERANO, prefix: 'VERANO', name: 'Verano', deductionCents: 1_000, category: 1, expiresOn: '2099-12-31', quantity: codes.length, ...over },
    codes,
  };
}
