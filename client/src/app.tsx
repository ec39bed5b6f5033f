import { Suspense } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { AuthGate } from './auth/AuthGate.tsx';
import { RouteGate } from './auth/RouteGate.tsx';
import { ActivityPage, DinnerPage, GoodsPage, JobsPage, PageLoading, PaymentPage, SetupPage, StaffPage, TablesPage } from './lazy-pages.tsx';
import { LoginPage } from './pages/login/LoginPage.tsx';
import { NumberLoginPage } from './pages/login/NumberLoginPage.tsx';
import { PinLoginPage } from './pages/login/PinLoginPage.tsx';
import { NotAvailable } from './pages/misc/NotAvailable.tsx';
import { GoodsBadge } from './pages/goods/GoodsBadge.tsx';
import { AlertBanner } from './pages/staff/AlertsPanel.tsx';
import { PATHS, PLANNED_ROUTES } from './routes.ts';
import { Layout } from './ui/Layout.tsx';

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
            <Route>
              <SignedInPages />
            </Route>
          </Switch>
        </Suspense>
      </AuthGate>
    </Router>
  );
}

/** Badges features put beside their left-window entry; with the banners below, the frame's slots (shared ui imports no page). */
const NAV_BADGES = { goods: <GoodsBadge /> } as const;

/** The pages of a signed-in person, inside the left window. */
function SignedInPages() {
  return (
    <Layout banners={<AlertBanner />} navBadges={NAV_BADGES}>
      <RouteGate>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path={PATHS.tables} component={TablesPage} />
            <Route path={PATHS.dinner} component={DinnerPage} />
            <Route path={PATHS.payment} component={PaymentPage} />
            <Route path={PATHS.goods} component={GoodsPage} />
            <Route path={PATHS.staff} component={StaffPage} />
            <Route path={PATHS.activity} component={ActivityPage} />
            <Route path={PATHS.jobs} component={JobsPage} />
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
