import type { Bill, BillTakeout } from '#protocol';

/** `bill` as a takeout's (the reference settling copies onto it, Bill.takeout): counter pick-up by default. */
export function asTakeout(bill: Bill, over: Partial<Omit<BillTakeout, 'channel'>> & { channel?: string } = {}): Bill {
  const ref = { id: `tk-${bill.id}`, code: `T-${String(bill.billNo).padStart(4, '0')}`, pickupCode: String(bill.billNo).padStart(3, '0'), channel: 'counter', method: 1, riderId: null, ...over };
  // A channel this hub may not know (a newer hub's, a damaged line) is data too: the tests send some.
  return { ...bill, tableId: '', tableName: '', takeout: ref as BillTakeout };
}
