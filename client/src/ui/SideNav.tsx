import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { LANGUAGES, setLanguage, type Lang } from '../i18n/index.ts';
import { NAV } from '../routes.ts';
import { replica } from '../sync/replica.ts';
import { ui } from './ui-store.ts';

/** SPEC.md's left window: 180 px, dark, one entry per section; a drawer on phones. */
export function SideNav() {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
  const { navOpen } = useSnapshot(ui);
  const { status, state } = useSnapshot(replica);
  return (
    <nav className={`sidenav${navOpen ? ' open' : ''}`} aria-label={t('app.menu')}>
      <div className="sidenav-brand">
        <div className="brand-name">{state?.restaurant.name || t('app.title')}</div>
        <div className={`conn conn-${status}`}>● {t(`connection.${status === 'outdated' ? 'offline' : status}`)}</div>
      </div>
      <ul>
        {NAV.map((entry) => (
          <li key={entry.key}>
            <Link
              href={entry.path}
              className={location.startsWith(entry.path.replace(/index$/, '')) ? 'active' : ''}
              onClick={() => (ui.navOpen = false)}
            >
              {t(`nav.${entry.key}`)}
            </Link>
          </li>
        ))}
      </ul>
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
