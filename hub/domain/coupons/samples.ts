import type { Command } from '#protocol';
import { command, uid } from '../test-fixtures.ts';
import { issuePayload, VERANO } from './test-coupons.ts';

/**
 * Sample commands of the coupons feature, for the purity test (../purity.test.ts). On its
 * states no coupon exists yet: the batch is issued, the rest refused (COUPON_NOT_FOUND).
 */
export const SAMPLES: Command[] = [
  command('coupon.issueBatch', issuePayload()),
  command('coupon.issueBatch', issuePayload({ batchId: uid(2402), prefix: 'DELI', category: 2 }, ['DELI22223333', 'DELI22223333'])),
  command('coupon.gift', { code: 'verano 7kq2 m9xa', memberId: uid(2403) }),
  command('coupon.gift', { code: 'VERANO-7KQ2M9XA', memberId: '__proto__' }),
  command('coupon.voidBatch', { batchId: VERANO }),
  command('coupon.voidBatch', { batchId: '__proto__' }),
  command('coupon.print', { code: 'VERANO7KQ2M9XA' }),
];
