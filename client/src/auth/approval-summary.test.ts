import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommandType, Order, State } from '#protocol';
import { UNTOUCHED_LINE } from '#protocol';
import { emptyState } from '#domain';
import { mergeTexts } from '../i18n/define.ts';
import { EN_FEATURES } from '../i18n/languages/en.ts';
import { es } from '../i18n/languages/es-all.ts';
import { ZH_FEATURES } from '../i18n/languages/zh.ts';
import { approvalReason, approvalSummary } from './approval-summary.ts';

/**
 * What the approval dialog tells the manager they approve (issue 19 item 17):
 * the hub binds the token to exactly this payload, so the words must say the
 * amount, the dish and the table of that payload, in each language.
 */

const T = new Map<string, TFunction>();
beforeAll(async () => {
  const i18n = i18next.createInstance();
  const trees = { es, en: mergeTexts(EN_FEATURES), zh: mergeTexts(ZH_FEATURES) };
  await i18n.init({ lng: 'es', fallbackLng: false, resources: Object.fromEntries(Object.entries(trees).map(([l, tree]) => [l, { translation: tree }])), interpolation: { escapeValue: false } });
  for (const l of Object.keys(trees)) T.set(l, i18n.getFixedT(l));
});

const line = { ...UNTOUCHED_LINE, id: 'l-1', productId: 'p-1', code: '101', names: { es: 'Lomo saltado', en: 'Beef stir-fry', zh: '炒牛柳' }, specId: null, specNames: null, unitPriceCents: 3500, vipUnitPriceCents: null, qty: 2, unit: '', remark: '', station: '', sentBatch: 1, returnedQty: 0, returnReason: '', returnToStock: false, restockedQty: 0, stockTaken: false };
const state: State = {
  ...emptyState(),
  tables: { 't-4': { id: 't-4', areaId: 'a', name: 'S4', type: 'hall', minConsumptionCents: 0, seats: 4, sort: 1, status: 'dining', orderId: 'o-1' } as unknown as State['tables'][string] },
  orders: { 'o-1': { id: 'o-1', tableId: 't-4', lines: [line] } as unknown as Order },
};

describe('approvalSummary', () => {
  it.each<[string, CommandType, unknown, string, string]>([
    ['a percentage off the bill', 'order.setDiscount', { orderId: 'o-1', discount: { kind: 'percent', percent: 15 } }, 'es', 'Descuento de 15 % en la mesa S4'],
    ['an amount off the bill', 'order.setDiscount', { orderId: 'o-1', discount: { kind: 'amount', cents: 1250 } }, 'es', 'Descuento de S/ 12.50 en la mesa S4'],
    ['an amount off a line', 'order.setLineDiscount', { orderId: 'o-1', lineId: 'l-1', discountCents: 500 }, 'es', 'Descuento de S/ 5.00 en Lomo saltado'],
    ['a gift', 'order.giftLine', { orderId: 'o-1', lineId: 'l-1', qty: 1, reason: 'Cumpleaños' }, 'es', 'Regalar 1 × Lomo saltado'],
    ['a void', 'order.cancelLine', { orderId: 'o-1', lineId: 'l-1', qty: 2, reason: 'Frío' }, 'en', 'Void 2 × Beef stir-fry'],
    ['a withdrawal', 'order.withdraw', { orderId: 'o-1', reason: 'Se fue' }, 'zh', '撤回桌台 S4的整个订单'],
    ['a line this device does not hold', 'order.giftLine', { orderId: 'o-1', lineId: 'l-9', qty: 1, reason: '' }, 'es', 'Regalar 1 × un plato'],
    ['an order this device does not hold', 'order.setDiscount', { orderId: 'o-9', discount: { kind: 'percent', percent: 99 } }, 'es', 'Descuento de 99 % en este pedido'],
    ['a prototype id', 'order.giftLine', { orderId: '__proto__', lineId: 'constructor', qty: 1, reason: '' }, 'es', 'Regalar 1 × un plato'],
  ])('%s', (_what, type, payload, lang, text) => {
    expect(approvalSummary(T.get(lang)!, type, payload, state, lang)).toBe(text);
  });

  it('says nothing for a command it has no words for, and works without a state', () => {
    expect(approvalSummary(T.get('es')!, 'restaurant.rename', { name: 'x' }, state, 'es')).toBeNull();
    expect(approvalSummary(T.get('es')!, 'order.giftLine', { orderId: 'o-1', lineId: 'l-1', qty: 3, reason: '' }, null, 'es')).toBe('Regalar 3 × un plato');
  });

  it('reads the reason when the payload has one', () => {
    expect(approvalReason({ reason: '  Cumpleaños ' })).toBe('Cumpleaños');
    expect(approvalReason({ orderId: 'o-1' })).toBe('');
    expect(approvalReason(null)).toBe('');
  });
});
