import type { Names, Product, ProductInput, Spec, State } from '#protocol';
import { parseCents } from '#hub/domain/money.ts';

/**
 * The product form as typed (strings, so a half-typed price stays as typed),
 * its checks, and the ProductInput it becomes. Pure, so it is unit-tested
 * and the same rules the hub applies are shown before sending.
 */

export type SpecForm = { id: string; es: string; en: string; zh: string; price: string; vip: string };
export type ProductForm = {
  id: string;
  code: string;
  es: string;
  en: string;
  zh: string;
  categoryId: string;
  price: string;
  vip: string;
  specs: SpecForm[];
  station: string;
  usesInventory: boolean;
  initialStock: string;
  lowStock: string;
  remarks: string;
  sort: string;
};

/** Field keys an error can point at; sizes as `specs.N.price` etc. */
export type FormErrors = Record<string, 'required' | 'price' | 'whole' | 'duplicateCode' | 'name'>;

/** Short tags that tell the three name boxes apart once they are filled in. */
export const LANG_TAG = { es: 'ES', en: 'EN', zh: '中' } as const;
/** The message keys naming each language in the form. */
export const LANG_KEY = { es: 'nameEs', en: 'nameEn', zh: 'nameZh' } as const;

const cents = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));

export function formFromProduct(p: Product): ProductForm {
  return {
    id: p.id,
    code: p.code,
    ...p.names,
    categoryId: p.categoryId,
    price: cents(p.priceCents),
    vip: cents(p.vipPriceCents),
    specs: p.specs.map((s) => ({ id: s.id, ...s.names, price: cents(s.priceCents), vip: cents(s.vipPriceCents) })),
    station: p.station,
    usesInventory: p.usesInventory,
    initialStock: '',
    lowStock: String(p.lowStock),
    remarks: p.remarks.join('; '),
    sort: String(p.sort),
  };
}

/** An empty form for a new product in `categoryId`, placed after that category's last dish. */
export function newForm(state: State, id: string, categoryId: string): ProductForm {
  const sorts = Object.values(state.products).filter((p) => p.categoryId === categoryId).map((p) => p.sort);
  return {
    id,
    code: '',
    es: '',
    en: '',
    zh: '',
    categoryId,
    price: '',
    vip: '',
    specs: [],
    station: '',
    usesInventory: false,
    initialStock: '',
    lowStock: '0',
    remarks: '',
    sort: String(sorts.length ? Math.max(...sorts) + 1 : 0),
  };
}

const whole = (s: string) => (/^\s*\d{1,7}\s*$/.test(s) ? Number(s) : null);

/** What is wrong with the form, by field; empty when it can be sent. */
export function validateForm(f: ProductForm, state: State): FormErrors {
  const e: FormErrors = {};
  const code = f.code.trim().toLowerCase();
  if (!code) e.code = 'required';
  else if (Object.values(state.products).some((p) => p.id !== f.id && p.code.toLowerCase() === code)) e.code = 'duplicateCode';
  if (!f.es.trim() && !f.en.trim() && !f.zh.trim()) e.names = 'name';
  if (!f.categoryId || !state.categories[f.categoryId]) e.categoryId = 'required';
  // With sizes, each size has its price and the dish's own is the lowest of them.
  if (f.specs.length === 0) {
    if (!f.price.trim()) e.price = 'required';
    else if (parseCents(f.price) === null) e.price = 'price';
    if (f.vip.trim() && parseCents(f.vip) === null) e.vip = 'price';
  }
  f.specs.forEach((s, i) => {
    if (!s.es.trim() && !s.en.trim() && !s.zh.trim()) e[`specs.${i}.name`] = 'name';
    if (!s.price.trim()) e[`specs.${i}.price`] = 'required';
    else if (parseCents(s.price) === null) e[`specs.${i}.price`] = 'price';
    if (s.vip.trim() && parseCents(s.vip) === null) e[`specs.${i}.vip`] = 'price';
  });
  if (f.usesInventory && f.initialStock.trim() && whole(f.initialStock) === null) e.initialStock = 'whole';
  if (f.usesInventory && whole(f.lowStock) === null) e.lowStock = 'whole';
  if (!/^\s*-?\d{1,6}\s*$/.test(f.sort)) e.sort = 'whole';
  return e;
}

/**
 * The product.save payload of a valid form; sizes keep their sold-out switch
 * on the hub. A dish with sizes is priced by them: its own price becomes the
 * lowest size price (what the menu shows as "from"), its VIP price none.
 */
export function inputFromForm(f: ProductForm, before: Product | undefined): ProductInput {
  const names = (x: { es: string; en: string; zh: string }): Names => ({ es: x.es.trim(), en: x.en.trim(), zh: x.zh.trim() });
  const vip = (s: string) => (s.trim() ? parseCents(s) : null);
  const sizes = f.specs.map((s) => parseCents(s.price) ?? 0);
  return {
    id: f.id,
    code: f.code.trim(),
    names: names(f),
    categoryId: f.categoryId,
    priceCents: sizes.length ? Math.min(...sizes) : (parseCents(f.price) ?? 0),
    vipPriceCents: sizes.length ? null : vip(f.vip),
    specs: f.specs.map(
      (s): Spec => ({
        id: s.id,
        names: names(s),
        priceCents: parseCents(s.price) ?? 0,
        vipPriceCents: vip(s.vip),
        soldOut: before?.specs.find((o) => o.id === s.id)?.soldOut ?? false,
      }),
    ),
    remarks: f.remarks
      .split(/[;；]/)
      .map((r) => r.trim())
      .filter(Boolean),
    usesInventory: f.usesInventory,
    lowStock: f.usesInventory ? (whole(f.lowStock) ?? 0) : (before?.lowStock ?? 0),
    station: f.station,
    sort: Number(f.sort.trim()),
  };
}

/** The stock to set right after creating a product that tracks stock (0: none). */
export function initialStockOf(f: ProductForm): number {
  return f.usesInventory ? (whole(f.initialStock) ?? 0) : 0;
}
