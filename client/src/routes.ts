/**
 * The routes of SPEC.md section 2. `nav` entries form the left window, each
 * gated by its menu alias (sign-in will hide what a role may not use).
 */
export const PATHS = {
  root: '/',
  login: '/pages/login/index',
  tables: '/pages/dining_table/index',
  dinner: '/pages/dining_table/dinner',
  payment: '/pages/dining_table/payment',
} as const;

export type NavEntry = { key: 'tables' | 'takeaway' | 'bills' | 'members' | 'delivery' | 'shift' | 'tally' | 'report' | 'goods'; path: string; alias: string };

export const NAV: readonly NavEntry[] = [
  { key: 'tables', path: PATHS.tables, alias: 'M001' },
  { key: 'takeaway', path: '/pages/oder_food/index', alias: 'M002' },
  { key: 'bills', path: '/pages/bill/index', alias: 'M003' },
  { key: 'members', path: '/pages/member/index', alias: 'M004' },
  { key: 'delivery', path: '/pages/take_out/index', alias: 'M005' },
  { key: 'shift', path: '/pages/shift/index', alias: 'M006' },
  { key: 'tally', path: '/pages/tally/index', alias: 'M007' },
  { key: 'report', path: '/pages/collect/index', alias: 'M014' },
  { key: 'goods', path: '/pages/goods/index', alias: 'M015' },
];

/** Every other route of SPEC.md that exists but is not built yet: shown as "not available yet". */
export const PLANNED_ROUTES: readonly string[] = [
  '/pages/dining_table/pending',
  '/pages/dining_table/pending_add',
  '/pages/dining_table/book',
  '/pages/dining_table/settlement',
  '/pages/oder_food/order',
  '/pages/oder_food/oderfood_pay',
  '/pages/bill/indexone',
  ...['details', 'details_coupon', 'coupon_merchant', 'details_merchant', 'recharge', 'recharge_merchant', 'consume', 'consume_merchant'].map(
    (p) => `/pages/member/${p}`,
  ),
  '/pages/expire/index',
  '/pages/app/login',
  '/pages/app/numberlogin',
  '/pages/app/download',
  ...NAV.filter((n) => n.key !== 'tables').map((n) => n.path),
];
