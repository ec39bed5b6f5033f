import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderReport } from '#protocol';
import { businessDayOf, closingHourOf } from '#domain';
import { bodyErrorText } from '../../i18n/keys.ts';
import { useView } from '../../sync/view.ts';
import { dayText } from '../../ui/dates.ts';
import { nameOf } from '../tally/tally-view.ts';
import { exportUrl, fetchReport } from './collect-api.ts';
import { rangeOf, rangeProblem, sectionsOf, type DayRange, type Labels, type RangeKind } from './collect-view.ts';
import { KpiCards } from './KpiCards.tsx';
import { MembersCard } from './MembersCard.tsx';
import { hasMemberFigures } from './members-view.ts';
import { ReportSection } from './ReportSection.tsx';
import './collect.css';

const KINDS: readonly RangeKind[] = ['today', 'week', 'month', 'custom'];

/**
 * /pages/collect/index (M014): the order report. Today, this week, this
 * month or chosen business days; the hub adds the figures up
 * (GET /api/reports/orders), the page shows the headline figures, then each
 * breakdown as a chart beside the same rows as a table, and offers the
 * workbook (GET /api/reports/orders.xlsx). Today is the current business
 * day by this device's clock and the restaurant's closing hour.
 */
export function CollectPage() {
  const { t, i18n } = useTranslation();
  const { state } = useView();
  const closingHour = closingHourOf(state?.settings ?? {});
  const today = businessDayOf(new Date().toISOString(), closingHour);
  const [kind, setKind] = useState<RangeKind>('today');
  const [custom, setCustom] = useState<DayRange>({ from: today, to: today });
  const [asked, setAsked] = useState<DayRange>(custom);
  const [got, setGot] = useState<{ key: string; reply: OrderReport | { error: string } } | null>(null);
  const [reload, setReload] = useState(0);
  const range = kind === 'custom' ? asked : rangeOf(kind, today, custom);
  // An answer is shown only for the range (and retry) it was asked for: a new range shows "computing" until its own answer.
  const key = `${range.from}/${range.to}/${reload}`;
  const reply = got?.key === key ? got.reply : null;

  useEffect(() => {
    let current = true;
    void fetchReport({ from: range.from, to: range.to }).then((r) => current && setGot({ key, reply: r }));
    return () => {
      current = false;
    };
  }, [key, range.from, range.to]);

  const labels: Labels = useMemo(
    () => ({
      weekday: (d) => t(`collect.weekdays.d${d as 1 | 2 | 3 | 4 | 5 | 6 | 7}`),
      day: (day) => dayText(day, i18n.language),
      method: (m) => t(`pay.methods.${m}`),
      staff: (id) => (id === '' ? t('collect.hub') : nameOf(state, id)),
      channel: (key) => t(`collect.channels.${key}`),
      customCategory: t('collect.customCategory'),
      discounts: {
        line: t('collect.discounts.line'),
        order: t('collect.discounts.order'),
        gifts: t('collect.discounts.gifts'),
        returns: t('collect.discounts.returns'),
        refunds: t('collect.discounts.refunds'),
        withdrawn: t('collect.discounts.withdrawn'),
      },
    }),
    // Staff names change rarely; the language changes the labels.
    [t, i18n.language, state?.staff], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const report = reply && 'figures' in reply ? reply : null;
  const sections = useMemo(() => (report ? sectionsOf(report.figures, labels) : []), [report, labels]);
  const problem = rangeProblem(custom);

  return (
    <div className="collect-page" data-testid="collect-page">
      <header className="collect-head">
        <h1>{t('collect.title')}</h1>
        <a className="btn" href={exportUrl(range, i18n.language)} download data-testid="collect-export">
          {t('collect.export')}
        </a>
      </header>
      <div className="collect-ranges" role="group" aria-label={t('collect.title')}>
        {KINDS.map((k) => (
          <button key={k} className={`btn ${kind === k ? 'btn-primary' : ''}`} aria-pressed={kind === k} onClick={() => setKind(k)} data-testid={`collect-range-${k}`}>
            {t(`collect.ranges.${k}`)}
          </button>
        ))}
      </div>
      {kind === 'custom' && (
        <form
          className="collect-custom"
          onSubmit={(e) => {
            e.preventDefault();
            if (!problem) setAsked(custom);
          }}
        >
          <label className="field">
            <span>{t('collect.from')}</span>
            <input type="date" value={custom.from} max={today} onChange={(e) => setCustom({ ...custom, from: e.target.value })} data-testid="collect-from" />
          </label>
          <label className="field">
            <span>{t('collect.to')}</span>
            <input type="date" value={custom.to} max={today} onChange={(e) => setCustom({ ...custom, to: e.target.value })} data-testid="collect-to" />
          </label>
          <button className="btn btn-primary" type="submit" disabled={problem !== null} data-testid="collect-show">
            {t('collect.show')}
          </button>
          {problem && <p className="collect-problem">{t(problem === 'order' ? 'collect.rangeOrder' : 'collect.rangeTooLong')}</p>}
        </form>
      )}
      <p className="collect-period" data-testid="collect-period">
        {range.from === range.to ? dayText(range.from, i18n.language) : t('collect.period', { from: dayText(range.from, i18n.language), to: dayText(range.to, i18n.language) })}
      </p>
      {reply === null && <p className="empty">{t('collect.loading')}</p>}
      {reply && 'error' in reply && (
        <div className="collect-error" role="alert">
          <p>{bodyErrorText(t, reply.error)}</p>
          <button className="btn" onClick={() => setReload((n) => n + 1)}>
            {t('collect.retry')}
          </button>
        </div>
      )}
      {report && (
        <>
          <KpiCards figures={report.figures} />
          {sections.length === 0 ? (
            <p className="empty" data-testid="collect-empty">
              {t('collect.empty')}
            </p>
          ) : (
            <div className="collect-sections">
              {sections.map((s) => (
                <ReportSection key={s.id} section={s} />
              ))}
            </div>
          )}
          {hasMemberFigures(report.figures.members) && <MembersCard members={report.figures.members} />}
        </>
      )}
    </div>
  );
}
