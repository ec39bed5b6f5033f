import type { Command } from '#protocol';
import { command, P, product } from '../test-fixtures.ts';

/** Sample commands of every goods command type, for the purity test (../purity.test.ts); dishes of the menu fixture. */
export const SAMPLES: Command[] = [
  command('category.save', { id: 'cat-new', names: { es: 'Nueva', en: '', zh: '' }, sort: 9 }),
  command('category.save', { id: 'cat-new', names: { es: '', en: '', zh: '' }, sort: 9 }),
  command('product.save', product('p-new', '777', 1234)),
  command('product.save', product(P.lomo.id, P.lomo.code, 9999)),
  command('product.save', product('p-dup', P.lomo.code, 1)),
  command('product.setSoldOut', { productId: P.ceviche.id, soldOut: true }),
  command('product.setListed', { productId: P.ceviche.id, listed: false }),
  command('product.save', product('p-stock', '778', 500, { usesInventory: true, specs: [{ id: 's1', names: { es: 'Grande', en: '', zh: '' }, priceCents: 900, vipPriceCents: null, soldOut: false }] })),
  command('product.setSpecSoldOut', { productId: P.lomo.id, specId: 's1', soldOut: true }),
  command('product.setMany', { productIds: [P.ceviche.id, P.agua.id], soldOut: true }),
  command('product.setMany', { productIds: [P.ceviche.id], listed: true }),
  command('product.adjustStock', { productId: P.lomo.id, op: 'add', qty: 3, reason: 'compra' }),
  command('category.reorder', { ids: ['cat-drinks', 'cat-food'] }),
  command('menu.saveStations', { stations: [{ id: 'st-bar', name: 'Bar' }] }),
  command('menu.saveRemarks', { remarks: [{ id: 'r1', names: { es: 'Sin hielo', en: 'No ice', zh: '去冰' } }] }),
  command('menu.import', { categories: [{ id: 'cat-x', names: { es: 'X', en: '', zh: '' }, sort: 5 }], stations: [], products: [{ ...product('p-imp', '900', 100, { categoryId: 'cat-x' }), stock: 4 }] }),
];
