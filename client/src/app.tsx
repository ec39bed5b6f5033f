import { Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { ApprovalDialog } from './auth/ApprovalDialog.tsx';
import { AuthGate } from './auth/AuthGate.tsx';
import { RouteGate } from './auth/RouteGate.tsx';
import { ActivityPage, DinnerPage, GoodsPage, JobsPage, PageLoading, type LazyPage, PaymentPage, PendingAddPage, PendingPage, SettlementPage, SetupPage, StaffPage, TablesPage } from './lazy-pages.tsx';
import { BookPage, DownloadPage, ExpirePage, KitchenDisplayPage } from './lazy-pages.tsx';
import { DocumentsPage, FiscalPage, OutboxBanner, PrintersPage, ShiftPage, TallyPage } from './lazy-pages.tsx';
import { ExportsPage, FloorPage } from './lazy-pages.tsx';
import { BillDetailPage, BillsPage } from './lazy-pages.tsx';
import { CollectPage } from './lazy-pages.tsx';
import { AccountPage } from './lazy-pages.tsx';
import { AddDishesPage, DeliveryPage, NewPhoneOrderPage, TakeoutPayPage } from './lazy-pages.tsx';
import { KitchenReadySignal } from './lazy-pages.tsx';
import { IntakePage, NewTakeoutNotice } from './lazy-pages.tsx';
import { UpdatePage } from './lazy-pages.tsx';
import { BackupPage } from './lazy-pages.tsx';
import { BackupReminder, LicenceBanner, LicencePage } from './lazy-pages.tsx';
import { RiderPage, RidersPage } from './lazy-pages.tsx';
import { ConsumeMerchantPage, CouponDetailsPage, CouponMerchantPage, DetailsMerchantPage, MemberConsumePage, MemberPage, MembersPage, RechargeMerchantPage, RechargePage } from './lazy-pages.tsx';
import { MEMBER_PATHS } from './pages/member/member-paths.ts';
import { COUPON_PATHS } from './pages/member/coupons/coupon-paths.ts';
import { CounterOrderPage, CounterOrdersPage, CounterPayPage, PickupBoardPage } from './lazy-pages.tsx';
import { useAliases } from './auth/aliases.ts';
import { aliasForPath } from './auth/route-alias.ts';
import type { Alias } from '#protocol';
import { LoginPage } from './pages/login/LoginPage.tsx';
import { NumberLoginPage } from './pages/login/NumberLoginPage.tsx';
import { PinLoginPage } from './pages/login/PinLoginPage.tsx';
import { NotAvailable } from './pages/misc/NotAvailable.tsx';
import { GoodsBadge } from './pages/goods/GoodsBadge.tsx';
import { StationAlert } from './pages/printers/StationAlert.tsx';
import { AlertBanner } from './pages/staff/AlertsPanel.tsx';
import { PATHS, PLANNED_ROUTES } from './routes.ts';
import { Layout } from './ui/Layout.tsx';
import { PrinterAlert } from './ui/PrinterAlert.tsx';

/**
 * Hash routes of SPEC.md section 2; unknown routes go back to the root. The
 * sign-in pages and setup have no left window; every other page is shown
 * only to a role holding its alias.
 */
export function App() {
  return (
    <Router hook={useHashLocation}>
      <AuthGate>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path={PATHS.root} component={LoginPage} />
            <Route path={PATHS.login} component={LoginPage} />
            <Route path={PATHS.appLogin} component={PinLoginPage} />
            <Route path={PATHS.numberLogin} component={NumberLoginPage} />
            <Route path={PATHS.setup} component={SetupPage} />
            {/* SPEC.md: no left window, and no sign-in needed. */}
            <Route path={PATHS.expire} component={ExpirePage} />
            <Route path={PATHS.download} component={DownloadPage} />
            {/* The pickup board: a screen at the counter, signed in (M002), without the left window. */}
            <Route path={PATHS.counterBoard}>
              <RouteGate>
                <PickupBoardPage />
              </RouteGate>
            </Route>
            <Route>
              <SignedInPages />
            </Route>
          </Switch>
        </Suspense>
      </AuthGate>
      {/* A manager's approval on this device, whichever page the refused command came from. */}
      <ApprovalDialog />
    </Router>
  );
}

/** Badges features put beside their left-window entry; with the banners below, the frame's slots (shared ui imports no page). */
const NAV_BADGES = { goods: <GoodsBadge /> } as const;

/**
 * What only holders of `settings` (owners, managers) see in the frame: the
 * e-invoicing banner, whose file is fetched only then (never on the sign-in
 * page, never on a waiter's phone); while it loads, nothing shows.
 */
function SettingsOnly(props: { children: ReactNode }) {
  const aliases = useAliases();
  if (!aliases.has('settings')) return null;
  return <Suspense fallback={null}>{props.children}</Suspense>;
}

/**
 * The pages inside the left window, by address. One table for the router and for `preloadPageOf`
 * (main.tsx fetches the opened page's file with the language, so it shows without a "loading" frame).
 */
const SIGNED_IN_PAGES: readonly (readonly [string, LazyPage])[] = [
  [PATHS.tables, TablesPage],
  [PATHS.dinner, DinnerPage],
  [PATHS.pending, PendingPage],
  [PATHS.pendingAdd, PendingAddPage],
  [PATHS.payment, PaymentPage],
  [PATHS.book, BookPage],
  [PATHS.settlement, SettlementPage],
  [PATHS.goods, GoodsPage],
  [PATHS.staff, StaffPage],
  [PATHS.activity, ActivityPage],
  [PATHS.jobs, JobsPage],
  [PATHS.floor, FloorPage],
  [PATHS.printers, PrintersPage],
  [PATHS.fiscal, FiscalPage],
  [PATHS.fiscalDocuments, DocumentsPage],
  [PATHS.exports, ExportsPage],
  [PATHS.intake, IntakePage],
  [PATHS.backup, BackupPage],
  [PATHS.update, UpdatePage],
  [PATHS.licence, LicencePage],
  [PATHS.shift, ShiftPage],
  [PATHS.tally, TallyPage],
  [PATHS.bills, BillsPage],
  [PATHS.billDetail, BillDetailPage],
  [PATHS.billAccount, AccountPage],
  [PATHS.collect, CollectPage],
  [PATHS.kitchenDisplay, KitchenDisplayPage],
  [PATHS.takeOutRider, RiderPage],
  [PATHS.riders, RidersPage],
  [MEMBER_PATHS.index, MembersPage],
  [MEMBER_PATHS.details, MemberPage],
  [MEMBER_PATHS.recharge, RechargePage],
  [MEMBER_PATHS.consume, MemberConsumePage],
  [MEMBER_PATHS.rechargeMerchant, RechargeMerchantPage],
  [MEMBER_PATHS.consumeMerchant, ConsumeMerchantPage],
  [MEMBER_PATHS.detailsMerchant, DetailsMerchantPage],
  [COUPON_PATHS.merchant, CouponMerchantPage],
  [COUPON_PATHS.details, CouponDetailsPage],
  [PATHS.takeOut, DeliveryPage],
  [PATHS.takeOutNew, NewPhoneOrderPage],
  [PATHS.counter, CounterOrderPage],
  [PATHS.counterOrders, CounterOrdersPage],
  [PATHS.counterPay, CounterPayPage],
  [PATHS.takeOutAdd, AddDishesPage],
  [PATHS.takeOutPay, TakeoutPayPage],
];

/** Pages outside the left window that load on first use. */
const OTHER_PAGES: readonly (readonly [string, LazyPage])[] = [
  [PATHS.setup, SetupPage],
  [PATHS.expire, ExpirePage],
  [PATHS.download, DownloadPage],
  [PATHS.counterBoard, PickupBoardPage],
];

/** Fetches the file of the page at this address ahead of the first frame (nothing for sign-in or an unknown address). */
export function preloadPageOf(path: string): Promise<unknown> {
  const found = [...SIGNED_IN_PAGES, ...OTHER_PAGES].find(([p]) => p === path);
  return found ? found[1].preload() : Promise.resolve();
}

/**
 * Once the page in hand shows, the files of the other pages this person may open are fetched one
 * at a time while the device is idle: a tap on a menu entry then draws its page at once (no
 * "loading" frame, which React keeps at least 300 ms), and a phone whose Wi-Fi drops can still
 * open it. A page the role cannot open is never fetched (a waiter's phone never downloads the
 * goods page). Answers how to stop (another person signed in, or the frame went away).
 */
function fetchPagesAhead(aliases: ReadonlySet<Alias>): () => void {
  let stopped = false;
  const pages = SIGNED_IN_PAGES.filter(([path]) => {
    const needed = aliasForPath(path);
    return needed === null || aliases.has(needed);
  });
  const whenIdle = (run: () => void) => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 200));
  const fetchFrom = (i: number): void => {
    if (stopped || i >= pages.length) return;
    whenIdle(() => {
      if (!stopped) void pages[i]![1].preload().then(() => fetchFrom(i + 1), () => undefined);
    });
  };
  const start = window.setTimeout(() => fetchFrom(0), PAGES_AHEAD_AFTER_MS);
  return () => {
    stopped = true;
    window.clearTimeout(start);
  };
}

/** How long after a signed-in frame shows before other pages are fetched: the first page's data and pictures go first. */
const PAGES_AHEAD_AFTER_MS = 1500;

/** The pages of a signed-in person, inside the left window. */
function SignedInPages() {
  // By what the person may open, not by the set's identity (a new one at every change of the state).
  const mayOpen = [...useAliases()].sort().join(' ');
  useEffect(() => fetchPagesAhead(new Set(mayOpen.split(' ') as Alias[])), [mayOpen]);
  return (
    <Layout
      banners={
        <>
          <PrinterAlert />
          <StationAlert />
          <AlertBanner />
          <Suspense fallback={null}>
            <KitchenReadySignal />
          </Suspense>
          <Suspense fallback={null}>
            <NewTakeoutNotice />
          </Suspense>
          <SettingsOnly>
            <OutboxBanner />
            <Suspense fallback={null}>
              <BackupReminder />
            </Suspense>
          </SettingsOnly>
          {/* Everyone: an expired box says why a new table is refused; the fee notice itself is for owners and managers. */}
          <Suspense fallback={null}>
            <LicenceBanner />
          </Suspense>
        </>
      }
      navBadges={NAV_BADGES}
    >
      <RouteGate>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            {SIGNED_IN_PAGES.map(([path, component]) => (
              <Route key={path} path={path} component={component} />
            ))}
            {PLANNED_ROUTES.map((p) => (
              <Route key={p} path={p} component={NotAvailable} />
            ))}
            <Route>
              <Redirect to={PATHS.root} replace />
            </Route>
          </Switch>
        </Suspense>
      </RouteGate>
    </Layout>
  );
}
