import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LicenceStatus } from '#protocol';
import { useAliases } from '../../auth/aliases.ts';
import { PATHS } from '../../routes.ts';
import { dayText } from '../../ui/dates.ts';
import { fetchLicence } from './licence-api.ts';

/** Days pass with the clock, not with events: ask again every 10 minutes. */
const POLL_MS = 10 * 60_000;

/**
 * SPEC.md's fee notice in the frame. Owners and managers (`settings`) see
 * "Your equipment fee is about to expire..." from 15 days before the last
 * paid day and through the grace, with a link to the licence page. Once
 * expired everyone sees SPEC's expired message with a link to the expire
 * page: a waiter whose new table is refused knows why. A failed ask shows
 * nothing new (offline: the last known standing stays).
 */
export function LicenceBanner() {
  const { t, i18n } = useTranslation();
  const owner = useAliases().has('settings');
  const [status, setStatus] = useState<LicenceStatus | null>(null);

  useEffect(() => {
    let live = true;
    const ask = () =>
      void fetchLicence().then((r) => {
        if (live && r.ok) setStatus(r.body.licence);
      });
    ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  if (!status || status.paidUntil === null || status.lockedAfter === null) return null;
  const day = dayText(status.paidUntil, i18n.language);
  const locked = dayText(status.lockedAfter, i18n.language);
  if (status.state === 'expired') {
    return (
      <div className="banner banner-error printer-alert" role="alert" data-testid="licence-banner" data-state="expired">
        <span>{t('licence.expired')}</span>
        <Link href={owner ? PATHS.licence : PATHS.expire} className="btn btn-small" data-testid="licence-banner-open">
          {owner ? t('licence.open') : t('licence.title')}
        </Link>
      </div>
    );
  }
  if (!owner || (status.state !== 'notice' && status.state !== 'grace' && !(status.state === 'trial' && (status.daysLeft ?? 99) <= 3))) return null;
  return (
    <div className="banner banner-offline printer-alert" role="status" data-testid="licence-banner" data-state={status.state}>
      <span>
        {t('licence.notice')}. {status.state === 'grace' ? t('licence.grace', { day, locked }) : t('licence.noticeDays', { count: status.daysLeft ?? 0, day })}
      </span>
      <Link href={PATHS.licence} className="btn btn-small" data-testid="licence-banner-open">
        {t('licence.open')}
      </Link>
    </div>
  );
}
