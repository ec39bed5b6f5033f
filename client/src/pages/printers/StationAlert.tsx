import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useAliases } from '../../auth/aliases.ts';
import { PATHS } from '../../routes.ts';
import { replica } from '../../sync/replica.ts';
import { seesPrinterAlert } from '../../ui/PrinterAlertRules.ts';
import { unroutedStations } from './station-routes.ts';

/**
 * Issue 18 item 19: on every page of whoever sends or prints tickets (the
 * printer alert's people), a station no printer or screen prints, and where
 * its dishes come out instead, so neither the waiter nor the owner learns it
 * from a guest still waiting for the chicha. Owners and managers get the way
 * to the Printers page.
 */
export function StationAlert() {
  const { t } = useTranslation();
  const { state } = useSnapshot(replica);
  const aliases = useAliases();
  const stations = seesPrinterAlert(aliases) && state ? unroutedStations(replica.state) : [];
  if (stations.length === 0) return null;
  return (
    <div className="banner banner-offline printer-alert" role="status" data-testid="station-alert">
      <ul>
        {stations.map((st) => (
          <li key={st.id} data-testid={`station-alert-${st.id}`}>
            {st.fallback === null ? t('printers.stationAlert.nowhere', { station: st.name }) : t('printers.stationAlert.fallback', { station: st.name, printer: st.fallback })}
          </li>
        ))}
      </ul>
      {aliases.has('settings') && (
        <Link href={PATHS.printers} className="btn btn-small" data-testid="station-alert-open">
          {t('printers.alert.open')}
        </Link>
      )}
    </div>
  );
}
