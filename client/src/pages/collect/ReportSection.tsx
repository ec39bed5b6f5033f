import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSoles } from '#hub/domain/money.ts';
import { totalsOf, type Section } from './collect-view.ts';
import { ReportChart } from './ReportChart.tsx';

/**
 * One breakdown: its chart and the same rows as a table. On a wide screen
 * both show side by side; on a phone one at a time, with a toggle.
 */
export function ReportSection(props: { section: Section }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const s = props.section;
  const title = t(`collect.sections.${s.id}`);
  const total = totalsOf(s.rows);
  return (
    <section className={`collect-card collect-show-${view}`} data-testid={`collect-section-${s.id}`}>
      <header className="collect-card-head">
        <h2>{title}</h2>
        <div className="collect-toggle" role="group" aria-label={title}>
          <button className={`btn ${view === 'chart' ? 'btn-primary' : ''}`} aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
            {t('collect.showChart')}
          </button>
          <button className={`btn ${view === 'table' ? 'btn-primary' : ''}`} aria-pressed={view === 'table'} onClick={() => setView('table')} data-testid={`collect-table-${s.id}`}>
            {t('collect.showTable')}
          </button>
        </div>
      </header>
      <div className="collect-body">
        <div className="collect-chart-side">
          <ReportChart kind={s.chart} rows={s.rows} label={title} />
        </div>
        <div className="collect-table-side">
          <table className="collect-table">
            <thead>
              <tr>
                <th>{t('collect.columns.name')}</th>
                <th>{t(`collect.columns.${s.count}`)}</th>
                <th>{t('collect.columns.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {s.rows.map((r) => (
                <tr key={r.key}>
                  <td>{r.label}</td>
                  <td>{r.count}</td>
                  <td>{formatSoles(r.cents)}</td>
                </tr>
              ))}
            </tbody>
            {s.totals && (
              <tfoot>
                <tr data-testid={`collect-total-${s.id}`}>
                  <th>{t('collect.total')}</th>
                  <td>{total.count}</td>
                  <td>{formatSoles(total.cents)}</td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      </div>
    </section>
  );
}
