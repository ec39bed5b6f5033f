import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useIdleLock } from '../auth/idle-lock.ts';
import { SignedInName } from '../auth/SessionBox.tsx';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { SideNav, type NavBadges } from './SideNav.tsx';
import { Toast } from './Toast.tsx';
import { ui } from './ui-store.ts';
import { Icon } from './icons.tsx';
import { replica } from '../sync/replica.ts';

/**
 * What the app puts into the shared frame (composed in app.tsx): shared ui
 * imports no page, so a feature's banner or badge is handed in here.
 */
export type LayoutSlots = {
  /** Shown under the connection banner on every page (e.g. security alerts). */
  banners?: ReactNode;
  /** Shown beside a left-window entry (e.g. the low-stock count on goods). */
  navBadges?: NavBadges;
};

/** Every page but sign-in: left window, a top bar on phones, the connection banner, the page. */
export function Layout(props: { children: ReactNode } & LayoutSlots) {
  const { t } = useTranslation();
  const { navOpen } = useSnapshot(ui);
  const { state } = useSnapshot(replica);
  useIdleLock();
  return (
    <div className="layout">
      <SideNav badges={props.navBadges} />
      {navOpen && <div className="nav-scrim" onClick={() => (ui.navOpen = false)} />}
      <div className="main">
        <header className="topbar">
          <button className="btn btn-icon" aria-label={t('app.menu')} onClick={() => (ui.navOpen = !ui.navOpen)}>
            <Icon name="menu" />
          </button>
          <span className="topbar-title">{state?.restaurant.name || t('app.title')}</span>
          <SignedInName />
        </header>
        <ConnectionBanner />
        {props.banners}
        <main className="page">{props.children}</main>
      </div>
      <Toast />
    </div>
  );
}
