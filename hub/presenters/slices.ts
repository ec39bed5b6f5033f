import type { Product, Role, Settings, Staff, State } from '#protocol';
import { emptyState } from '#domain';
import { setOwn } from '#hub/domain/records.ts';
import { withoutAmounts, withoutAmountsFor } from './amounts.ts';
import { presentRiders } from './riders.ts';
import { presentTakeouts } from './takeouts.ts';
import { holds, type Viewer } from './viewer.ts';

/** How one slice of the state leaves the hub for a viewer: whole, shaped, or as its empty value. */
type SliceRule<K extends keyof State> = (value: State[K], viewer: Viewer) => State[K];

const everyone = <T>(value: T): T => value;
/**
 * Data never in the live state, so never in a snapshot: each is served over
 * HTTP with paging to those who may read it, beside the page that shows it
 * (jobs: the hub's job table, whose counts devices get as the job board, job-board.ts).
 * presenters.test.ts fails if one of these names becomes a slice of State.
 */
export const ON_DEMAND = ['stockMoves', 'activity', 'bills', 'jobs', 'members', 'coupons', 'reservations', 'deliveries', 'reports'] as const;
/** Whole to holders of one of the aliases, empty for everyone else. */
const holdersOf =
  <K extends keyof State>(key: K, ...aliases: Parameters<typeof holds>[1][]): SliceRule<K> =>
  (value, viewer) =>
    holds(viewer, ...aliases) ? value : emptyState()[key];

/** Whether this viewer sees the staff page's data (everyone's flags, every role, alerts). */
export const managesStaff = (viewer: Viewer) => holds(viewer, 'staff');
/** Whether this viewer sees every role (to give one, or edit them). */
export const seesRoles = (viewer: Viewer) => holds(viewer, 'staff', 'roles');
/** Whether this viewer sees the names the hub may be opened by (a security setting). */
export const seesHostNames = (viewer: Viewer) => holds(viewer, 'settings', 'staff');

/** Another person's profile as those who do not manage staff see it: name, number and role, no flags. */
export function publicStaff(staff: Staff): Staff {
  return { ...staff, disabled: false, hasPin: false, hasPassword: false };
}

/** Whether this viewer receives the riders slice and its events. */
export const seesRiders = (viewer: Viewer) => holds(viewer, 'M005', 'payment', 'M006', 'staff');

/** Whether this viewer edits dishes (goods management): the only page that shows when a dish was created and changed. */
export const managesGoods = (viewer: Viewer) => holds(viewer, 'M015');

/** A dish without its creation and change times ('' is their packed default: they cost nothing on the wire). */
export function withoutTimes(product: Product): Product {
  return { ...product, createdAt: '', modifiedAt: '' };
}

/** Settings without the host names for those who do not set them. */
export function publicSettings(settings: Settings): Settings {
  return { ...settings, hostNames: [] };
}

/**
 * Every slice of the state and who receives it. Typed over every key of
 * State: a new slice does not compile until someone decides who may see it
 * (and presenters.test.ts fails on a key the table lacks at run time). A key
 * missing from this table never leaves the hub.
 */
export const SLICE_RULES: { [K in keyof State]: SliceRule<K> } = {
  restaurant: everyone,
  categories: everyone,
  // The times show only on the goods page; 2,000 dishes carry 160 KB of them.
  products: (products, viewer) => {
    if (managesGoods(viewer)) return products;
    const out: Record<string, Product> = {};
    for (const [id, p] of Object.entries(products)) setOwn(out, id, withoutTimes(p));
    return out;
  },
  menuSettings: everyone,
  areas: everyone,
  tables: everyone,
  orders: everyone,
  exchangeRate: everyone,
  counters: everyone,
  // Queue numbers are called by whoever works the floor (M010); names and phones are what the guests gave for that.
  queue: everyone,
  settings: (settings, viewer) => (seesHostNames(viewer) ? settings : publicSettings(settings)),
  staff: (staff, viewer) => {
    if (managesStaff(viewer)) return staff;
    const out: Record<string, Staff> = {};
    for (const [id, s] of Object.entries(staff)) out[id] = id === viewer.staffId ? s : publicStaff(s);
    return out;
  },
  roles: (roles, viewer) => {
    if (seesRoles(viewer)) return roles;
    // A device needs its own role: its aliases gate the menu and buttons, its name shows in the corner.
    const out: Record<string, Role> = {};
    const own = viewer.roleId !== null && Object.hasOwn(roles, viewer.roleId) ? roles[viewer.roleId] : undefined;
    if (own) out[own.id] = own;
    return out;
  },
  alerts: holdersOf('alerts', 'staff'),
  // Guests' names and phones: to those who work the tables (the map shows a table reserved soon).
  upcomingReservations: holdersOf('upcomingReservations', 'M001'),
  reservationNo: everyone,
  // Hung-up orders, like open orders (a hang-up moves one from orders to parked, so both must reach the same devices).
  parked: everyone,
  parkedNo: everyone,
  // Printers (no secrets in them) and their status to everyone: waiters need the kitchen printer's state.
  printers: everyone,
  printerStatus: everyone,
  // Kitchen tickets on screens: to those who may bump them (M001, which the kitchen role holds).
  kitchenDisplay: holdersOf('kitchenDisplay', 'M001'),
  // Fiscal settings (no secret in them: the certificate and SOL password are never state) and the series' counters: to those who settle or set them.
  fiscal: holdersOf('fiscal', 'payment', 'settings'),
  fiscalNumbers: holdersOf('fiscalNumbers', 'payment', 'settings'),
  // Boletas waiting for their daily summary: the e-invoicing page's count, to those who set it up.
  pendingSummary: holdersOf('pendingSummary', 'settings'),
  // Voids and refunds of closed bills: to those who may make them or read the bills, and to cashiers
  // (M006), whose open shift's totals the same event moves on (a replica must fold what the hub folds).
  billCorrections: holdersOf('billCorrections', 'refund', 'M003', 'settings', 'M006'),
  // The open shift, its float, movements and running totals: to those who work the drawer (M006).
  openShift: holdersOf('openShift', 'M006'),
  // Today's bookkeeping entries (amounts, who paid what): to those who keep the book (M007).
  tallyEntries: holdersOf('tallyEntries', 'M007'),
  // Open on-account debts (who owes what, their phone): to those who read bills (M003), take payment,
  // or work a drawer (M006), whose open shift's totals a debt's payment moves on. Left out (not
  // emptied) for everyone else: every device folds `order.settled`, and its applier opens a debt only
  // in a replica that has the slice (hub/domain/account/debts.ts), as a shift's totals need an open shift.
  accounts: (value, viewer) => (holds(viewer, 'M003', 'payment', 'M006') ? value : (undefined as unknown as State['accounts'])),
  // Riders' profiles, deliveries and cash held (hub/domain/riders): to riders and delivery (M005), the till that takes
  // their cash (payment), the drawer's shift (M006) and who edits them (staff). Left out (not emptied) for everyone else,
  // as `accounts`: `order.settled` moves a rider's cash only in a replica that has the slice. A rider-only role gets
  // their own profile alone (riders.ts): other riders' phones and cash held are the dispatcher's.
  riders: (value, viewer) => (seesRiders(viewer) ? presentRiders(value, viewer) : (undefined as unknown as State['riders'])),
  // Take-away and delivery (takeouts.ts): M002, M005 and payment; personal data to M005/payment; a rider only theirs.
  takeouts: presentTakeouts,
  // The day's code counters and the intake index: the hub's alone (it numbers and deduplicates), left out for every
  // device; the appliers change them only in a state that has them (a device's optimistic code is replaced by the hub's).
  takeoutCounters: () => undefined as unknown as State['takeoutCounters'],
  takeoutIntakeKeys: () => undefined as unknown as State['takeoutIntakeKeys'],
  // Open refunds (hub/domain/refunds; the guest's contact phone among them): to those who decide and pay them
  // (refund), take payment, work delivery (M005, whose order detail shows them) or read bills (M003).
  refunds: holdersOf('refunds', 'refund', 'payment', 'M005', 'M003'),
  refundOfBill: holdersOf('refundOfBill', 'refund', 'payment', 'M005', 'M003'),
  refundNo: everyone,
  // Members (issue 22): the hub's alone, left out for every device, M004 holders included: they read members through
  // the M004 routes (paged), never a 20,000-member replica. The appliers change them only in a state that has them.
  members: () => undefined as unknown as State['members'],
  memberByPhone: () => undefined as unknown as State['memberByPhone'],
  memberByNo: () => undefined as unknown as State['memberByNo'],
  memberByDoc: () => undefined as unknown as State['memberByDoc'],
  memberCounters: () => undefined as unknown as State['memberCounters'],
  // Coupons (issue 22): the hub's alone, batches too (a device reads them through the M004 routes /api/coupons*).
  coupons: () => undefined as unknown as State['coupons'],
  couponBatches: () => undefined as unknown as State['couponBatches'],
};

/** The state as this viewer may see it: each slice through its rule, slices without one left out. */
export function presentState(state: State, viewer: Viewer): State {
  const out: Partial<Record<keyof State, unknown>> = {};
  for (const key of Object.keys(SLICE_RULES) as (keyof State)[]) {
    if (!Object.hasOwn(state, key)) continue;
    const rule = SLICE_RULES[key] as (value: unknown, viewer: Viewer) => unknown;
    out[key] = rule(state[key], viewer);
  }
  return (withoutAmountsFor(viewer) ? withoutAmounts(out) : out) as State;
}
