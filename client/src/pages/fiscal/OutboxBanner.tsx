import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PATHS } from '../../routes.ts';
import { useJobBoard } from '../../sync/job-board.ts';
import { einvoiceJobsStamp } from './documents/doc-view.ts';
import { fetchOutbox } from './documents/documents-api.ts';
import { outboxAlerts, outboxTone, type OutboxAlert } from './outbox-alerts.ts';
import './outbox-banner.css';

/** How often the banner asks the hub while nothing moves (deadlines pass with the clock, not with events). */
const POLL_MS = 60_000;

/**
 * On every page of an owner or manager (app.tsx shows it only to holders of
 * `settings`, and loads this file only then): e-invoices past or near their
 * SUNAT deadline, rejected ones, or nothing can be sent (no certificate, no
 * SOL user) while documents wait; with a link to the documents page. Asks
 * GET /api/einvoice/outbox at once, every 60 s, and when an e-invoice job
 * moves on the job board the hub pushes. A failed ask keeps what it showed (offline: the last
 * known trouble is still true).
 */
export function OutboxBanner() {
  const { t } = useTranslation();
  const [alerts, setAlerts] = useState<OutboxAlert[]>([]);
  const stamp = einvoiceJobsStamp(useJobBoard());

  useEffect(() => {
    let live = true;
    const ask = () =>
      void fetchOutbox().then((r) => {
        if (live && r.ok) setAlerts(outboxAlerts(r.body.outbox));
      });
    ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [stamp]);

  if (alerts.length === 0) return null;
  return (
    <div className={`banner ${outboxTone(alerts) === 'error' ? 'banner-error' : 'banner-offline'} printer-alert outbox-banner`} role="alert" data-testid="outbox-banner">
      <ul>
        {alerts.map((a) => (
          <li key={a.kind} data-testid={`outbox-alert-${a.kind}`}>
            {t(`fiscalDocs.banner.${a.kind}`, { count: a.count })}
          </li>
        ))}
      </ul>
      <Link href={PATHS.fiscalDocuments} className="btn btn-small" data-testid="outbox-banner-open">
        {t('fiscalDocs.banner.open')}
      </Link>
    </div>
  );
}
