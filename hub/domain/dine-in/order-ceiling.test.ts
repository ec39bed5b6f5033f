import { describe, expect, it } from 'vitest';
import { MAX_CENTS } from '#protocol';
import { goodsState, ORDER } from '../goods/test-goods.ts';
import { subtotalCents } from '../money.ts';
import { decideOn, exec, uid } from '../test-fixtures.ts';

/**
 * An order may never grow past the largest payment the hub takes (S/ 1,000,000):
 * such an order could not be settled. The lines that would take it over are
 * refused while they can still be taken back; everything below is accepted.
 */
describe('order ceiling (ORDER_TOO_LARGE)', () => {
  const custom = (n: number, priceCents: number, qty: number) =>
    ({ orderId: ORDER, lineId: uid(900 + n), name: 'Banquete', priceCents, qty, unit: '', remark: '' }) as const;

  it.each<[string, number, number, boolean]>([
    ['one line exactly at the ceiling', MAX_CENTS, 1, true],
    ['one line a céntimo over', MAX_CENTS / 4 + 1, 4, false],
    ['the largest quantity of the largest price', MAX_CENTS, 999, false],
    ['an ordinary banquet', 250_00, 40, true],
  ])('%s: accepted %s', (_label, priceCents, qty, accepted) => {
    const d = decideOn(goodsState(), 'order.addCustomDish', custom(1, priceCents, qty));
    expect(d.ok).toBe(accepted);
    if (!d.ok) expect(d.code).toBe('ORDER_TOO_LARGE');
  });

  it('counts the lines already on the order, and leaves the order as it was when refusing', () => {
    const s = exec(goodsState(), 'order.addCustomDish', custom(1, MAX_CENTS - 100, 1)).state;
    const over = decideOn(s, 'order.addCustomDish', custom(2, 101, 1));
    expect(over).toMatchObject({ ok: false, code: 'ORDER_TOO_LARGE' });
    expect(decideOn(s, 'order.addCustomDish', custom(3, 100, 1)).ok).toBe(true);
    expect(subtotalCents(s.orders[ORDER]!)).toBe(MAX_CENTS - 100);
  });

  it('applies to dishes from the menu too', () => {
    const s = exec(goodsState(), 'order.addCustomDish', custom(1, MAX_CENTS, 1)).state;
    const product = Object.values(s.products).find((p) => p.listed && !p.soldOut && p.specs.length === 0 && !p.usesInventory)!;
    const d = decideOn(s, 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(950), productId: product.id, qty: 1, remark: '' }] });
    expect(d).toMatchObject({ ok: false, code: 'ORDER_TOO_LARGE' });
  });
});
