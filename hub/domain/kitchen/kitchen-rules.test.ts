import { describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, State } from '#protocol';
import { decideOn, exec, orderAt, uid, type OrderStage } from '../test-fixtures.ts';

/**
 * Every kitchen action against every line state (unsent, sent, held,
 * returned, gifted, cancelled) and order status: allowed or refused with
 * which code; a refusal leaves the state exactly as it was.
 */

const ORDER = uid(1);
const CEVICHE = uid(101); // 2 portions
const CHICHA = uid(102); // 1 portion

type LineState = 'unsent' | 'sent' | 'held' | 'heldUnsent' | 'returned' | 'gifted' | 'cancelled' | 'prebilled';

/** An order whose ceviche line (2 portions) is in the given state. */
function withLine(state: LineState): State {
  const stage: OrderStage = state === 'unsent' || state === 'heldUnsent' ? 'ordered' : 'sent';
  let s = orderAt(stage);
  if (state === 'heldUnsent') s = exec(s, 'order.holdLines', { orderId: ORDER, lineIds: [CEVICHE] }).state;
  if (state === 'held') s = exec(s, 'order.holdLines', { orderId: ORDER, lineIds: [CEVICHE] }).state;
  if (state === 'returned') s = exec(s, 'order.returnLine', { orderId: ORDER, lineId: CEVICHE, qty: 2, reason: 'Frío' }).state;
  if (state === 'gifted') s = exec(s, 'order.giftLine', { orderId: ORDER, lineId: CEVICHE, qty: 2, reason: 'Cliente frecuente' }).state;
  if (state === 'cancelled') s = exec(s, 'order.cancelLine', { orderId: ORDER, lineId: CEVICHE, qty: 2, reason: 'Se equivocó' }).state;
  if (state === 'prebilled') s = exec(s, 'order.prebill', { orderId: ORDER }).state;
  return s;
}

type Row<K extends CommandType = CommandType> = [LineState, K, CommandPayload<K>, string];
const row = <K extends CommandType>(state: LineState, type: K, payload: CommandPayload<K>, expected: string): Row => [state, type, payload, expected] as unknown as Row;

const hold = { orderId: ORDER, lineIds: [CEVICHE] };
const fire = { orderId: ORDER, lineIds: [CEVICHE] };
const rush = { orderId: ORDER, lineIds: [CEVICHE] };
const gift = (qty: number, reason = 'Cliente frecuente') => ({ orderId: ORDER, lineId: CEVICHE, qty, reason });
const cancel = (qty: number, reason = 'Se equivocó') => ({ orderId: ORDER, lineId: CEVICHE, qty, reason });
const remark = { orderId: ORDER, lineId: CEVICHE, remark: 'Sin culantro' };
const reorder = { orderId: ORDER, lines: [{ fromLineId: CEVICHE, lineId: uid(900) }] };

/** [line state, command, payload, 'ok' or the refusal code]. */
const RULES: Row[] = [
  row('unsent', 'order.holdLines', hold, 'ok'),
  row('sent', 'order.holdLines', hold, 'ok'),
  row('held', 'order.holdLines', hold, 'NOTHING_TO_HOLD'),
  row('returned', 'order.holdLines', hold, 'NOTHING_TO_HOLD'),
  row('cancelled', 'order.holdLines', hold, 'NOTHING_TO_HOLD'),
  row('gifted', 'order.holdLines', hold, 'ok'),
  row('prebilled', 'order.holdLines', hold, 'ORDER_PREBILLED'),
  row('sent', 'order.holdLines', { orderId: ORDER, lineIds: ['__proto__'] }, 'NOT_FOUND'),
  row('sent', 'order.holdLines', { orderId: '__proto__', lineIds: [CEVICHE] }, 'ORDER_NOT_OPEN'),

  row('held', 'order.fire', fire, 'ok'),
  row('held', 'order.fire', { orderId: ORDER }, 'ok'),
  row('heldUnsent', 'order.fire', fire, 'ok'),
  row('sent', 'order.fire', fire, 'NOTHING_HELD'),
  row('unsent', 'order.fire', { orderId: ORDER }, 'NOTHING_HELD'),
  row('prebilled', 'order.fire', fire, 'ORDER_PREBILLED'),

  row('sent', 'order.rush', rush, 'ok'),
  row('sent', 'order.rush', { orderId: ORDER }, 'ok'),
  row('unsent', 'order.rush', rush, 'NOTHING_TO_RUSH'),
  row('held', 'order.rush', rush, 'NOTHING_TO_RUSH'),
  row('returned', 'order.rush', rush, 'NOTHING_TO_RUSH'),
  row('prebilled', 'order.rush', rush, 'ORDER_PREBILLED'),

  row('unsent', 'order.giftLine', gift(1), 'ok'),
  row('sent', 'order.giftLine', gift(2), 'ok'),
  row('sent', 'order.giftLine', gift(3), 'INCORRECT_INPUT'),
  row('sent', 'order.giftLine', gift(1, ''), 'REASON_REQUIRED'),
  row('held', 'order.giftLine', gift(1), 'ok'),
  row('gifted', 'order.giftLine', gift(1), 'LINE_CLOSED'),
  row('returned', 'order.giftLine', gift(1), 'LINE_CLOSED'),
  row('cancelled', 'order.giftLine', gift(1), 'LINE_CLOSED'),
  row('prebilled', 'order.giftLine', gift(1), 'ok'),

  row('sent', 'order.cancelLine', cancel(2), 'ok'),
  row('held', 'order.cancelLine', cancel(1), 'ok'),
  row('gifted', 'order.cancelLine', cancel(1), 'ok'),
  row('sent', 'order.cancelLine', cancel(3), 'INCORRECT_INPUT'),
  row('sent', 'order.cancelLine', cancel(1, ''), 'REASON_REQUIRED'),
  row('unsent', 'order.cancelLine', cancel(1), 'LINE_NOT_SENT'),
  row('returned', 'order.cancelLine', cancel(1), 'LINE_CLOSED'),
  row('cancelled', 'order.cancelLine', cancel(1), 'LINE_CLOSED'),
  row('prebilled', 'order.cancelLine', cancel(1), 'ORDER_PREBILLED'),

  row('unsent', 'order.setRemark', remark, 'ok'),
  row('sent', 'order.setRemark', remark, 'ok'),
  row('held', 'order.setRemark', remark, 'ok'),
  row('returned', 'order.setRemark', remark, 'LINE_CLOSED'),
  row('prebilled', 'order.setRemark', remark, 'ORDER_PREBILLED'),

  row('sent', 'order.reorder', reorder, 'ok'),
  row('returned', 'order.reorder', reorder, 'ok'),
  row('unsent', 'order.reorder', { orderId: ORDER, lines: [{ fromLineId: CEVICHE, lineId: CHICHA }] }, 'DUPLICATE_ID'),
  row('sent', 'order.reorder', { orderId: ORDER, lines: [{ fromLineId: CEVICHE, lineId: uid(900) }, { fromLineId: CHICHA, lineId: uid(900) }] }, 'DUPLICATE_ID'),
  row('prebilled', 'order.reorder', reorder, 'ORDER_PREBILLED'),

  row('sent', 'order.withdraw', { orderId: ORDER, reason: 'El cliente se fue' }, 'ok'),
  row('unsent', 'order.withdraw', { orderId: ORDER, reason: 'El cliente se fue' }, 'ok'),
  row('prebilled', 'order.withdraw', { orderId: ORDER, reason: 'El cliente se fue' }, 'ok'),
  row('sent', 'order.withdraw', { orderId: ORDER, reason: '' }, 'REASON_REQUIRED'),
];

describe('kitchen actions, per line state', () => {
  it.each(RULES)('%s line: %s → %s', (lineState, type, payload, expected) => {
    const before = withLine(lineState);
    const snapshot = JSON.stringify(before);
    const d = decideOn(before, type, payload);
    expect(d.ok ? 'ok' : d.code).toBe(expected);
    expect(JSON.stringify(before)).toBe(snapshot);
  });
});

describe('what each action does to the line', () => {
  it('hold then fire: held lines go out marked, then are fired; the send keeps them held', () => {
    let s = withLine('heldUnsent');
    s = exec(s, 'order.send', { orderId: ORDER }).state;
    expect(s.orders[ORDER]!.lines[0]).toMatchObject({ held: true, sentBatch: 1 });
    const fired = exec(s, 'order.fire', { orderId: ORDER });
    expect(fired.events.filter((e) => e.type !== 'job.created')).toEqual([{ type: 'order.linesFired', orderId: ORDER, lineIds: [CEVICHE] }]);
    expect(fired.state.orders[ORDER]!.lines[0]!.held).toBe(false);
  });

  it('rush counts each time and names only lines the kitchen is cooking', () => {
    let s = withLine('sent');
    s = exec(s, 'order.rush', { orderId: ORDER }).state;
    const again = exec(s, 'order.rush', { orderId: ORDER, lineIds: [CEVICHE] });
    expect(again.state.orders[ORDER]!.lines.map((l) => l.rushCount)).toEqual([2, 1]);
  });

  it('a gift is listed at S/ 0 with its reason', () => {
    const s = exec(withLine('sent'), 'order.giftLine', gift(1)).state;
    expect(s.orders[ORDER]!.lines[0]).toMatchObject({ giftedQty: 1, giftReason: 'Cliente frecuente' });
  });

  it('cancelling takes charged portions first, then gifted ones', () => {
    let s = exec(withLine('sent'), 'order.giftLine', gift(1)).state;
    s = exec(s, 'order.cancelLine', cancel(1)).state;
    expect(s.orders[ORDER]!.lines[0]).toMatchObject({ cancelledQty: 1, giftedQty: 1 });
    s = exec(s, 'order.cancelLine', cancel(1)).state;
    expect(s.orders[ORDER]!.lines[0]).toMatchObject({ cancelledQty: 2, giftedQty: 0 });
  });

  it('returning a gifted portion never leaves more gifted than billable', () => {
    const s = exec(withLine('gifted'), 'order.returnLine', { orderId: ORDER, lineId: CEVICHE, qty: 1, reason: 'Frío' }).state;
    expect(s.orders[ORDER]!.lines[0]).toMatchObject({ returnedQty: 1, giftedQty: 1 });
  });

  it('a remark on a sent line tells the kitchen it is an amendment', () => {
    const { events } = exec(withLine('sent'), 'order.setRemark', remark);
    expect(events.filter((e) => e.type !== 'job.created')).toEqual([{ type: 'order.lineRemarkSet', orderId: ORDER, lineId: CEVICHE, remark: 'Sin culantro', sent: true }]);
  });

  it('reorder copies the line as a new unsent line with nothing of the old one', () => {
    const s = exec(withLine('gifted'), 'order.reorder', reorder).state;
    const copy = s.orders[ORDER]!.lines.find((l) => l.id === uid(900))!;
    expect(copy).toMatchObject({ productId: 'p-ceviche', qty: 2, sentBatch: null, giftedQty: 0, held: false, rushCount: 0 });
  });

  it('reorder of an off-menu dish copies it', () => {
    let s = exec(orderAt('open'), 'order.addCustomDish', { orderId: ORDER, lineId: uid(77), name: 'Tortilla', priceCents: 1500, qty: 1, unit: 'plato', remark: '' }).state;
    s = exec(s, 'order.reorder', { orderId: ORDER, lines: [{ fromLineId: uid(77), lineId: uid(78) }] }).state;
    expect(s.orders[ORDER]!.lines.map((l) => [l.names.es, l.unitPriceCents])).toEqual([
      ['Tortilla', 1500],
      ['Tortilla', 1500],
    ]);
  });
});
