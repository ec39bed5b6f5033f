import type { TFunction } from 'i18next';
import type { ErrorCode, Product, State } from '#protocol';
import { nameIn } from '../../i18n/index.ts';

/** Refusals of an order line whose `message` is the code of the dish at fault (hub/domain/dine-in/order-lines.ts). */
const NAMES_A_DISH: ReadonlySet<ErrorCode> = new Set(['PRODUCT_UNAVAILABLE', 'INSUFFICIENT_STOCK', 'SPEC_REQUIRED']);

function dishByCode(state: State | null, code: string | undefined): Product | undefined {
  if (!state || !code) return undefined;
  return Object.values(state.products).find((p) => p.code === code);
}

/**
 * The words for a refused send, naming the dish in this device's language
 * ("Lomo saltado is sold out") where the hub said which one; otherwise the
 * code's own text. `state`: the hub's latest state, which already knows why.
 */
export function refusalText(t: TFunction, lang: string, state: State | null, code: ErrorCode, message?: string): string {
  const dish = NAMES_A_DISH.has(code) ? dishByCode(state, message) : undefined;
  if (!dish) return t(`errors.${code}`);
  const name = nameIn(dish.names, lang);
  if (code === 'SPEC_REQUIRED') return t('ordering.refused.chooseSize', { name });
  if (code === 'INSUFFICIENT_STOCK') return t('ordering.refused.fewLeft', { name, count: Math.max(0, dish.stock) });
  return t(dish.listed ? 'ordering.refused.soldOut' : 'ordering.refused.offMenu', { name });
}
