import type { Customer, DomainEvent, State } from '#protocol';
import { refuse, type DecideContext, type Decision } from '../decision.ts';
import { orderAppliers } from '../dine-in/order-appliers.ts';
import { openTable } from '../dine-in/table-open.ts';

/** A guest with nothing on record: what an operation that opens a table gives it. */
export const NO_GUEST: Customer = { name: '', gender: 0, phone: '', reason: '', remarks: '' };

/** The events of an operation so far and the state they lead to (so the next step decides on it). */
export type Seated = { state: State; events: DomainEvent[] };

/**
 * Opens a free (or reserved) table as dine-in's `table.open` would, inside a
 * larger operation (batch opening, copy, move, queue seating), and returns
 * the state after it so that the next step sees the new order and its number.
 * A refusal names the table, so the device can say which one.
 */
export function seatAt(s: State, tableId: string, orderId: string, people: number, customer: Customer, ctx: DecideContext): Seated | Decision {
  const d = openTable(s, { tableId, orderId, people, customer }, ctx);
  if (!d.ok) return d.code === 'TABLE_NOT_FREE' ? refuse('TABLE_NOT_FREE', tableId) : d;
  let state = s;
  for (const e of d.events) if (e.type === 'table.opened') state = orderAppliers['table.opened'](state, e);
  return { state, events: d.events };
}

/** Whether a step refused (a Decision) rather than went on (a Seated). */
export function refused(x: Seated | Decision): x is Decision {
  return 'ok' in x;
}
