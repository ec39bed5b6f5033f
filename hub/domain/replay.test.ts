import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TABLE_STATUS, type Bill, type Command, type DomainEvent, type Order, type State } from '#protocol';
import { applyAll } from './apply.ts';
import { MemoryJobs } from './jobs/memory-jobs.ts';
import { decide } from './decide.ts';
import { emptyState } from './registry.ts';
import { statusForOrder } from './dine-in/table-status.ts';
import { command, ctxAt, menuSetup, NO_CUSTOMER, product, tableDef, uid } from './test-fixtures.ts';

/**
 * Random shifts at the restaurant: intents are drawn at random and turned
 * into commands aimed at what exists at that moment (an open order, one of
 * its lines...), so most are valid and some are refused, as in real life.
 * Each is decided and applied one by one; then the log is replayed.
 */
type Intent =
  | { k: 'open'; table: number; people: number }
  | { k: 'add'; order: number; product: number; qty: number; count: number }
  | { k: 'remove'; order: number; line: number }
  | { k: 'send'; order: number }
  | { k: 'return'; order: number; line: number; qty: number }
  | { k: 'prebill'; order: number }
  | { k: 'cancel'; order: number }
  | { k: 'settle'; order: number; extra: number }
  | { k: 'clear'; table: number }
  | { k: 'soldOut'; product: number; on: boolean }
  | { k: 'listed'; product: number; on: boolean }
  | { k: 'price'; product: number; cents: number }
  | { k: 'minimum'; table: number; cents: number };

const idx = fc.nat({ max: 50 });
const intent: fc.Arbitrary<Intent> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant('open' as const), table: idx, people: fc.integer({ min: 1, max: 12 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({ k: fc.constant('add' as const), order: idx, product: idx, qty: fc.integer({ min: 1, max: 5 }), count: fc.integer({ min: 1, max: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('remove' as const), order: idx, line: idx }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('send' as const), order: idx }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('return' as const), order: idx, line: idx, qty: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('prebill' as const), order: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('cancel' as const), order: idx }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('settle' as const), order: idx, extra: fc.integer({ min: -500, max: 5000 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('clear' as const), table: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('soldOut' as const), product: idx, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('listed' as const), product: idx, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('price' as const), product: idx, cents: fc.integer({ min: 0, max: 9999 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('minimum' as const), table: idx, cents: fc.integer({ min: 0, max: 30000 }) }) },
);

function pick<T>(items: readonly T[], i: number): T | undefined {
  return items.length === 0 ? undefined : items[i % items.length];
}

/** The bill total the rules promise, computed here independently of money.ts. */
function expectedTotal(lines: Order['lines'], minimumCents: number): { subtotal: number; fee: number; total: number } {
  let subtotal = 0;
  for (const l of lines) subtotal += l.unitPriceCents * (l.qty - l.returnedQty);
  const fee = minimumCents > subtotal ? minimumCents - subtotal : 0;
  return { subtotal, fee, total: subtotal + fee };
}

function toCommand(s: State, it: Intent, nextId: () => string): Command | null {
  const tables = Object.values(s.tables).sort((a, b) => a.id.localeCompare(b.id));
  const orders = Object.values(s.orders).sort((a, b) => a.no - b.no);
  const products = Object.values(s.products).sort((a, b) => a.id.localeCompare(b.id));
  const order = 'order' in it ? pick(orders, it.order) : undefined;
  switch (it.k) {
    case 'open': {
      const table = pick(tables, it.table);
      return table ? command('table.open', { tableId: table.id, orderId: nextId(), people: it.people, customer: NO_CUSTOMER }) : null;
    }
    case 'add': {
      if (!order) return null;
      const lines = Array.from({ length: it.count }, (_, j) => ({ lineId: nextId(), productId: pick(products, it.product + j)!.id, qty: it.qty, remark: '' }));
      return command('order.addLines', { orderId: order.id, lines });
    }
    case 'remove':
    case 'return': {
      const line = order && pick(order.lines, it.line);
      if (!order || !line) return null;
      return it.k === 'remove'
        ? command('order.removeLine', { orderId: order.id, lineId: line.id })
        : command('order.returnLine', { orderId: order.id, lineId: line.id, qty: it.qty, reason: 'frío' });
    }
    case 'send':
      return order ? command('order.send', { orderId: order.id }) : null;
    case 'prebill':
      return order ? command('order.prebill', { orderId: order.id }) : null;
    case 'cancel':
      return order ? command('order.cancelPrebill', { orderId: order.id }) : null;
    case 'settle': {
      if (!order) return null;
      const { total } = expectedTotal(order.lines, s.tables[order.tableId]?.minConsumptionCents ?? 0);
      return command('order.settleCash', { orderId: order.id, receivedCents: Math.max(0, total + it.extra) });
    }
    case 'clear': {
      const table = pick(tables, it.table);
      return table ? command('table.clear', { tableId: table.id }) : null;
    }
    case 'soldOut':
    case 'listed':
    case 'price': {
      const p = pick(products, it.product);
      if (!p) return null;
      if (it.k === 'soldOut') return command('product.setSoldOut', { productId: p.id, soldOut: it.on });
      if (it.k === 'listed') return command('product.setListed', { productId: p.id, listed: it.on });
      return command('product.save', product(p.id, p.code, it.cents, { names: p.names }));
    }
    case 'minimum': {
      const t = pick(tables, it.table);
      return t ? command('table.save', tableDef(t.id, t.name, it.cents, { type: t.type })) : null;
    }
  }
}

function checkInvariants(s: State, prev: State): void {
  const ACTIVE: readonly number[] = [TABLE_STATUS.pending, TABLE_STATUS.dining, TABLE_STATUS.prebilled];
  for (const t of Object.values(s.tables)) {
    expect(t.orderId !== null, `table ${t.id} status ${t.status} orderId ${t.orderId}`).toBe(ACTIVE.includes(t.status));
    if (t.orderId !== null) expect(s.orders[t.orderId], `table ${t.id} points to a missing order`).toBeDefined();
  }
  const numbers = new Set<number>();
  for (const o of Object.values(s.orders)) {
    const table = s.tables[o.tableId];
    expect(table?.orderId, `order ${o.no} is not on its table`).toBe(o.id);
    expect(table?.status).toBe(statusForOrder(o));
    expect(numbers.has(o.no), `order number ${o.no} used twice`).toBe(false);
    numbers.add(o.no);
    expect(o.no).toBeLessThanOrEqual(s.counters.orderNo);
    for (const l of o.lines) {
      expect(l.returnedQty).toBeGreaterThanOrEqual(0);
      expect(l.returnedQty).toBeLessThanOrEqual(l.qty);
      if (l.returnedQty > 0) expect(l.sentBatch).not.toBeNull();
    }
  }
  expect(s.counters.orderNo).toBeGreaterThanOrEqual(prev.counters.orderNo);
  expect(s.counters.billNo).toBeGreaterThanOrEqual(prev.counters.billNo);
}

function checkBill(bill: Bill, before: State): void {
  const minimum = before.tables[bill.tableId]?.minConsumptionCents ?? 0;
  const { subtotal, fee, total } = expectedTotal(bill.lines, minimum);
  expect(bill).toMatchObject({ subtotalCents: subtotal, minSpendFeeCents: fee, totalCents: total });
  expect(bill.changeCents).toBe(bill.receivedCents - bill.totalCents);
  expect(bill.changeCents).toBeGreaterThanOrEqual(0);
  expect(bill.billNo).toBe(before.counters.billNo + 1);
  expect(bill.lines).toEqual(before.orders[bill.id]?.lines);
}

const seen = { accepted: 0, refused: 0, settled: 0, cleared: 0, returned: 0, jobs: 0 };

describe('random shifts (property)', () => {
  it('replaying every event from the empty state gives the live state, and invariants hold at every step', () => {
    fc.assert(
      fc.property(fc.array(intent, { minLength: 1, maxLength: 150, size: 'max' }), (intents) => {
        let n = 0;
        const nextId = () => uid(++n);
        const menu = menuSetup();
        let state = menu.state;
        const log: DomainEvent[] = [...menu.events];
        // Jobs live outside the State (the hub's job table): the rules read them through ctx.jobs.
        const jobs = new MemoryJobs().apply(menu.events);
        for (const [i, it] of intents.entries()) {
          const cmd = toCommand(state, it, nextId);
          if (!cmd) continue;
          const now = new Date(Date.parse('2025-03-14T12:00:00Z') + i * 60_000).toISOString();
          const decision = decide(state, cmd, { ...ctxAt(now), jobs });
          if (!decision.ok) {
            seen.refused++;
            continue;
          }
          seen.accepted++;
          for (const e of decision.events) {
            if (e.type === 'order.settled') {
              checkBill(e.bill, state);
              seen.settled++;
            }
            if (e.type === 'table.cleared') seen.cleared++;
            if (e.type === 'order.lineReturned') seen.returned++;
          }
          const prev = state;
          state = applyAll(state, decision.events);
          jobs.apply(decision.events);
          log.push(...decision.events);
          checkInvariants(state, prev);
        }
        expect(applyAll(emptyState(), log)).toEqual(state);
        // The jobs folded from the log equal the live ones (the hub's job table folds them alike).
        expect(new MemoryJobs().apply(log).values()).toEqual(jobs.values());
        seen.jobs += jobs.values().length;
        // Replaying twice from scratch is deterministic too (no hidden clock or randomness).
        expect(applyAll(emptyState(), log)).toEqual(applyAll(emptyState(), log));
      }),
      { numRuns: 300 },
    );
    // The generator must really exercise the whole flow, or the property says little.
    expect(seen.settled).toBeGreaterThan(100);
    expect(seen.cleared).toBeGreaterThan(100);
    expect(seen.returned).toBeGreaterThan(50);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.jobs).toBeGreaterThan(100);
  });
});
