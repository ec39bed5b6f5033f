import type { CommandPayload, DomainEvent, OrderLine, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { addCustomDish } from '../dine-in/custom-dish.ts';
import { orderAppliers } from '../dine-in/order-appliers.ts';
import { orderLineHandlers, wouldBeTooLarge } from '../dine-in/order-lines.ts';
import { openTable } from '../dine-in/table-open.ts';
import { getOwn } from '../records.ts';
import { knownPresetIds } from '../kitchen/remarks.ts';

/**
 * Seats a parked order: at a free (or reserved) table it opens the table
 * (the label becomes the customer's name), at a table with an open order
 * its dishes join that order. The dishes become unsent lines by dine-in's
 * own rules, so a dish sold out meanwhile refuses the whole resume and the
 * parked order stays as it was. One command, one log record: table, lines,
 * stock and the parked order's end stand or fall together.
 */
export function resumeParked(s: State, p: CommandPayload<'pending.resume'>, ctx: DecideContext): Decision {
  const parked = getOwn(s.parked, p.parkedId);
  if (!parked) return refuse('PARKED_NOT_FOUND', 'parkedId');
  const table = getOwn(s.tables, p.tableId);
  if (!table) return refuse('NOT_FOUND', 'tableId');
  const events: DomainEvent[] = [];
  let staged = s;
  let orderId = table.orderId;
  if (table.status === TABLE_STATUS.free || table.status === TABLE_STATUS.reserved) {
    const customer = { name: parked.label, gender: 0, phone: '', reason: '', remarks: '' } as const;
    const opened = openTable(s, { tableId: table.id, orderId: p.orderId, people: p.people ?? parked.people, customer }, ctx);
    if (!opened.ok) return opened;
    events.push(...opened.events);
    for (const e of opened.events) if (e.type === 'table.opened') staged = orderAppliers['table.opened'](staged, e);
    orderId = p.orderId;
  }
  if (!orderId) return refuse('TABLE_NOT_FREE');
  const menu = parked.lines.filter((l) => l.productId !== null);
  const custom = parked.lines.filter((l) => l.custom !== null);
  const added: OrderLine[] = [];
  if (menu.length > 0) {
    // Presets deleted while the order waited are left out rather than refusing to seat the guests.
    const lines = menu.map((l) => ({ lineId: l.lineId, productId: l.productId ?? '', specId: l.specId, qty: l.qty, remark: l.remark, remarkIds: knownPresetIds(staged, l.remarkIds ?? []) }));
    const d = orderLineHandlers['order.addLines'](staged, { orderId, lines });
    if (!d.ok) return d;
    events.push(...d.events);
    for (const e of d.events) if (e.type === 'order.linesAdded') added.push(...e.lines);
  }
  for (const l of custom) {
    if (!l.custom) continue;
    const d = addCustomDish(staged, { orderId, lineId: l.lineId, name: l.custom.name, priceCents: l.custom.priceCents, qty: l.qty, unit: l.custom.unit, remark: l.remark });
    if (!d.ok) return d;
    for (const e of d.events) if (e.type === 'order.linesAdded') added.push(...e.lines);
  }
  const order = getOwn(staged.orders, orderId);
  if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
  if (added.some((l) => order.lines.some((o) => o.id === l.id))) return refuse('DUPLICATE_ID', 'lineId');
  if (wouldBeTooLarge(order, added)) return refuse('ORDER_TOO_LARGE');
  const customLines = added.filter((l) => l.productId === null);
  if (customLines.length > 0) events.push({ type: 'order.linesAdded', orderId, lines: customLines });
  events.push({ type: 'pending.resumed', parkedId: parked.id, orderId });
  return accept(events, { orderId });
}
