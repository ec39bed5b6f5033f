import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { usePageTexts } from '../i18n/page-texts.ts';
import { PATHS } from '../routes.ts';
import { useAliases, useMenuData } from './aliases.ts';
import { kitchenHome, useKitchenScreen } from './kitchen-screen.ts';
import { homePath, OPEN_PATHS, PUBLIC_PATHS } from './route-alias.ts';
import { preferredLoginPath } from './login-path.ts';
import { session } from './session.ts';

/**
 * Where the person was when this device locked (page and query): the same person unlocking
 * returns there instead of their home (issue 18 item 4: unlocking landed on the map). Someone
 * else signing in goes to their own home. Kept in memory only: a reload starts from home.
 */
let beforeLock: { to: string; staffId: string } | null = null;

/**
 * Sends each person where their session says: setup while the hub has no
 * owner, the sign-in pages when signed out, the PIN screen when locked, the
 * first section their role may use when they open a sign-in page signed in.
 */
export function AuthGate(props: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status, enrolled, knownStaff, staff } = useSnapshot(session);
  const [location, navigate] = useLocation();
  const aliases = useAliases();
  const kitchen = useKitchenScreen();
  useMenuData(aliases);

  useEffect(() => {
    const go = (to: string) => {
      if (location !== to) navigate(to, { replace: true });
    };
    if (status === 'booting') return;
    // The expire and download pages are for everyone, whatever their session.
    if (OPEN_PATHS.has(location)) return;
    if (status === 'unclaimed') return go(PATHS.setup);
    if (status === 'locked' && staff && !PUBLIC_PATHS.has(location)) beforeLock = { to: location + window.location.search, staffId: staff.id };
    // Signed out or locked: any sign-in page may be used; elsewhere goes to the usual one (the PIN screen when locked).
    // The bare address (`/`) too, so a phone gets its keypad rather than the till's form (login-path.ts).
    if (status === 'signedOut' || status === 'locked') {
      if (!PUBLIC_PATHS.has(location) || location === PATHS.setup || location === PATHS.root) go(status === 'locked' ? PATHS.appLogin : preferredLoginPath(enrolled && knownStaff.length > 0));
      return;
    }
    // A cook's device is a kitchen screen: it starts on its station's display (kitchen-screen.ts).
    const home = kitchen ? kitchenHome() : (homePath(aliases) ?? PATHS.tables);
    // The same person unlocking goes back where they were.
    const back = beforeLock?.staffId === staff?.id ? beforeLock?.to : undefined;
    if (PUBLIC_PATHS.has(location)) beforeLock = null;
    // Just claimed: the owner's first job is adding the staff.
    if (location === PATHS.setup) go(aliases.has('staff') ? PATHS.staff : home);
    else if (PUBLIC_PATHS.has(location)) go(back ?? home);
  }, [status, location, aliases, enrolled, knownStaff, navigate, kitchen, staff]);

  // Signed-in pages and their frame bring their texts in a chunk of their own (i18n/page-texts.ts).
  const signedInPage = !PUBLIC_PATHS.has(location) && !OPEN_PATHS.has(location);
  const pageTexts = usePageTexts(signedInPage);
  if (status === 'booting' || (signedInPage && !pageTexts)) return <p className="empty">{t('auth.loading')}</p>;
  return props.children;
}
