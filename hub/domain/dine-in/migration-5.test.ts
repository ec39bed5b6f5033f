import { describe, expect, it } from 'vitest';
import type { DomainEvent, Order, OrderLine } from '#protocol';
import { LINE_DEFAULTS, UNTOUCHED_LINE } from '#protocol';
import { upgradeEvents } from '../migrations/index.ts';
import { apply } from '../apply.ts';
import { emptyState } from '../registry.ts';
import { fillOrder, migration5 } from './migration-5.ts';

// A line as a hub before store format 5 wrote it: no gifts, cancellations, hold, rush, discount, origin table.
const oldLine = (id: string): OrderLine =>
  ({
    id, productId: 'p-1', code: '101', names: { es: 'Ceviche', en: 'Ceviche', zh: '酸橘汁腌鱼' }, specId: null, specNames: null,
    unitPriceCents: 3200, vipUnitPriceCents: null, qty: 2, unit: '', remark: '', station: 's-1', sentBatch: null,
    returnedQty: 0, returnReason: '', returnToStock: false, restockedQty: 0, stockTaken: false,
  }) as unknown as OrderLine;
const todayLine = (id: string): OrderLine => ({ ...oldLine(id), ...UNTOUCHED_LINE });
const oldOrder = (lines: OrderLine[]): Order =>
  ({ id: 'o-1', no: 7, tableId: 't-1', people: 2, customer: null, openedAt: '2025-03-15T00:00:00.000Z', openedBy: null, lines, status: 'open', prebilledAt: null, batches: 0 }) as unknown as Order;

const FILLED = Object.keys(UNTOUCHED_LINE) as (keyof typeof UNTOUCHED_LINE)[];

describe('migration 5 on a log record\'s events (completed once when read back, never by the appliers)', () => {
  it.each([
    ['a format-4 line gains every format-5 field at its default', 4, [oldLine('l-1')], true],
    ['a format-1 (legacy) line too', 1, [oldLine('l-1'), oldLine('l-2')], true],
    ['a format-5 record is not touched', 5, [oldLine('l-1')], false],
    ['a line of today in a format-4 record keeps its object', 4, [todayLine('l-1')], false],
  ] as const)('%s', (_name, from, lines, filled) => {
    const events: DomainEvent[] = [{ type: 'order.linesAdded', orderId: 'o-1', lines: [...lines] }];
    const up = upgradeEvents(events, from)[0] as Extract<DomainEvent, { type: 'order.linesAdded' }>;
    if (!filled) {
      expect(up.lines).toEqual(lines);
      return;
    }
    for (const line of up.lines) for (const k of FILLED) expect(line[k]).toEqual(LINE_DEFAULTS[k]);
    // The event read from disk is not changed in place: a new one is made.
    expect(Object.hasOwn(lines[0]!, 'giftedQty')).toBe(false);
  });

  it('a format-4 table.opened order gains the format-5 order fields and its lines theirs', () => {
    const [up] = upgradeEvents([{ type: 'table.opened', order: oldOrder([oldLine('l-1')]) } as DomainEvent], 4) as Extract<DomainEvent, { type: 'table.opened' }>[];
    expect(up!.order.depositCents).toBe(0);
    expect(up!.order.lines[0]!.giftedQty).toBe(0);
    expect(up!.order.lines[0]!.rushCount).toBe(0);
  });

  it("today's records come back as the very same array (no walk, no copy: the command path's records are never upgraded)", () => {
    const events: DomainEvent[] = [{ type: 'order.linesAdded', orderId: 'o-1', lines: [todayLine('l-1')] }];
    expect(upgradeEvents(events, 9)).toBe(events);
    expect(migration5.upEvent!(events[0]!)).toBe(events[0]);
  });

  it('optional fields marked ALWAYS (presets, listUnitPriceCents) do not make a line of today incomplete', () => {
    const line = todayLine('l-1');
    expect(Object.hasOwn(line, 'presets')).toBe(false);
    const event: DomainEvent = { type: 'order.linesAdded', orderId: 'o-1', lines: [line] };
    expect(migration5.upEvent!(event)).toBe(event);
  });

  it('attack: a line named __proto__ and a field __proto__ from a damaged old record stay own data, the prototype untouched', () => {
    const hostile = JSON.parse('{"__proto__":{"polluted":true},"id":"__proto__"}') as OrderLine;
    const [up] = upgradeEvents([{ type: 'order.linesAdded', orderId: 'o-1', lines: [hostile] }], 4) as Extract<DomainEvent, { type: 'order.linesAdded' }>[];
    expect(up!.lines[0]!.id).toBe('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(up!.lines[0])).toBe(Object.prototype);
  });

  it('the applier adds the event\'s lines as they are (no completion per applied event)', () => {
    const opened = apply(emptyState(), { type: 'table.opened', order: fillOrder(oldOrder([])) });
    const line = todayLine('l-9');
    const after = apply(opened, { type: 'order.linesAdded', orderId: 'o-1', lines: [line] });
    expect(after.orders['o-1']!.lines[0]).toBe(line);
  });
});
