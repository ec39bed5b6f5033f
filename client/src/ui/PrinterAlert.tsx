import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useAliases } from '../auth/aliases.ts';
import { PATHS } from '../routes.ts';
import { printerLane, useJobBoard } from '../sync/job-board.ts';
import { replica } from '../sync/replica.ts';
import { seesPrinterAlert, sinceText, troublesIn } from './PrinterAlertRules.ts';

/** How many troubled printers the banner names before it says "and N more" (it must stay a strip, not a wall, on a phone). */
const NAMED = 2;

/**
 * On every page of whoever works where paper comes out (PrinterAlertRules):
 * which printer is off, out of paper or open, since when. It reads the live
 * state, so it appears and clears on every device as the hub's monitor
 * reports. It sits in the page's flow under the connection banner (never
 * over the page), so it cannot cover a page's buttons. With the printer's
 * queue from the job board ("· 12 esperando"): a waiter knows the tickets
 * wait for it, and are not lost.
 */
export function PrinterAlert() {
  const { t, i18n } = useTranslation();
  const { state } = useSnapshot(replica);
  const aliases = useAliases();
  const board = useJobBoard();
  // `state` is the snapshot that re-renders this banner; the rule reads the store itself.
  const troubles = seesPrinterAlert(aliases) && state ? troublesIn(replica.state) : [];
  if (troubles.length === 0) return null;
  const named = troubles.slice(0, NAMED);
  const more = troubles.length - named.length;
  return (
    <div className="banner banner-error printer-alert" role="alert" data-testid="printer-alert">
      <ul>
        {named.map((p) => (
          <li key={p.printerId} data-testid={`printer-alert-${p.printerId}`}>
            {t('printers.alert.one', { name: p.name, problem: t(`printers.problems.${p.reason}`) })}{' '}
            <span className="printer-alert-since">{t('printers.alert.since', { time: sinceText(p.since, i18n.language) })}</span>
            <Queue waiting={queuedAt(printerLane(board, p.printerId))} />
          </li>
        ))}
        {more > 0 && <li>{t('printers.alert.more', { count: more })}</li>}
      </ul>
      {aliases.has('settings') && (
        <Link href={PATHS.printers} className="btn btn-small" data-testid="printer-alert-open">
          {t('printers.alert.open')}
        </Link>
      )}
    </div>
  );
}

/** Jobs waiting in a printer's lane, the one being tried included. */
const queuedAt = (lane: { waiting: number; running: number } | undefined) => (lane ? lane.waiting + lane.running : 0);

/** How many jobs wait for a troubled printer, after its line ("· 12 esperando"); nothing when none does. */
function Queue(props: { waiting: number }) {
  const { t } = useTranslation();
  if (props.waiting === 0) return null;
  return (
    <span className="printer-alert-since" data-testid="printer-alert-queue">
      {' · '}
      {t('printers.lane.waiting', { count: props.waiting })}
    </span>
  );
}
