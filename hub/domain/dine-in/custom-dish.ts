import type { CommandPayload, OrderLine, State } from '#protocol';
import { UNTOUCHED_LINE } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { editableOrder, isDecision, wouldBeTooLarge } from './order-lines.ts';

/**
 * A dish that is not on the menu (SPEC.md Custom dish: name, price, quantity,
 * unit, remarks), typed in by someone allowed to. It becomes an ordinary
 * unsent line without a product: no stock, no sold-out check.
 */
export function addCustomDish(s: State, p: CommandPayload<'order.addCustomDish'>): Decision {
  const order = editableOrder(s, p.orderId);
  if (isDecision(order)) return order;
  if (!p.name) return refuse('REQUIRED_FIELD', 'name');
  if (order.lines.some((l) => l.id === p.lineId)) return refuse('DUPLICATE_ID', 'lineId');
  const station = p.station ?? '';
  if (station && !s.menuSettings.stations.some((x) => x.id === station)) return refuse('NOT_FOUND', 'station');
  const line: OrderLine = {
    id: p.lineId,
    productId: null,
    code: '',
    // Typed in one language; every device shows it as typed.
    names: { es: p.name, en: p.name, zh: p.name },
    specId: null,
    specNames: null,
    unitPriceCents: p.priceCents,
    vipUnitPriceCents: null,
    qty: p.qty,
    unit: p.unit,
    remark: p.remark,
    station,
    sentBatch: null,
    returnedQty: 0,
    returnReason: '',
    returnToStock: false,
    restockedQty: 0,
    ...UNTOUCHED_LINE,
    stockTaken: false,
  };
  if (wouldBeTooLarge(order, [line])) return refuse('ORDER_TOO_LARGE');
  return accept([{ type: 'order.linesAdded', orderId: order.id, lines: [line] }]);
}
