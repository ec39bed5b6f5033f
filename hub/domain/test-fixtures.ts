import type {
  Command,
  CommandPayload,
  CommandResult,
  CommandType,
  Customer,
  DomainEvent,
  State,
  TableDef,
} from '#protocol';
import { applyAll } from './apply.ts';
import { decide } from './decide.ts';
import type { DecideContext, Decision } from './decision.ts';
import { emptyState } from './registry.ts';

/**
 * Shared builders for the domain tests: a small restaurant made by applying
 * events, command envelopes, and helpers that decide-and-apply in one step.
 * Pure like the domain itself: ids are deterministic, the clock is a constant.
 */

export const NOW = '2025-03-14T19:30:00.000Z';
export const LATER = '2025-03-14T21:05:00.000Z';

export function ctxAt(now: string = NOW, staffId: string | null = 'staff-1'): DecideContext {
  return { now, actor: { staffId, deviceId: 'dev-1' } };
}

/** A valid v4 UUID made from a number, so tests read `uid(3)` instead of random noise. */
export function uid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

let commandCounter = 0;

export function command<K extends CommandType>(type: K, payload: CommandPayload<K>, id: string = uid(1_000_000 + ++commandCounter)): Command {
  return { id, type, payload, deviceId: 'dev-1', at: NOW } as Command;
}

export const NO_CUSTOMER: Customer = { name: '', gender: 0, phone: '', reason: '', remarks: '' };

/** Products of the test menu; `p-agua` is the cheap one, `p-lomo` the dear one. */
export const P = {
  ceviche: { id: 'p-ceviche', code: '101', priceCents: 3200 },
  lomo: { id: 'p-lomo', code: '201', priceCents: 3800 },
  chicha: { id: 'p-chicha', code: '401', priceCents: 600 },
  agua: { id: 'p-agua', code: '406', priceCents: 400 },
} as const;

export type ProductPayload = CommandPayload<'product.save'>;

/** What a device sends to save a product; the hub's product.saved event is built from it. */
export function product(id: string, code: string, priceCents: number, over: Partial<ProductPayload> = {}): ProductPayload {
  return {
    id,
    code,
    names: { es: `Plato ${code}`, en: `Dish ${code}`, zh: `菜 ${code}` },
    categoryId: 'cat-food',
    priceCents,
    vipPriceCents: null,
    specs: [],
    remarks: [],
    usesInventory: false,
    lowStock: 0,
    station: '',
    soldOut: false,
    listed: true,
    sort: 0,
    ...over,
  };
}

export function tableDef(id: string, name: string, minConsumptionCents = 0, over: Partial<TableDef> = {}): TableDef {
  return { id, areaId: 'area-salon', name, type: 'hall', minConsumptionCents, seats: 4, sort: 0, ...over };
}

/** Tables: two ordinary ones and a private room with a S/ 200.00 minimum. */
export const T = { s1: 't-s1', s2: 't-s2', vip: 't-vip' } as const;
export const VIP_MINIMUM = 20000;

/** The shift the test restaurant is open with (float S/ 0). */
export const TEST_SHIFT_ID = 'sh-test';

/** The commands that set up the test restaurant. */
export function menuCommands(): Command[] {
  return [
    command('restaurant.rename', { name: 'Test Cevichería' }),
    command('category.save', { id: 'cat-food', names: { es: 'Comida', en: 'Food', zh: '菜' }, sort: 0 }),
    command('category.save', { id: 'cat-drinks', names: { es: 'Bebidas', en: 'Drinks', zh: '饮料' }, sort: 1 }),
    ...Object.values(P).map((p) => command('product.save', product(p.id, p.code, p.priceCents))),
    command('area.save', { id: 'area-salon', name: 'Salón', sort: 0 }),
    command('table.save', tableDef(T.s1, 'S1')),
    command('table.save', tableDef(T.s2, 'S2')),
    command('table.save', tableDef(T.vip, 'VIP', VIP_MINIMUM, { type: 'private_free' })),
    // Money is taken only inside a shift (hub/domain/shift/README.md): the test restaurant is open for service.
    command('shift.open', { id: TEST_SHIFT_ID, floatCents: 0 }),
  ];
}

/** The test restaurant (menu and free tables) and the events that made it, each decided and applied. */
export function menuSetup(): { state: State; events: DomainEvent[] } {
  let state = emptyState();
  const events: DomainEvent[] = [];
  for (const c of menuCommands()) {
    const d = decide(state, c, ctxAt());
    if (!d.ok) throw new Error(`setting up the menu: ${c.type} refused: ${d.code}`);
    state = applyAll(state, d.events);
    events.push(...d.events);
  }
  return { state, events };
}

export function menuState(): State {
  return menuSetup().state;
}

export function menuEvents(): DomainEvent[] {
  return menuSetup().events;
}

export type Step = { state: State; events: DomainEvent[]; result: CommandResult };

export function decideOn<K extends CommandType>(state: State, type: K, payload: CommandPayload<K>, ctx: DecideContext = ctxAt()): Decision {
  return decide(state, command(type, payload), ctx);
}

/** Decides a command that must be accepted and applies its events. */
export function exec<K extends CommandType>(state: State, type: K, payload: CommandPayload<K>, ctx: DecideContext = ctxAt()): Step {
  const d = decideOn(state, type, payload, ctx);
  if (!d.ok) throw new Error(`${type} refused: ${d.code} ${d.message ?? ''}`);
  return { state: applyAll(state, d.events), events: d.events, result: d.result };
}

export type LineSpec = { lineId: string; productId: string; qty: number; remark?: string };

export function addLines(state: State, orderId: string, lines: readonly LineSpec[]): State {
  return exec(state, 'order.addLines', {
    orderId,
    lines: lines.map((l) => ({ lineId: l.lineId, productId: l.productId, qty: l.qty, remark: l.remark ?? '' })),
  }).state;
}

export function openTable(state: State, tableId: string, orderId: string, people = 2): State {
  return exec(state, 'table.open', { tableId, orderId, people, customer: NO_CUSTOMER }).state;
}

export type OrderStage = 'open' | 'ordered' | 'sent' | 'prebilled';

/**
 * A table with an order at the given stage: `open` (no lines), `ordered`
 * (lines not yet sent), `sent`, `prebilled`. Lines: 2 ceviche + 1 chicha.
 */
export function orderAt(stage: OrderStage, tableId: string = T.s1, orderId: string = uid(1)): State {
  let s = openTable(menuState(), tableId, orderId);
  if (stage === 'open') return s;
  s = addLines(s, orderId, [
    { lineId: uid(101), productId: P.ceviche.id, qty: 2 },
    { lineId: uid(102), productId: P.chicha.id, qty: 1 },
  ]);
  if (stage === 'ordered') return s;
  s = exec(s, 'order.send', { orderId }).state;
  if (stage === 'sent') return s;
  return exec(s, 'order.prebill', { orderId }).state;
}

/** Freezes a value and everything reachable from it, so any mutation throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}
