import type { Alias, State } from '#protocol';

/**
 * The routes of SPEC.md section 2. `nav` entries form the left window, each
 * gated by its menu alias: the signed-in role sees only what it may use.
 */
export const PATHS = {
  root: '/',
  login: '/pages/login/index',
  /** Phones: the PIN alone on an enrolled device (quick switch, idle lock). */
  appLogin: '/pages/app/login',
  /** Phones: staff number, then PIN, on a big keypad. */
  numberLogin: '/pages/app/numberlogin',
  /** Not in SPEC.md: claiming a new hub. */
  setup: '/pages/setup/index',
  /** Not in SPEC.md: staff, roles and security (owner, manager). */
  staff: '/pages/staff/index',
  activity: '/pages/staff/activity',
  tables: '/pages/dining_table/index',
  dinner: '/pages/dining_table/dinner',
  payment: '/pages/dining_table/payment',
  /** Orders hung up to finish later, and adding to one (client/src/pages/dinner). */
  pending: '/pages/dining_table/pending',
  pendingAdd: '/pages/dining_table/pending_add',
  settlement: '/pages/dining_table/settlement',
  book: '/pages/dining_table/book',
  /** SPEC.md: no left window, open to anyone (an expired account must reach it). */
  expire: '/pages/expire/index',
  download: '/pages/app/download',
  goods: '/pages/goods/index',
  /** Not in SPEC.md: failed and maybe-done jobs (owner, manager). */
  jobs: '/pages/jobs/index',
  /** Not in SPEC.md: a kitchen station's screen (`?station=<id>`), its open tickets live. */
  kitchenDisplay: '/pages/kitchen/display',
  /** Not in SPEC.md: the restaurant's name, its areas and tables (owner, manager: `settings`). */
  floor: '/pages/floor/index',
  /** Not in SPEC.md: printers, their status, paper and history (owner, manager). */
  printers: '/pages/printers/index',
  /** Not in SPEC.md: e-invoicing settings, the certificate, where to send (owner, manager: `settings`). */
  fiscal: '/pages/fiscal/index',
  /** Not in SPEC.md: the e-invoices issued, their SUNAT answers and files; voids and refunds (owner, manager: `settings`). */
  fiscalDocuments: '/pages/fiscal/documents',
  /** Not in SPEC.md: the nightly export for the accountant, its files and where they went (owner, manager: `settings`). */
  exports: '/pages/exports/index',
  /** Not in SPEC.md (issue 23): encrypted backups, their passphrase, "back up now" (owner, manager: `settings`; hub/backup/README.md). */
  backup: '/pages/backup/index',
  /** Not in SPEC.md (issue 23): a new program for the box, and what the last update did (owner: `fiscalSecrets`). */
  update: '/pages/update/index',
  /** Not in SPEC.md (issue 23): the box's licence, the code that pays the fee (owner, manager: `settings`; hub/licence/README.md). */
  licence: '/pages/licence/index',
  /** SPEC.md M006: open a shift, cash in and out, close with a count, hand over. */
  shift: '/pages/shift/index',
  /** SPEC.md M007: the daily bookkeeping, income and expenses by business day with the day's summary. */
  tally: '/pages/tally/index',
  /** SPEC.md M003: the closed bills of a range of business days, searched and filtered. */
  bills: '/pages/bill/index',
  /** SPEC.md M003: one closed bill (`?id=&day=`): detail, reprint, void or refund. */
  billDetail: '/pages/bill/indexone',
  /** SPEC.md M003 (issue 12): bills settled on account, by person; collect later or write off. */
  billAccount: '/pages/bill/account',
  /** SPEC.md M014: the order report, charts and tables of a range of business days, and its XLSX. */
  collect: '/pages/collect/index',
  /** Not in SPEC.md (issue 21): the rider's phone: their delivery orders, picked up, delivered (M005, under the delivery section). */
  takeOutRider: '/pages/take_out/rider',
  /** Not in SPEC.md (issue 21): SPEC.md's rider fields for staff with the rider role (gate `staff`, under the staff section). */
  riders: '/pages/staff/riders',
  /** Not in SPEC.md (issue 21): the intake API's channels (web shops), their keys and how to call it (owner, manager: `settings`). */
  intake: '/pages/intake/index',
  /** SPEC.md M002: take-away at the counter, the fast ordering screen (client/src/pages/counter). */
  counter: '/pages/oder_food/index',
  /** SPEC.md M002: today's counter orders: preparing, ready, to be paid; mark ready, take payment, hand over. */
  counterOrders: '/pages/oder_food/order',
  /** SPEC.md M002: the payment of a counter order (`?orderId=`), the dine-in payment screen. */
  counterPay: '/pages/oder_food/oderfood_pay',
  /** Not in SPEC.md (issue 21): the pickup board for a screen at the counter, no left window. */
  counterBoard: '/pages/oder_food/board',
  /** SPEC.md M005: take-away and delivery orders by status, their detail and actions (client/src/pages/delivery). */
  takeOut: '/pages/take_out/index',
  /** Not in SPEC.md: a new order taken on the phone (M005, under the delivery section). */
  takeOutNew: '/pages/take_out/new',
  /** Not in SPEC.md: more dishes on an unpaid takeout (`?id=`; M005 section, `takeout.addLines` is M002's). */
  takeOutAdd: '/pages/take_out/add',
  /** Not in SPEC.md: a takeout's payment (`?orderId=`), the dine-in payment screen, back to the delivery order. */
  takeOutPay: '/pages/take_out/pay',
  /** SPEC.md M004: the member directory; its other pages are in client/src/pages/member/member-paths.ts. */
  members: '/pages/member/index',
} as const;

export type NavEntry = {
  key: 'tables' | 'takeaway' | 'bills' | 'members' | 'delivery' | 'shift' | 'tally' | 'report' | 'goods' | 'staff' | 'activity' | 'jobs' | 'floor' | 'printers' | 'fiscal' | 'fiscalDocuments' | 'exports' | 'backup' | 'intake' | 'kitchen' | 'update' | 'licence';
  path: string;
  alias: Alias;
  /** Shown only while the restaurant has what the page is for (the kitchen display: a screen among the printers). */
  shownWhen?: (state: State) => boolean;
};

/** Whether a kitchen screen is set up (Printers page, connection "screen"): only then is its page in the menu. */
const hasKitchenScreen = (state: State) => Object.values(state.printers ?? {}).some((p) => p.connection.type === 'screen');

export const NAV: readonly NavEntry[] = [
  { key: 'tables', path: PATHS.tables, alias: 'M001' },
  { key: 'kitchen', path: PATHS.kitchenDisplay, alias: 'M001', shownWhen: hasKitchenScreen },
  { key: 'takeaway', path: PATHS.counter, alias: 'M002' },
  { key: 'bills', path: PATHS.bills, alias: 'M003' },
  { key: 'members', path: PATHS.members, alias: 'M004' },
  { key: 'delivery', path: PATHS.takeOut, alias: 'M005' },
  { key: 'shift', path: PATHS.shift, alias: 'M006' },
  { key: 'tally', path: PATHS.tally, alias: 'M007' },
  { key: 'report', path: PATHS.collect, alias: 'M014' },
  { key: 'goods', path: PATHS.goods, alias: 'M015' },
  { key: 'staff', path: PATHS.staff, alias: 'staff' },
  { key: 'activity', path: PATHS.activity, alias: 'staff' },
  { key: 'floor', path: PATHS.floor, alias: 'settings' },
  { key: 'jobs', path: PATHS.jobs, alias: 'settings' },
  { key: 'printers', path: PATHS.printers, alias: 'settings' },
  { key: 'fiscal', path: PATHS.fiscal, alias: 'settings' },
  { key: 'fiscalDocuments', path: PATHS.fiscalDocuments, alias: 'settings' },
  { key: 'exports', path: PATHS.exports, alias: 'settings' },
  { key: 'backup', path: PATHS.backup, alias: 'settings' },
  { key: 'intake', path: PATHS.intake, alias: 'settings' },
  { key: 'update', path: PATHS.update, alias: 'fiscalSecrets' },
  { key: 'licence', path: PATHS.licence, alias: 'settings' },
];

/** Every other route of SPEC.md that exists but is not built yet: shown as "not available yet". */
export const PLANNED_ROUTES: readonly string[] = [
  ...NAV.filter((n) => n.key !== 'tables' && n.key !== 'members' && n.key !== 'takeaway' && n.key !== 'bills' && n.key !== 'goods' && n.key !== 'staff' && n.key !== 'activity' && n.key !== 'jobs' && n.key !== 'floor' && n.key !== 'printers' && n.key !== 'fiscal' && n.key !== 'fiscalDocuments' && n.key !== 'exports' && n.key !== 'backup' && n.key !== 'intake' && n.key !== 'kitchen' && n.key !== 'shift' && n.key !== 'tally' && n.key !== 'report' && n.key !== 'delivery' && n.key !== 'update' && n.key !== 'licence').map((n) => n.path),
];
