import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { orderAt, uid } from '../test-fixtures.ts';
import { upgradeGoods } from './upgrade.ts';

/** A state as a hub before goods management wrote it: bare products and lines, no menu settings. */
function legacy(): State {
  const s = orderAt('ordered');
  const products = Object.fromEntries(
    Object.entries(s.products).map(([id, p]) => [id, { id, code: p.code, names: p.names, categoryId: p.categoryId, priceCents: p.priceCents, soldOut: p.soldOut, listed: p.listed, sort: p.sort }]),
  );
  const orders = Object.fromEntries(
    Object.entries(s.orders).map(([id, o]) => [
      id,
      { ...o, lines: o.lines.map((l) => ({ id: l.id, productId: l.productId, code: l.code, names: l.names, unitPriceCents: l.unitPriceCents, qty: l.qty, remark: l.remark, sentBatch: l.sentBatch, returnedQty: 0, returnReason: '' })) },
    ]),
  );
  const { menuSettings: _m, ...rest } = s;
  return { ...rest, products, orders } as unknown as State;
}

describe('upgradeGoods', () => {
  it('gives an older state every field goods management added, keeping what it had', () => {
    const up = upgradeGoods(legacy());
    const fresh = orderAt('ordered');
    expect(up.menuSettings).toEqual(fresh.menuSettings);
    for (const [id, p] of Object.entries(fresh.products)) {
      expect(up.products[id]).toEqual({ ...p, createdAt: '1970-01-01T00:00:00.000Z', modifiedAt: '1970-01-01T00:00:00.000Z' });
    }
    // Fields added after goods management (format 5's gifts, cancellations...) are migration 5's to add.
    expect(fresh.orders[uid(1)]?.lines).toMatchObject(up.orders[uid(1)]!.lines);
    expect(Object.keys(up.orders[uid(1)]!.lines[0]!)).toContain('stockTaken');
  });

  it('leaves a current state untouched (same object)', () => {
    const s = orderAt('sent');
    expect(upgradeGoods(s)).toBe(s);
  });
});
