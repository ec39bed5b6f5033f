import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { DinnerPage } from './pages/dinner/DinnerPage.tsx';
import { NotAvailable } from './pages/misc/NotAvailable.tsx';
import { PaymentPage } from './pages/payment/PaymentPage.tsx';
import { TablesPage } from './pages/tables/TablesPage.tsx';
import { PATHS, PLANNED_ROUTES } from './routes.ts';
import { Layout } from './ui/Layout.tsx';

/** Hash routes of SPEC.md section 2; unknown routes go back to the root. */
export function App() {
  return (
    <Router hook={useHashLocation}>
      <Layout>
        <Switch>
          <Route path={PATHS.root}>
            <Redirect to={PATHS.tables} replace />
          </Route>
          <Route path={PATHS.login}>
            <Redirect to={PATHS.tables} replace />
          </Route>
          <Route path={PATHS.tables} component={TablesPage} />
          <Route path={PATHS.dinner} component={DinnerPage} />
          <Route path={PATHS.payment} component={PaymentPage} />
          {PLANNED_ROUTES.map((p) => (
            <Route key={p} path={p} component={NotAvailable} />
          ))}
          <Route>
            <Redirect to={PATHS.root} replace />
          </Route>
        </Switch>
      </Layout>
    </Router>
  );
}
