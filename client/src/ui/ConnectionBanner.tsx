import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { outbox } from '../sync/outbox.ts';
import { replica } from '../sync/replica.ts';

/**
 * Tells staff when the hub is out of reach and how many of their changes are
 * waiting; it disappears once everything is delivered.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const { status } = useSnapshot(replica);
  const { items } = useSnapshot(outbox);
  if (status === 'outdated' || status === 'closedHere') {
    return (
      <div className="banner banner-error" role="alert">
        {t(status === 'outdated' ? 'connection.outdated' : 'connection.closedHere')}{' '}
        <button className="btn btn-small" onClick={() => location.reload()}>
          {t('connection.reload')}
        </button>
      </div>
    );
  }
  const count = items.length;
  if (status !== 'online') {
    return (
      <div className="banner banner-offline" role="status" data-testid="offline-banner">
        {count > 0 ? t('connection.offlinePending', { count }) : status === 'connecting' ? t('connection.connecting') : t('connection.offline')}
      </div>
    );
  }
  if (count > 0) {
    return (
      <div className="banner banner-sending" role="status" data-testid="sending-banner">
        {t('connection.sending', { count })}
      </div>
    );
  }
  return null;
}
