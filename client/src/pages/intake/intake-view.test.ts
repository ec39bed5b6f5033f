import { describe, expect, it } from 'vitest';
import type { Product } from '#protocol';
import { intakeOrderSchema } from '#hub/http/routes/intake/schema.ts';
import { exampleDish, exampleOrder, whenText } from './intake-view.ts';

/** The example the intake page shows a shop's developer must be an order the hub accepts as it stands. */
const product = (id: string, sort: number, extra: Partial<Product> = {}) => ({ id, code: id, sort, listed: true, soldOut: false, specs: [], ...extra }) as unknown as Product;

describe('the intake page example', () => {
  it.each([
    ['the first dish on sale', { a: product('p-1', 2), b: product('p-2', 1) }, { productId: 'p-2' }],
    ['sold out and delisted dishes skipped', { a: product('p-1', 1, { soldOut: true }), b: product('p-2', 2, { listed: false }), c: product('p-3', 3) }, { productId: 'p-3' }],
    ['a dish in sizes names its first size on sale', { a: product('p-1', 1, { specs: [{ id: 's-1', soldOut: true }, { id: 's-2', soldOut: false }] as Product['specs'] }) }, { productId: 'p-1', specId: 's-2' }],
    ['an empty menu', {}, null],
  ])('%s', (_what, products, dish) => {
    expect(exampleDish(products)).toEqual(dish);
  });

  it('the example body passes the API schema', () => {
    const parsed = intakeOrderSchema.safeParse(JSON.parse(exampleOrder({ productId: 'p-101' })));
    expect(parsed.success).toBe(true);
  });

  it('times read as people write them, in Lima', () => {
    expect(whenText('2026-11-28T22:05:00.000Z', 'es')).toContain('28/11/2026');
    expect(whenText('2026-11-28T22:05:00.000Z', 'es')).toContain('17:05');
    expect(whenText('not a time', 'es')).toBe('not a time');
  });
});
