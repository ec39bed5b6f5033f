import type { Bill, BillPayment, DomainEvent, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { emptyState } from '../registry.ts';
import { exec } from '../test-fixtures.ts';
import { paidBill, pay } from '../shift/test-shift.ts';

/** Staff of the riders tests: two riders, a waiter; the owner signs in as `owner-1`. */
export const R = { ana: 'rider-ana', beto: 'rider-beto', waiter: 'waiter-1', owner: 'owner-1' } as const;

/** A claimed restaurant with a shift open (float S/ 100.00), two riders and a waiter. */
export function ridersRestaurant(floatCents = 10_000): State {
  const events: DomainEvent[] = [
    { type: 'role.saved', role: { id: 'owner', name: '', aliases: [] } },
    { type: 'role.saved', role: { id: 'rider', name: '', aliases: ['M005'] } },
    { type: 'role.saved', role: { id: 'waiter', name: '', aliases: ['M001'] } },
    { type: 'staff.saved', staff: { id: R.owner, name: 'Dueña', code: '1', roleId: 'owner' } },
    { type: 'staff.saved', staff: { id: R.ana, name: 'Ana Rojas', code: '21', roleId: 'rider' } },
    { type: 'staff.saved', staff: { id: R.beto, name: 'Beto Paz', code: '22', roleId: 'rider' } },
    { type: 'staff.saved', staff: { id: R.waiter, name: 'Mozo', code: '31', roleId: 'waiter' } },
  ];
  return exec(applyAll(emptyState(), events), 'shift.open', { id: 'sh-1', floatCents }, { now: '2025-03-14T17:00:00.000Z', actor: { staffId: R.owner, deviceId: 'till' } }).state;
}

/** Cash collected by a rider at the door. */
export function heldPay(riderId: string, cents: number): BillPayment {
  return { ...pay('cash', cents), heldBy: riderId };
}

/** Applies settled bills as the hub records them. */
export function settled(s: State, ...bills: Bill[]): State {
  return applyAll(s, bills.map((bill): DomainEvent => ({ type: 'order.settled', bill })));
}

export { paidBill, pay };
