import type { ActivityEntry, State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/**
 * What an activity entry touched, in words a person reads: the table's name,
 * the order and bill numbers, the amount, the person or dishes concerned.
 * The table's and dishes' names are those the hub recorded with the entry
 * (hub/engine/activity-names.ts: the order is gone once its bill closes);
 * older entries without them fall back to this device's state.
 */
export function activitySummary(e: ActivityEntry, state: State, numberLabel: (no: number) => string, lang = 'es'): string {
  const d = e.detail;
  const parts: string[] = [];
  const orderId = str(d.orderId);
  const tableId = str(d.tableId) ?? str(d['order.tableId']) ?? str(d['bill.tableId']) ?? str(d['table.id']) ?? (orderId ? (state.orders[orderId]?.tableId ?? null) : null);
  const tableName = str(d.tableName) ?? (tableId ? (state.tables[tableId]?.name ?? tableId) : null);
  if (tableName) parts.push(tableName);
  const orderNo = num(d['order.no']) ?? num(d['bill.orderNo']);
  if (orderNo !== null) parts.push(`#${orderNo}`);
  const billNo = num(d['bill.billNo']);
  if (billNo !== null) parts.push(numberLabel(billNo));
  const total = num(d['bill.totalCents']);
  if (total !== null) parts.push(formatSoles(total));
  const staffId = str(d.staffId) ?? str(d['staff.id']) ?? str(d['alert.staffId']);
  // A sign-in note names its own sender: said once, in the "who" column.
  if (staffId && staffId !== e.staffId) parts.push(state.staff[staffId]?.name ?? str(d['staff.name']) ?? staffId);
  const product = str(d['product.code']) ?? str(d.productId);
  if (product) parts.push(state.products[product]?.code ?? product);
  const role = str(d['role.id']);
  if (role) parts.push(role);
  const name = str(d.name);
  if (name) parts.push(name);
  if (typeof d.disabled === 'boolean') parts.push(String(d.disabled));
  const dishes = str(d[`dishes.${lang}`]) ?? str(d.dishes);
  if (dishes) parts.push(dishes);
  return parts.join(' · ');
}
