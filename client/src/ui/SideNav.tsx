import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { State } from '#protocol';
import { Link, useLocation } from 'wouter';
import { useAliases } from '../auth/aliases.ts';
import { SessionBox } from '../auth/SessionBox.tsx';
import { LANGUAGES, setLanguage, type Lang } from '../i18n/index.ts';
import { NAV, PLANNED_ROUTES, type NavEntry } from '../routes.ts';
import { replica } from '../sync/replica.ts';
import { Icon } from './icons.tsx';
import { ui } from './ui-store.ts';

/** A badge per left-window entry, handed in by the app (shared ui imports no page). */
export type NavBadges = Partial<Record<NavEntry['key'], ReactNode>>;

/**
 * The entries in the order the left window lists them: every section that
 * works first (in NAV's order), then those not built yet, muted, at the foot
 * (issue 18 item 16: "not available" entries near the top pushed working
 * ones below the fold).
 */
export function navOrder<E extends { path: string }>(entries: readonly E[], planned: readonly string[] = PLANNED_ROUTES): { entry: E; planned: boolean }[] {
  const marked = entries.map((entry) => ({ entry, planned: planned.includes(entry.path) }));
  return [...marked.filter((m) => !m.planned), ...marked.filter((m) => m.planned)];
}

/**
 * Whether the list has entries below what shows: the "more below" button
 * appears then (a short till at 800 px, a phone), and goes once the list is
 * scrolled to its end or everything fits.
 */
function useMoreBelow(): { ref: (el: HTMLUListElement | null) => void; moreBelow: boolean; showMore: () => void } {
  const [el, setEl] = useState<HTMLUListElement | null>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  const check = useCallback(() => {
    if (el) setMoreBelow(el.scrollTop + el.clientHeight < el.scrollHeight - 4);
  }, [el]);
  useEffect(() => {
    if (!el) return;
    el.addEventListener('scroll', check, { passive: true });
    // First look when observing starts (an observer reports at once); then the window resized, an entry appeared, a badge wrapped a line.
    const seen = new ResizeObserver(check);
    seen.observe(el);
    for (const child of el.children) seen.observe(child);
    return () => {
      el.removeEventListener('scroll', check);
      seen.disconnect();
    };
  }, [el, check]);
  // The page shown stays in view in the list (a page deep in the list, opened from a link, is not hidden under the fade).
  const [location] = useLocation();
  useEffect(() => {
    el?.querySelector('a.active')?.scrollIntoView({ block: 'nearest' });
  }, [el, location]);
  const showMore = useCallback(() => el?.scrollBy({ top: Math.max(44, el.clientHeight - 44), behavior: 'smooth' }), [el]);
  return { ref: setEl, moreBelow, showMore };
}

/** SPEC.md's left window: 180 px, dark, the sections the signed-in role may use; a drawer on phones. */
export function SideNav(props: { badges?: NavBadges | undefined }) {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
  const { navOpen } = useSnapshot(ui);
  const { status, state } = useSnapshot(replica);
  const aliases = useAliases();
  const { ref: listRef, moreBelow, showMore } = useMoreBelow();
  // A section's own page, or a page under it that is not another entry (staff vs. staff activity).
  const isActive = (path: string) => location === path || (path.endsWith('index') && location.startsWith(path.replace(/index$/, '')) && !NAV.some((n) => n.path === location));
  return (
    <nav className={`sidenav${navOpen ? ' open' : ''}`} aria-label={t('app.menu')}>
      <div className="sidenav-brand">
        <div className="brand-name">{state?.restaurant.name || t('app.title')}</div>
        <div className={`conn conn-${status}`}>
          <Icon name="dot" /> {t(`connection.${status === 'outdated' ? 'offline' : status}`)}</div>
      </div>
      <div className="sidenav-scroll">
        <ul ref={listRef} data-testid="nav-list">
          {navOrder(NAV.filter((entry) => aliases.has(entry.alias) && (!entry.shownWhen || (state !== null && entry.shownWhen(state as State))))).map(({ entry, planned }) => (
            <li key={entry.key} className={planned ? 'nav-planned' : undefined}>
              <Link
                href={entry.path}
                className={isActive(entry.path) ? 'active' : ''}
                data-testid={`nav-${entry.key}`}
                onClick={() => (ui.navOpen = false)}
              >
                <span className="nav-label">{t(`nav.${entry.key}`)}</span>
                {planned ? <span className="nav-soon">{t('sidenav.soon')}</span> : props.badges?.[entry.key]}
              </Link>
            </li>
          ))}
        </ul>
        {moreBelow && (
          // Tabbing never needs it (focus scrolls the list); it is for a finger or a mouse that would not guess the list scrolls.
          <button type="button" className="sidenav-more" tabIndex={-1} onClick={showMore} data-testid="nav-more">
            <Icon name="chevronDown" /> {t('sidenav.more')}
          </button>
        )}
      </div>
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
