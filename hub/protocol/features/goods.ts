import { z } from 'zod';
import { centsSchema, namesSchema, shortText, type Names } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema, optionalIdSchema } from '../ids.ts';

/**
 * The menu as goods management sees it (issue 4, SPEC.md section 3 Product,
 * Dish specification, Custom dish): products with sizes, VIP prices, stock,
 * kitchen stations and remark presets. Money is integer céntimos.
 */

const text = (max: number) => z.string().trim().max(max);

/** A menu category (entradas, fondos, bebidas...), in the three languages, in the order shown. */
export const categorySchema = z.object({ id: idSchema, names: namesSchema, sort: z.int() });
export type Category = z.infer<typeof categorySchema>;
/** Stock counts whole portions; a kitchen that counts kilos counts portions of them. */
export const stockQtySchema = z.int().min(0).max(1_000_000);
/** An optional VIP (member) price; null means members pay the normal price. */
export const vipCentsSchema = centsSchema.nullable();

/** A size or variant of a dish (e.g. "Personal", "Fuente"), with its own prices and sold-out switch. */
export const specSchema = z.object({
  id: idSchema,
  names: namesSchema,
  priceCents: centsSchema,
  vipPriceCents: vipCentsSchema,
  soldOut: z.boolean(),
});
export type Spec = z.infer<typeof specSchema>;

/** A kitchen station (hot kitchen, bar, grill) where a dish's tickets will print. */
export const stationSchema = z.object({ id: idSchema, name: text(40).min(1) });
export type Station = z.infer<typeof stationSchema>;

/** A remark a waiter can tap ("sin culantro"), in the three languages. */
export const remarkPresetSchema = z.object({ id: idSchema, names: namesSchema });
export type RemarkPreset = z.infer<typeof remarkPresetSchema>;

/** A product's own quick remarks ("sin hielo" for a drink), shown as typed. */
export const productRemarksSchema = z.array(text(40).min(1)).max(20);

/**
 * What a device sends to create or edit a product. The fields after `sort`
 * are optional so that an older caller (or a partial edit) keeps what the
 * product already has; `soldOut` and `listed` are normally left out by the
 * edit form, so a stale form can never undo a sold-out set meanwhile.
 * Stock is never set here: it changes by sales, returns and adjustments.
 */
export const productInputSchema = z.object({
  id: idSchema,
  code: text(32),
  names: namesSchema,
  categoryId: idSchema,
  priceCents: centsSchema,
  sort: z.int().min(-1_000_000).max(1_000_000),
  vipPriceCents: vipCentsSchema.optional(),
  specs: z.array(specSchema).max(20).optional(),
  remarks: productRemarksSchema.optional(),
  usesInventory: z.boolean().optional(),
  lowStock: stockQtySchema.optional(),
  station: optionalIdSchema.optional(),
  soldOut: z.boolean().optional(),
  listed: z.boolean().optional(),
});
export type ProductInput = z.infer<typeof productInputSchema>;

/** A product in the live state: everything a device needs to show and sell it. */
export type Product = {
  id: string;
  /** Dish number / SKU, unique without regard to letter case. */
  code: string;
  names: Names;
  categoryId: string;
  priceCents: number;
  vipPriceCents: number | null;
  /** Sizes; when there are any, an order line must name one (its price wins). */
  specs: Spec[];
  remarks: string[];
  usesInventory: boolean;
  /** Portions in stock; meaningful only when usesInventory. */
  stock: number;
  /** Alert at or below this many portions (0: no alert). */
  lowStock: number;
  /** Station id ('' = none yet). */
  station: string;
  soldOut: boolean;
  /** True when soldOut was set by stock reaching zero (lifted again by a restock), false when by a person. */
  autoSoldOut: boolean;
  listed: boolean;
  sort: number;
  /** Hub time. */
  createdAt: string;
  modifiedAt: string;
};

/** A manual change of stock (or one set by an import): who, when, why. */
export type StockMove = {
  productId: string;
  /** Portions added (negative: removed). */
  delta: number;
  /** Stock after the move. */
  stock: number;
  reason: string;
  at: string;
  staffId: string | null;
};

/** The restaurant's menu settings: kitchen stations and the remark presets every dish offers. */
export type MenuSettings = { stations: Station[]; remarks: RemarkPreset[] };

/** How a stock adjustment is expressed: add a delivery, remove waste, or set a count. */
export const STOCK_OPS = ['add', 'remove', 'set'] as const;

/** One product in an import: a product input plus its stock (used only when the product is new). */
export const importProductSchema = productInputSchema.extend({ stock: stockQtySchema.optional() });
export type ImportProduct = z.infer<typeof importProductSchema>;

/** Payload schemas of the goods commands. */
const goodsCommandPayloads = {
  'category.save': categorySchema,
  'product.save': productInputSchema,
  'product.setSoldOut': z.object({ productId: idSchema, soldOut: z.boolean() }),
  'product.setListed': z.object({ productId: idSchema, listed: z.boolean() }),
  'category.reorder': z.object({ ids: z.array(idSchema).min(1).max(500) }),
  'product.setSpecSoldOut': z.object({ productId: idSchema, specId: idSchema, soldOut: z.boolean() }),
  /** Bulk switch from the goods list: several products sold out / available, or delisted / relisted. */
  'product.setMany': z
    .object({ productIds: z.array(idSchema).min(1).max(5000), soldOut: z.boolean().optional(), listed: z.boolean().optional() })
    .refine((p) => p.soldOut !== undefined || p.listed !== undefined, { path: ['soldOut'] }),
  'product.adjustStock': z.object({ productId: idSchema, op: z.enum(STOCK_OPS), qty: stockQtySchema, reason: shortText }),
  'menu.saveStations': z.object({ stations: z.array(stationSchema).max(30) }),
  'menu.saveRemarks': z.object({ remarks: z.array(remarkPresetSchema).max(40) }),
  /** The whole-menu import: one command, one log record, all or nothing. */
  'menu.import': z.object({
    categories: z.array(z.object({ id: idSchema, names: namesSchema, sort: z.int() })).max(500),
    stations: z.array(stationSchema).max(30),
    products: z.array(importProductSchema).max(5000),
  }),
} as const;

/** Events of goods management. */
export type GoodsEvent =
  | { type: 'category.saved'; category: Category }
  | { type: 'product.saved'; product: Product }
  /** `auto`: set by stock reaching zero, or lifted by a restock; absent when a person did it. */
  | { type: 'product.soldOutSet'; productId: string; soldOut: boolean; auto?: boolean }
  | { type: 'product.listedSet'; productId: string; listed: boolean }
  | { type: 'product.specSoldOutSet'; productId: string; specId: string; soldOut: boolean }
  | { type: 'product.manySet'; productIds: string[]; soldOut?: boolean; listed?: boolean }
  /** Stock moved by a sale, a removed line or a return to inventory (the line event is in the same record). */
  | { type: 'product.stockChanged'; productId: string; delta: number; stock: number }
  | { type: 'product.stockAdjusted'; move: StockMove }
  | { type: 'menu.stationsSaved'; stations: Station[] }
  | { type: 'menu.remarksSaved'; remarks: RemarkPreset[] }
  | { type: 'menu.imported'; categories: Category[]; stations: Station[]; products: Product[]; moves: StockMove[] };

/** The goods slice of the live state: the menu. */
export type GoodsState = {
  categories: Record<string, Category>;
  products: Record<string, Product>;
  /** Kitchen stations and the restaurant's remark presets. */
  menuSettings: MenuSettings;
};

/** Goods management (M015): the menu, sizes, stock, stations, remark presets, the menu import. */
export const goodsProtocol = defineProtocol<GoodsEvent, GoodsState>()({
  name: 'goods',
  commands: goodsCommandPayloads,
  aliases: {
    'category.save': 'M015',
    'category.reorder': 'M015',
    'product.save': 'M015',
    'product.setSoldOut': 'M015',
    'product.setListed': 'M015',
    'product.setSpecSoldOut': 'M015',
    'product.setMany': 'M015',
    'product.adjustStock': 'M015',
    'menu.saveStations': 'M015',
    'menu.saveRemarks': 'M015',
    'menu.import': 'M015',
  },
  errors: { PRODUCT_UNAVAILABLE: 409, INSUFFICIENT_STOCK: 409, SPEC_REQUIRED: 400, IN_USE: 409 },
});
