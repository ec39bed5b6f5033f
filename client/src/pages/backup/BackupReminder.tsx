import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PATHS } from '../../routes.ts';
import { fetchLicence } from '../licence/licence-api.ts';
import { fetchBackups } from './backup-api.ts';

/**
 * A real restaurant's hub makes no backup until the owner sets the backup
 * passphrase (hub/backup/README.md), and an owner who never opens the backup
 * page would learn it only the day the box dies. So owners and managers
 * (`settings`, the frame shows this only to them) see it in the frame until a
 * passphrase is set. Not on a demo hub (its data is made up). Asked again on
 * every page change (the owner may just have set it) and every 10 minutes; a
 * failed ask shows nothing.
 */
const POLL_MS = 10 * 60_000;

export function BackupReminder() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    let live = true;
    const ask = () =>
      void Promise.all([fetchLicence(), fetchBackups()]).then(([licence, backups]) => {
        if (live) setMissing(licence.ok && backups.ok && licence.body.licence.state !== 'demo' && !backups.body.hasPassphrase);
      });
    ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [location]);

  if (!missing || location === PATHS.backup) return null;
  return (
    <div className="banner banner-offline" role="status" data-testid="backup-reminder">
      <span>{t('backup.reminder')}</span>
      <Link href={PATHS.backup} className="btn btn-small" data-testid="backup-reminder-open">
        {t('backup.reminderOpen')}
      </Link>
    </div>
  );
}
