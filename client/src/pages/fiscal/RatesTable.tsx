import { useTranslation } from 'react-i18next';
import type { RateRow } from './fiscal-form.ts';

/**
 * One table of dated rates ("from this Lima day, this rate"): each row's day
 * and amount editable, rows added and removed. `unit` names the amount's
 * column (a percent, or soles per bag).
 */
export function RatesTable(props: { title: string; unit: string; rows: RateRow[]; onChange: (rows: RateRow[]) => void; testId: string }) {
  const { t } = useTranslation();
  const { rows } = props;
  const set = (i: number, row: Partial<RateRow>) => props.onChange(rows.map((r, k) => (k === i ? { ...r, ...row } : r)));
  const last = rows[rows.length - 1];
  return (
    <div className="fiscal-rates" data-testid={props.testId}>
      <h3>{props.title}</h3>
      <table>
        <thead>
          <tr>
            <th>{t('fiscal.from')}</th>
            <th>{props.unit}</th>
            <th aria-label={t('fiscal.removeRate')} />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>
                <input type="date" value={r.from} aria-label={t('fiscal.from')} onChange={(e) => set(i, { from: e.target.value })} />
              </td>
              <td>
                <input className="fiscal-rate-value" inputMode="decimal" value={r.value} aria-label={props.unit} onChange={(e) => set(i, { value: e.target.value })} />
              </td>
              <td>
                <button className="btn btn-small" onClick={() => props.onChange(rows.filter((_, k) => k !== i))}>
                  {t('fiscal.removeRate')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button className="btn btn-small" onClick={() => props.onChange([...rows, { from: '', value: last?.value ?? '' }])}>
        + {t('fiscal.addRate')}
      </button>
    </div>
  );
}
