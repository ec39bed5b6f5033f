import { useTranslation } from 'react-i18next';
import type { ClosedShift, State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { limaDayOf } from './report/report-api.ts';
import { ShiftReportView } from './report/ShiftReportView.tsx';
import { ShiftFigures } from './ShiftFigures.tsx';
import { nameOf, toneOf } from './shift-view.ts';
import { CountHead } from './CountHead.tsx';

/** A closed shift: who and when, each method's count against what was expected, then its figures. */
export function ClosedShiftSummary(props: { shift: ClosedShift; state: State }) {
  const { t, i18n } = useTranslation();
  const s = props.shift;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { timeZone: 'America/Lima', dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <section className="shift-card" data-testid="shift-summary">
        <h2>{t('shift.summary')}</h2>
        <p className="hint">{t('shift.openedBy', { name: nameOf(props.state, s.openedBy), time: time(s.openedAt) })}</p>
        <p className="hint">{t('shift.closedBy', { name: nameOf(props.state, s.closedBy), time: time(s.closedAt) })}</p>
        <table className="shift-count">
          <CountHead />
          <tbody>
            {s.counts.map((c) => (
              <tr key={c.method}>
                <td>{t(`pay.methods.${c.method}`)}</td>
                <td>{formatSoles(c.expectedCents)}</td>
                <td>{formatSoles(c.countedCents)}</td>
                <td className={`shift-${toneOf(c.differenceCents)}`} data-testid={`shift-summary-diff-${c.method}`}>
                  {`${c.differenceCents > 0 ? '+' : ''}${formatSoles(c.differenceCents)}`}<small>{t(`shift.${toneOf(c.differenceCents)}`)}</small>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {s.note && (
          <p>
            {t('shift.note')}: {s.note}
          </p>
        )}
      </section>
      <ShiftFigures shift={s} />
      <ShiftReportView source={{ id: s.id, day: limaDayOf(s.closedAt) }} />
    </>
  );
}
