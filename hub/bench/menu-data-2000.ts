import type { Category, CommandPayload, ImportProduct } from '#protocol';
import { rng } from './common.ts';

/**
 * A big restaurant menu for the 2,000-product benchmark: realistic Peruvian
 * and chifa dish names in three languages (dish × preparation), twelve
 * categories, some dishes in sizes, some counted in stock. Deterministic.
 */

const DISHES: [es: string, en: string, zh: string][] = [
  ['Ceviche', 'Ceviche', '酸橘汁腌鱼'],
  ['Lomo saltado', 'Stir-fried beef', '秘鲁炒牛柳'],
  ['Ají de gallina', 'Chili chicken', '辣味鸡肉'],
  ['Arroz chaufa', 'Chaufa fried rice', '炒饭'],
  ['Tallarín saltado', 'Stir-fried noodles', '炒面'],
  ['Pollo a la brasa', 'Rotisserie chicken', '烤鸡'],
  ['Causa', 'Causa', '土豆饼'],
  ['Anticucho', 'Skewer', '烤串'],
  ['Chicharrón', 'Crispy pork', '炸猪肉'],
  ['Tacu tacu', 'Tacu tacu', '豆饭'],
  ['Seco', 'Stew', '炖菜'],
  ['Jalea', 'Fried seafood', '炸海鲜'],
  ['Sopa', 'Soup', '汤'],
  ['Wantán', 'Wonton', '馄饨'],
  ['Tortilla', 'Omelette', '煎蛋饼'],
  ['Chupe', 'Chowder', '浓汤'],
  ['Rocoto relleno', 'Stuffed pepper', '酿辣椒'],
  ['Tamal', 'Tamale', '玉米粽'],
  ['Chicha', 'Purple corn drink', '紫玉米汁'],
  ['Jugo', 'Juice', '果汁'],
];
const STYLES: [es: string, en: string, zh: string][] = [
  ['de pescado', 'with fish', '鱼'],
  ['de pollo', 'with chicken', '鸡'],
  ['de res', 'with beef', '牛肉'],
  ['de cerdo', 'with pork', '猪肉'],
  ['de mariscos', 'with seafood', '海鲜'],
  ['de verduras', 'with vegetables', '蔬菜'],
  ['mixto', 'mixed', '什锦'],
  ['especial', 'special', '特色'],
  ['clásico', 'classic', '经典'],
  ['picante', 'spicy', '辣'],
  ['a lo pobre', 'with egg and plantain', '加蛋和香蕉'],
  ['norteño', 'northern style', '北方风味'],
  ['limeño', 'Lima style', '利马风味'],
  ['chifa', 'chifa style', '中式'],
  ['con papas', 'with potatoes', '配土豆'],
  ['con arroz', 'with rice', '配米饭'],
  ['al wok', 'wok-fried', '爆炒'],
  ['a la plancha', 'grilled', '铁板'],
  ['al horno', 'baked', '烤'],
  ['de la casa', 'house style', '招牌'],
];

export const CATEGORY_COUNT = 12;

/** The menu.import payload of an `n`-product menu (codes 1000, 1001, …). */
export function bigMenu(n: number, seed = 2000): CommandPayload<'menu.import'> {
  const random = rng(seed);
  const categories: Category[] = Array.from({ length: CATEGORY_COUNT }, (_, i) => ({
    id: `bc-${i}`,
    names: { es: `Categoría ${i + 1}`, en: `Category ${i + 1}`, zh: `分类 ${i + 1}` },
    sort: i,
  }));
  const products: ImportProduct[] = [];
  for (let i = 0; i < n; i++) {
    const d = DISHES[i % DISHES.length]!;
    const st = STYLES[Math.floor(i / DISHES.length) % STYLES.length]!;
    const round = Math.floor(i / (DISHES.length * STYLES.length));
    const suffix = round ? ` ${round + 1}` : '';
    const price = 500 + Math.floor(random() * 60) * 50;
    const sized = i % 10 === 3;
    const counted = i % 5 === 1;
    products.push({
      id: `bp-${i}`,
      code: String(1000 + i),
      names: { es: `${d[0]} ${st[0]}${suffix}`, en: `${st[1]} ${d[1]}${suffix}`.replace(/^./, (c) => c.toUpperCase()), zh: `${st[2]}${d[2]}${suffix}` },
      categoryId: `bc-${i % CATEGORY_COUNT}`,
      priceCents: price,
      sort: i,
      vipPriceCents: i % 7 === 0 ? price - 200 : null,
      specs: sized
        ? [
            { id: `bp-${i}-s`, names: { es: 'Personal', en: 'Single', zh: '单人份' }, priceCents: price, vipPriceCents: null, soldOut: false },
            { id: `bp-${i}-l`, names: { es: 'Familiar', en: 'Family', zh: '家庭份' }, priceCents: price * 2, vipPriceCents: null, soldOut: false },
          ]
        : [],
      usesInventory: counted,
      lowStock: counted ? 5 : 0,
      stock: counted ? Math.floor(random() * 40) : 0,
      soldOut: i % 37 === 0,
      listed: i % 53 !== 0,
    });
  }
  return { categories, stations: [], products };
}

/** Typing a search one key at a time, as staff do: every prefix of each word. */
export const SEARCH_WORDS = ['ceviche', 'pollo', 'chicken', 'wok', '1234', '鸡', '炒饭', 'aji', 'mariscos'];

export function keystrokes(words: readonly string[] = SEARCH_WORDS): string[] {
  return words.flatMap((w) => Array.from(w, (_, i) => w.slice(0, i + 1)));
}
