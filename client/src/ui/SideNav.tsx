import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { State } from '#protocol';
import { Link, useLocation } from 'wouter';
import { useAliases } from '../auth/aliases.ts';
import { SessionBox } from '../auth/SessionBox.tsx';
import { LANGUAGES, setLanguage, type Lang } from '../i18n/index.ts';
import { NAV, type NavEntry } from '../routes.ts';
import { replica } from '../sync/replica.ts';
import { Icon } from './icons.tsx';
import { ui } from './ui-store.ts';

/** A badge per left-window entry, handed in by the app (shared ui imports no page). */
export type NavBadges = Partial<Record<NavEntry['key'], ReactNode>>;

/** SPEC.md's left window: 180 px, dark, the sections the signed-in role may use; a drawer on phones. */
export function SideNav(props: { badges?: NavBadges | undefined }) {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
  const { navOpen } = useSnapshot(ui);
  const { status, state } = useSnapshot(replica);
  const aliases = useAliases();
  // A section's own page, or a page under it that is not another entry (staff vs. staff activity).
  const isActive = (path: string) => location === path || (path.endsWith('index') && location.startsWith(path.replace(/index$/, '')) && !NAV.some((n) => n.path === location));
  return (
    <nav className={`sidenav${navOpen ? ' open' : ''}`} aria-label={t('app.menu')}>
      <div className="sidenav-brand">
        <div className="brand-name">{state?.restaurant.name || t('app.title')}</div>
        <div className={`conn conn-${status}`}>
          <Icon name="dot" /> {t(`connection.${status === 'outdated' ? 'offline' : status}`)}</div>
      </div>
      <ul>
        {NAV.filter((entry) => aliases.has(entry.alias) && (!entry.shownWhen || (state !== null && entry.shownWhen(state as State)))).map((entry) => (
          <li key={entry.key}>
            <Link
              href={entry.path}
              className={isActive(entry.path) ? 'active' : ''}
              data-testid={`nav-${entry.key}`}
              onClick={() => (ui.navOpen = false)}
            >
              {t(`nav.${entry.key}`)}
              {props.badges?.[entry.key]}
            </Link>
          </li>
        ))}
      </ul>
      <SessionBox />
      <label className="lang">
        <span>{t('app.language')}</span>
        <select value={i18n.language} onChange={(e) => setLanguage(e.target.value as Lang)} data-testid="language">
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
