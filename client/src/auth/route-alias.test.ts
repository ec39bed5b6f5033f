import { describe, expect, it } from 'vitest';
import type { Alias } from '#protocol';
import { ROLE_PRESETS } from '#protocol';
import { PATHS } from '../routes.ts';
import { aliasForPath, homePath, PUBLIC_PATHS } from './route-alias.ts';

describe('which alias a route needs', () => {
  it.each<[string, Alias | null]>([
    [PATHS.tables, 'M001'],
    [PATHS.dinner, 'M001'],
    [PATHS.payment, 'payment'],
    [PATHS.settlement, 'payment'],
    [PATHS.takeOut, 'M005'],
    [PATHS.takeOutNew, 'M005'],
    [PATHS.takeOutAdd, 'M005'],
    [PATHS.takeOutPay, 'payment'],
    [PATHS.goods, 'M015'],
    [PATHS.staff, 'staff'],
    [PATHS.activity, 'staff'],
    ['/pages/member/details', 'M004'],
    ['/pages/collect/index', 'M014'],
    ['/pages/app/download', null],
  ])('%s -> %s', (path, alias) => expect(aliasForPath(path)).toBe(alias));

  it('keeps the sign-in pages and setup open', () => {
    for (const p of [PATHS.root, PATHS.login, PATHS.appLogin, PATHS.numberLogin, PATHS.setup]) expect(PUBLIC_PATHS.has(p)).toBe(true);
    expect(PUBLIC_PATHS.has(PATHS.tables)).toBe(false);
  });

  it('starts each role on the first section it may use', () => {
    expect(homePath(new Set(ROLE_PRESETS.waiter))).toBe(PATHS.tables);
    expect(homePath(new Set(ROLE_PRESETS.rider))).toBe('/pages/take_out/rider');
    // Who dispatches deliveries and takes payment starts on the delivery orders.
    expect(homePath(new Set(['M005', 'payment'] as const))).toBe('/pages/take_out/index');
    expect(homePath(new Set(ROLE_PRESETS.counter))).toBe('/pages/oder_food/index');
    expect(homePath(new Set())).toBeNull();
  });
});
