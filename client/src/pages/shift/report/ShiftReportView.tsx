import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShiftReport } from '#protocol';
import { bodyErrorText } from '../../../i18n/keys.ts';
import { uuid } from '../../../sync/uuid.ts';
import { showToast } from '../../../ui/ui-store.ts';
import { fetchShiftReport, printZAgain, type ReportRef } from './report-api.ts';
import { ReportSummary } from './ReportSummary.tsx';
import { ReportTabs } from './ReportTabs.tsx';
import './report.css';

/**
 * A shift's report (SPEC.md section 3) and its tabs (section 2), read from
 * the hub: the open shift's so far (with a refresh), or a closed one's with
 * "print the Z report again".
 */
export function ShiftReportView(props: { source: ReportRef }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<ShiftReport | null>(null);
  const [error, setError] = useState('');
  const [printing, setPrinting] = useState(false);
  const { source } = props;
  // Primitive keys: the parent makes a fresh `source` object on every render.
  const shiftId = source === 'current' ? null : source.id;
  const day = source === 'current' ? '' : source.day;

  const load = useCallback(() => {
    void fetchShiftReport(shiftId === null ? 'current' : { id: shiftId, day }).then((r) => {
      setError('error' in r ? r.error : '');
      if (!('error' in r)) setReport(r);
    });
  }, [shiftId, day]);
  useEffect(() => load(), [load]);

  const reprint = () => {
    if (source === 'current' || printing) return;
    setPrinting(true);
    void printZAgain(source.id, source.day, uuid()).then((r) => {
      setPrinting(false);
      if ('error' in r) showToast(bodyErrorText(t, r.error), 'error');
      else showToast(t('shift.report.printed'));
    });
  };

  return (
    <section className="shift-card" data-testid="shift-report">
      <div className="shift-report-head">
        <h2>{t('shift.report.title')}</h2>
        {source === 'current' ? (
          <button className="btn" onClick={load} data-testid="shift-report-refresh">
            {t('shift.report.refresh')}
          </button>
        ) : (
          <button className="btn" onClick={reprint} disabled={printing} data-testid="shift-report-print">
            {t('shift.report.print')}
          </button>
        )}
      </div>
      {error && <p className="field-error">{bodyErrorText(t, error)}</p>}
      {!report && !error && <p className="hint">{t('shift.loading')}</p>}
      {report && (
        <>
          <ReportSummary report={report} />
          <ReportTabs report={report} />
        </>
      )}
    </section>
  );
}
