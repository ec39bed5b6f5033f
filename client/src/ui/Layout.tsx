import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useIdleLock } from '../auth/idle-lock.ts';
import { SignedInName } from '../auth/SessionBox.tsx';
import { AlertBanner } from '../pages/staff/AlertsPanel.tsx';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { SideNav } from './SideNav.tsx';
import { Toast } from './Toast.tsx';
import { ui } from './ui-store.ts';
import { replica } from '../sync/replica.ts';

/** Every page but sign-in: left window, a top bar on phones, the connection banner, the page. */
export function Layout(props: { children: ReactNode }) {
  const { t } = useTranslation();
  const { navOpen } = useSnapshot(ui);
  const { state } = useSnapshot(replica);
  useIdleLock();
  return (
    <div className="layout">
      <SideNav />
      {navOpen && <div className="nav-scrim" onClick={() => (ui.navOpen = false)} />}
      <div className="main">
        <header className="topbar">
          <button className="btn btn-icon" aria-label={t('app.menu')} onClick={() => (ui.navOpen = !ui.navOpen)}>
            ☰
          </button>
          <span className="topbar-title">{state?.restaurant.name || t('app.title')}</span>
          <SignedInName />
        </header>
        <ConnectionBanner />
        <AlertBanner />
        <main className="page">{props.children}</main>
      </div>
      <Toast />
    </div>
  );
}
