import type { DomainFeature } from '../feature.ts';
import { defaultMenuSettings } from './defaults.ts';
import { importMenu } from './menu-import.ts';
import { menuAppliers } from './menu-appliers.ts';
import { menuHandlers } from './menu-handlers.ts';
import { productHandlers } from './product-handlers.ts';
import { stockAppliers } from './stock-appliers.ts';
import { stockHandlers } from './stock-handlers.ts';
import { dropStockMoves } from './stock-history-upgrade.ts';
import { upgradeGoods } from './upgrade.ts';

/** Goods management (GOODS.md): categories, products and sizes, stock, stations, remark presets, the menu import. */
export const goodsFeature = {
  name: 'goods',
  handlers: { ...menuHandlers, ...productHandlers, ...stockHandlers, 'menu.import': importMenu },
  appliers: { ...menuAppliers, ...stockAppliers },
  initialState: () => ({ categories: {}, products: {}, menuSettings: defaultMenuSettings() }),
  migrations: [
    { version: 3, name: 'goods management: sizes, stock, VIP price, menu settings', up: upgradeGoods },
    { version: 4, name: 'stock history leaves the live state for the stock/ day files', up: dropStockMoves },
  ],
} satisfies DomainFeature;
