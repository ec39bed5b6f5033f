import { describe, expect, it } from 'vitest';
import type { Product } from '#protocol';
import { searchProducts } from './search.ts';
import { stockLevel } from './stock.ts';

const p = (code: string, es: string, en: string, zh: string, over: Partial<Product> = {}): Product => ({
  id: code,
  code,
  names: { es, en, zh },
  categoryId: 'c',
  priceCents: 100,
  vipPriceCents: null,
  specs: [],
  remarks: [],
  usesInventory: false,
  stock: 0,
  lowStock: 0,
  station: '',
  soldOut: false,
  autoSoldOut: false,
  listed: true,
  sort: 0,
  createdAt: '',
  modifiedAt: '',
  ...over,
});
const menu = [
  p('101', 'Ceviche clásico', 'Classic ceviche', '经典酸橘汁腌鱼'),
  p('202', 'Ají de gallina', 'Creamy chili chicken', '辣味鸡肉酱'),
  p('1020', 'Agua', 'Water', '水', { specs: [{ id: 's', names: { es: 'Botella grande', en: 'Big bottle', zh: '大瓶' }, priceCents: 1, vipPriceCents: null, soldOut: false }] }),
];

describe('searchProducts', () => {
  it.each([
    ['', ['101', '202', '1020']],
    ['101', ['101']],
    ['10', ['101', '1020']],
    ['aji', ['202']],
    ['AJÍ', ['202']],
    ['chicken', ['202']],
    ['鸡肉', ['202']],
    ['grande', ['1020']],
    ['xyz', []],
  ])('%j finds %j', (query, codes) => expect(searchProducts(menu, query).map((x) => x.code)).toEqual(codes));
});

describe('stockLevel', () => {
  it.each([
    [{ usesInventory: false, stock: 0, lowStock: 5 }, 'none'],
    [{ usesInventory: true, stock: 0, lowStock: 5 }, 'out'],
    [{ usesInventory: true, stock: 5, lowStock: 5 }, 'low'],
    [{ usesInventory: true, stock: 6, lowStock: 5 }, 'ok'],
    [{ usesInventory: true, stock: 1, lowStock: 0 }, 'ok'],
  ])('%j is %s', (over, level) => expect(stockLevel(p('1', 'a', 'b', 'c', over))).toBe(level));
});
