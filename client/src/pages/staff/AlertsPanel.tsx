import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { SecurityAlert, State } from '#protocol';
import { useAliases } from '../../auth/aliases.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { replica } from '../../sync/replica.ts';

const open = (state: State | null): SecurityAlert[] =>
  Object.values(state?.alerts ?? {})
    .filter((a) => !a.dismissed)
    .sort((a, b) => b.at.localeCompare(a.at));

/** Wrong PINs beyond the free tries, as the hub raised them: when, where, who was named. */
export function AlertsPanel(props: { state: State }) {
  const { t, i18n } = useTranslation();
  const alerts = open(props.state);
  if (alerts.length === 0) return null;
  return (
    <section className="panel panel-alert" data-testid="alerts">
      <h2>{t('staffAdmin.alerts')}</h2>
      <ul className="alert-list">
        {alerts.map((a) => (
          <li key={a.id}>
            <div>
              <b>{t(`staffAdmin.scopes.${a.scope}`)}</b>
              {a.staffId && props.state.staff[a.staffId] && <> · {props.state.staff[a.staffId]!.name}</>}
              {a.deviceId && <> · {a.deviceId.slice(0, 12)}</>}
              <div className="hint">
                {new Date(a.at).toLocaleString(i18n.language)} — {t('staffAdmin.alertText', { failures: a.failures, seconds: a.lockedSeconds })}
              </div>
            </div>
            <button className="btn btn-small" onClick={() => void enqueue('security.dismissAlert', { alertId: a.id })}>
              {t('staffAdmin.dismiss')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** On every page of an owner or manager: there are unread security alerts. */
export function AlertBanner() {
  const { t } = useTranslation();
  const { state } = useSnapshot(replica);
  const aliases = useAliases();
  // `state` is the snapshot that re-renders this banner; the alerts are read from the store itself.
  const count = aliases.has('staff') && state ? open(replica.state).length : 0;
  if (count === 0) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="alert-banner">
      {t('staffAdmin.alertBanner', { count })}{' '}
      <Link href={PATHS.staff} className="btn btn-small">
        {t('staffAdmin.view')}
      </Link>
    </div>
  );
}
