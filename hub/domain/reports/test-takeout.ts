import type { Bill } from '#protocol';

/** The takeout reference a settled takeout's bill keeps (hub/domain/payment/settle.ts, team contract of issue 21). */
export type TestTakeoutRef = { id: string; code: string; pickupCode: string; channel: string; method: 0 | 1; riderId: string | null };

/** `bill` as a takeout's: counter pick-up by default. */
export function asTakeout(bill: Bill, over: Partial<TestTakeoutRef> = {}): Bill {
  const ref: TestTakeoutRef = { id: `tk-${bill.id}`, code: `T-${String(bill.billNo).padStart(4, '0')}`, pickupCode: String(bill.billNo).padStart(3, '0'), channel: 'counter', method: 1, riderId: null, ...over };
  return Object.assign({}, bill, { tableId: '', tableName: '', takeout: ref });
}
