import type { Bill, BillCorrection, BillPayment, PayMethod } from '#protocol';
import { ACCOUNT_CODES } from '#protocol';
import { testBill } from '../einvoice/test-bills.ts';

/** A payment of `cents` by `method` (dollars: `usd` US cents at 3.750). */
export function pay(method: PayMethod, cents: number, usd = 0): BillPayment {
  return { method, accountCode: ACCOUNT_CODES[method], amountCents: cents, operationNo: method === 'cash' || method === 'usd' ? '' : 'op-1', usdCents: usd, rateMilli: usd ? 3750 : 0, person: '', contact: '' };
}

/** A settled bill of `totalCents` paid by `payments`, `changeCents` given back. */
export function paidBill(no: number, totalCents: number, payments: BillPayment[], changeCents = 0, extra: Partial<Bill> = {}): Bill {
  const base = testBill([{ price: totalCents }], { fiscal: null });
  return { ...base, id: `o-${no}`, billNo: no, orderNo: no, totalCents, dueCents: totalCents, receivedCents: totalCents + changeCents, changeCents, payments, ...extra };
}

/** A refund of `cents` given back by `method`. */
export function refund(no: number, cents: number, method: PayMethod): BillCorrection {
  return { id: `c-${no}`, billId: `o-${no}`, billNo: no, kind: 'refund', lines: [{ lineId: 'l-1', qty: 1 }], amountCents: cents, reason: 'Frío', method, at: '2025-03-14T20:00:00.000Z', by: 'staff-1' };
}
