import type { State } from '#protocol';
import type { ReportContext } from '#hub/domain/reports/index.ts';

/**
 * The report context of the menu as it stands: each dish's category by the
 * product's current category. A day's figures are cached as computed, so a
 * dish moved to another category later stays under the old one in past days
 * (the cache is keyed by figures format and closing hour only); the menu's
 * categories rarely move and a report of a closed day should not change
 * because the menu did.
 */
export function reportContext(state: State, closingHour: number): ReportContext {
  const unknown = { id: '', name: '' };
  return {
    closingHour,
    categoryOf(productId) {
      // Ids are data: `__proto__` or `constructor` must not find Object.prototype.
      if (productId === null || !Object.hasOwn(state.products, productId)) return unknown;
      const categoryId = state.products[productId]!.categoryId;
      const category = Object.hasOwn(state.categories, categoryId) ? state.categories[categoryId] : undefined;
      return { id: categoryId, name: category?.names.es ?? '' };
    },
  };
}
