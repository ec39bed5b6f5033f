import type { Bill, CommandPayload, CommandType, RefundRequest, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import type { Decision } from '../decision.ts';
import { testBill } from '../einvoice/test-bills.ts';
import { fiscalState } from '../bills/test-bills.ts';
import { command, ctxAt } from '../test-fixtures.ts';

/** Hub time of the tests: three days after the test bills' sale. */
export const NOW = '2026-03-05T15:00:00.000Z';
export const REFUND_ID = '00000000-0000-4000-8000-0000000000a1';
export const BILL_DAY = '2026-03-02';

/** 2 ceviches at S/ 32, 3 chichas at S/ 6: S/ 82.00, a boleta (B001-1). */
export function boletaBill(over: Partial<Bill> = {}): Bill {
  return { ...testBill([{ price: 3200, qty: 2, name: 'Ceviche' }, { price: 600, qty: 3, name: 'Chicha morada' }]), ...over };
}
/** The same dinner on a sale note (no fiscal document), a takeout's bill. */
export function noteBill(over: Partial<Bill> = {}): Bill {
  return boletaBill({
    fiscal: undefined,
    document: { kind: 'note', docId: '', name: '' },
    takeout: { id: 'tk-1', code: 'T-0042', pickupCode: '042', channel: 'phone', method: 0, riderId: null },
    ...over,
  } as Partial<Bill>);
}
export const TOTAL = 8200;

export const FULL: RefundRequest = { kind: 'full', lines: [], reason: 'Pedido equivocado', contactPhone: '987654321' };
export const lines = (l: { lineId: string; qty: number }[]): RefundRequest => ({ kind: 'lines', lines: l, reason: 'Plato frío', contactPhone: '' });
export const amount = (amountCents: number): RefundRequest => ({ kind: 'amount', lines: [], amountCents, reason: 'Llegó tarde', contactPhone: '' });

/** A command decided by the hub's rules (hub-only ones included), as staff-1 at NOW. */
export function run<K extends CommandType>(s: State, type: K, payload: CommandPayload<K>, staffId = 'staff-1'): Decision {
  return decide(s, command(type, payload), ctxAt(NOW, staffId));
}

/** The state after a command that must be accepted. */
export function after<K extends CommandType>(s: State, type: K, payload: CommandPayload<K>): State {
  const d = run(s, type, payload);
  if (!d.ok) throw new Error(`${type}: ${d.code} ${d.message ?? ''}`);
  return applyAll(s, d.events);
}

/** A state with fiscal settings and an open shift whose drawer starts with `floatCents`. */
export function withShift(floatCents = 10_000, base: State = fiscalState()): State {
  return after(base, 'shift.open', { id: 'sh-1', floatCents });
}

/** A refund of `bill` moved to status 1, 2, 3 (gone), 5 or 6 (gone). */
export function refundAt(status: 1 | 2 | 5, bill: Bill = noteBill(), request: RefundRequest = FULL, base: State = withShift(100_000)): State {
  let s = after(base, 'refund.apply', { refundId: REFUND_ID, bill, billDay: BILL_DAY, request });
  if (status >= 2) s = after(s, 'refund.accept', { refundId: REFUND_ID });
  if (status === 5) s = after(s, 'refund.payOut', { refundId: REFUND_ID, bill, method: 'transfer', operationNo: 'OP-1' });
  return s;
}
