import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { DOCUMENT_STATUSES, type DocumentMeta, type DocumentStatus } from '#hub/einvoice/outbox/types.ts';
import type { ErrorCode } from '#protocol';
import { useAliases } from '../../../auth/aliases.ts';
import { errorText } from '../../../i18n/keys.ts';
import { PATHS } from '../../../routes.ts';
import { replica } from '../../../sync/replica.ts';
import { showToast } from '../../../ui/ui-store.ts';
import { CorrectionDialog } from './CorrectionDialog.tsx';
import { DocumentsTable } from './DocumentsTable.tsx';
import { useJobBoard } from '../../../sync/job-board.ts';
import { documentsQuery, einvoiceJobsStamp, limaToday, rangeOf, KIND_CHIPS, type KindFilter, type PeriodPreset } from './doc-view.ts';
import { fetchDocuments } from './documents-api.ts';
import { PendingSummaries, requeueSummary } from './PendingSummaries.tsx';
import '../../staff/staff.css';
import '../fiscal.css';
import './documents.css';

const PRESETS: readonly PeriodPreset[] = ['today', 'week', 'month', 'custom'];

type Listing = { state: 'loading' } | { state: 'failed'; code: ErrorCode } | { state: 'ready'; documents: DocumentMeta[] };

/**
 * The e-invoices issued (not in SPEC.md: /pages/fiscal/documents, gate
 * `settings`): by period, type and status; each with its number, date,
 * buyer, total, status, SUNAT's answer and its deadline (red when past);
 * XML and CDR downloads; the days whose boletas wait for their summary with
 * "send now"; and void/refund on a factura or boleta. Asked again when the
 * filters change, when an e-invoice job moves, and every 60 s.
 */
export function DocumentsPage() {
  const { t } = useTranslation();
  const { state } = useSnapshot(replica);
  const aliases = useAliases();
  const canRefund = aliases.has('refund');
  const canSend = aliases.has('settings');
  const today = limaToday(new Date());
  const [preset, setPreset] = useState<PeriodPreset>('today');
  const [custom, setCustom] = useState({ from: today, to: today });
  const [kinds, setKinds] = useState<KindFilter[]>([]);
  const [status, setStatus] = useState<DocumentStatus | ''>('');
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [correcting, setCorrecting] = useState<DocumentMeta | null>(null);
  const [tick, setTick] = useState(0);
  const range = rangeOf(preset, today, custom);
  const query = documentsQuery(range, kinds, status ? [status] : []);
  const jobsStamp = einvoiceJobsStamp(useJobBoard());
  const reload = () => setTick((n) => n + 1);
  // Its boletas wait again; the planner (or "send now" above) gives them a new summary.
  const requeue = async (meta: DocumentMeta) => {
    const reply = await requeueSummary(meta.key);
    if (reply === null) return showToast(t('fiscalDocs.summaryQueued'));
    if (!reply.ok) return showToast(errorText(t, reply.code), 'error');
    showToast(t('fiscalDocs.requeued'));
    reload();
  };

  useEffect(() => {
    let live = true;
    void fetchDocuments(query).then((r) => {
      if (live) setListing(r.ok ? { state: 'ready', documents: r.body.documents } : { state: 'failed', code: r.code });
    });
    return () => {
      live = false;
    };
  }, [query, jobsStamp, tick]);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);

  const toggleKind = (k: KindFilter) => setKinds((ks) => (ks.includes(k) ? ks.filter((x) => x !== k) : [...ks, k]));
  return (
    <div className="staff-page fiscal-page docs-page" data-testid="documents-page">
      <header className="page-head">
        <h1>{t('fiscalDocs.title')}</h1>
        <Link href={PATHS.fiscal} className="btn btn-small">
          {t('fiscalDocs.settings')}
        </Link>
      </header>
      <p className="hint">{t('fiscalDocs.hint')}</p>

      <section className="fiscal-card docs-filters">
        <div className="chips" role="radiogroup" aria-label={t('fiscalDocs.period')}>
          {PRESETS.map((p) => (
            <button key={p} className={`chip${preset === p ? ' active' : ''}`} role="radio" aria-checked={preset === p} onClick={() => setPreset(p)} data-testid={`docs-period-${p}`}>
              {t(`fiscalDocs.presets.${p}`)}
            </button>
          ))}
        </div>
        {preset === 'custom' && (
          <div className="docs-dates">
            <label className="field">
              {t('fiscalDocs.from')}
              <input type="date" value={custom.from} max={today} onChange={(e) => e.target.value && setCustom((c) => ({ ...c, from: e.target.value }))} data-testid="docs-from" />
            </label>
            <label className="field">
              {t('fiscalDocs.to')}
              <input type="date" value={custom.to} max={today} onChange={(e) => e.target.value && setCustom((c) => ({ ...c, to: e.target.value }))} data-testid="docs-to" />
            </label>
          </div>
        )}
        <div className="chips" aria-label={t('fiscalDocs.type')}>
          {KIND_CHIPS.map((k) => (
            <button key={k} className={`chip${kinds.includes(k) ? ' active' : ''}`} aria-pressed={kinds.includes(k)} onClick={() => toggleKind(k)} data-testid={`docs-kind-${k}`}>
              {t(`fiscalDocs.kinds.${k}`)}
            </button>
          ))}
        </div>
        <label className="field docs-status">
          {t('fiscalDocs.status')}
          <select value={status} onChange={(e) => setStatus(DOCUMENT_STATUSES.find((s) => s === e.target.value) ?? '')} data-testid="docs-status">
            <option value="">{t('fiscalDocs.all')}</option>
            {DOCUMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`fiscalDocs.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </section>

      <PendingSummaries pending={state?.pendingSummary} onSent={reload} />

      {listing.state === 'loading' && <p className="empty">{t('fiscalDocs.loading')}</p>}
      {listing.state === 'failed' && (
        <p className="field-error" role="alert" data-testid="docs-error">
          {t('fiscalDocs.loadFailed', { error: errorText(t, listing.code) })}{' '}
          <button className="btn btn-small" onClick={reload}>
            {t('fiscalDocs.retry')}
          </button>
        </p>
      )}
      {listing.state === 'ready' && listing.documents.length === 0 && (
        <p className="empty" data-testid="docs-empty">
          {t('fiscalDocs.empty')}
        </p>
      )}
      {listing.state === 'ready' && listing.documents.length > 0 && (
        <>
          <p className="hint" data-testid="docs-count">
            {t('fiscalDocs.count', { count: listing.documents.length })}
          </p>
          <DocumentsTable documents={listing.documents} today={today} onCorrect={canRefund ? setCorrecting : null} onRequeue={canSend ? (meta) => void requeue(meta) : null} />
        </>
      )}
      {correcting && (
        <CorrectionDialog
          meta={correcting}
          onClose={() => setCorrecting(null)}
          onDone={() => {
            setCorrecting(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
