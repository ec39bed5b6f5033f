import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../hub/protocol/index.ts';
import { searchProducts } from './MenuPanel.tsx';

const p = (code: string, es: string, en: string, zh: string): Product => ({
  id: code,
  code,
  names: { es, en, zh },
  categoryId: 'c',
  priceCents: 100,
  soldOut: false,
  listed: true,
  sort: 0,
});
const menu = [p('101', 'Ceviche clásico', 'Classic ceviche', '经典酸橘汁腌鱼'), p('202', 'Ají de gallina', 'Creamy chili chicken', '辣味鸡肉酱'), p('1020', 'Agua', 'Water', '水')];

describe('searchProducts', () => {
  it.each([
    ['', ['101', '202', '1020']],
    ['101', ['101']],
    ['10', ['101', '1020']],
    ['aji', ['202']],
    ['AJÍ', ['202']],
    ['chicken', ['202']],
    ['鸡肉', ['202']],
    ['xyz', []],
  ])('%j finds %j', (query, codes) => expect(searchProducts(menu, query).map((x) => x.code)).toEqual(codes));
});
