import type { Alias } from '#protocol';
import { NAV, PATHS } from '../routes.ts';

/** Pages of the left window's sections that are reached from inside them, with the alias they need. */
const INNER: readonly { path: string; alias: Alias }[] = [
  { path: PATHS.dinner, alias: 'M001' },
  { path: PATHS.payment, alias: 'payment' },
  { path: PATHS.settlement, alias: 'payment' },
  { path: PATHS.book, alias: 'M001' },
  // A takeout's payment screen is the cashier's, though it sits under the delivery section (M005).
  { path: PATHS.takeOutPay, alias: 'payment' },
];

/** The sign-in pages and setup: open to anyone, shown without the left window. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([PATHS.root, PATHS.login, PATHS.appLogin, PATHS.numberLogin, PATHS.setup]);

/**
 * Pages anyone may read, signed in or not, without the left window and
 * without being sent elsewhere (SPEC.md: the account-expired notice must
 * reach an expired account; the app download page is for a new phone).
 */
export const OPEN_PATHS: ReadonlySet<string> = new Set([PATHS.expire, PATHS.download]);

/** The alias a route needs, or null when anyone signed in may open it. */
export function aliasForPath(path: string): Alias | null {
  const inner = INNER.find((r) => path === r.path);
  if (inner) return inner.alias;
  const entry = NAV.find((n) => path === n.path);
  if (entry) return entry.alias;
  // The sub-pages of a section (/pages/member/details...) need the section's alias.
  const section = NAV.find((n) => n.path.endsWith('/index') && path.startsWith(n.path.slice(0, -'index'.length)));
  return section?.alias ?? null;
}

/**
 * Where a signed-in person starts: the first section of the left window their role may use. A
 * role whose first section is delivery and who takes no payment is a rider's: their phone opens
 * on their own deliveries (/pages/take_out/rider, issue 21), not on every delivery order.
 */
export function homePath(aliases: ReadonlySet<Alias>): string | null {
  const first = NAV.find((n) => aliases.has(n.alias));
  if (first?.key === 'delivery' && !aliases.has('payment')) return PATHS.takeOutRider;
  return first?.path ?? null;
}
