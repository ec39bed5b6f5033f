import { describe, expect, it } from 'vitest';
import { run as menu2000 } from './menu-2000.ts';

/**
 * Keeps the browser half of the 2,000-product benchmark from rotting: a
 * small menu, one round, a few keystrokes. It starts Chromium and builds the
 * client when needed, so it runs with the other system tests, one at a time.
 * No timing is asserted.
 */
describe('menu-2000 at smoke size', () => {
  it('measures the goods list, the ordering menu and search keystrokes in a throttled phone', async () => {
    const r = await menu2000({ products: 120, repeats: 2, rounds: 1, throttle: 2, keystrokes: ['c', 'ce', '1', '10'] });
    for (const k of ['coldLoadMs', 'goodsListMedian', 'orderMenuMedian', 'goodsKeyP50', 'menuKeyP50']) {
      expect(Number.isFinite(r.figures[k]), `${k} = ${r.figures[k]}`).toBe(true);
    }
    expect(r.rows.some((row) => row.figure.startsWith('goods keystroke'))).toBe(true);
  });
});
