import { useTranslation } from 'react-i18next';
import { DOC_KINDS, PAY_METHODS } from '#protocol';
import { RECORD_STATES } from '#hub/domain/bills/list.ts';
import { RANGE_PRESETS, type Filters } from './bill-view.ts';
import { MethodOptions } from '../../ui/MethodOptions.tsx';

/** The search form: the range chips (custom shows two dates), table, number, method, document, record state. */
export function BillFilters(props: { filters: Filters; today: string | null; onChange: (f: Filters) => void; onSearch: () => void }) {
  const { t } = useTranslation();
  const f = props.filters;
  const set = (patch: Partial<Filters>) => props.onChange({ ...f, ...patch });
  const extraSet = f.method !== '' || f.document !== '' || f.record !== 'all';
  return (
    <form
      className="bills-filters"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSearch();
      }}
    >
      <div className="chips" role="radiogroup" aria-label={t('bills.columns.time')}>
        {RANGE_PRESETS.map((p) => (
          <button type="button" key={p} className={`chip${f.preset === p ? ' active' : ''}`} role="radio" aria-checked={f.preset === p} onClick={() => set({ preset: p })} data-testid={`bills-range-${p}`}>
            {t(`bills.ranges.${p}`)}
          </button>
        ))}
      </div>
      {f.preset === 'custom' && (
        <div className="bills-row">
          <label className="field">
            {t('bills.from')}
            <input type="date" value={f.from} max={props.today ?? undefined} onChange={(e) => set({ from: e.target.value })} data-testid="bills-from" />
          </label>
          <label className="field">
            {t('bills.to')}
            <input type="date" value={f.to} max={props.today ?? undefined} onChange={(e) => set({ to: e.target.value })} data-testid="bills-to" />
          </label>
        </div>
      )}
      <div className="bills-row bills-row-text">
        <label className="field">
          {t('bills.number')}
          <input value={f.no} maxLength={30} inputMode="search" placeholder={t('bills.numberPlaceholder')} onChange={(e) => set({ no: e.target.value })} data-testid="bills-no" />
        </label>
        <label className="field">
          {t('bills.table')}
          <input value={f.table} maxLength={40} placeholder={t('bills.tablePlaceholder')} onChange={(e) => set({ table: e.target.value })} data-testid="bills-table" />
        </label>
      </div>
      {/* Method, document and record fold away on a phone (open when one is set), so the bills show without scrolling past the form. */}
      <details className="bills-extra" open={extraSet || undefined} data-testid="bills-extra">
        <summary>{extraSet ? t('bills.moreFiltersSet') : t('bills.moreFilters')}</summary>
        <div className="bills-row">
          <label className="field">
            {t('bills.method')}
            <select value={f.method} onChange={(e) => set({ method: PAY_METHODS.find((m) => m === e.target.value) ?? '' })} data-testid="bills-method">
              <option value="">{t('bills.any')}</option>
              <MethodOptions methods={PAY_METHODS} />
            </select>
          </label>
          <label className="field">
            {t('bills.document')}
            <select value={f.document} onChange={(e) => set({ document: DOC_KINDS.find((d) => d === e.target.value) ?? '' })} data-testid="bills-document">
              <option value="">{t('bills.any')}</option>
              {DOC_KINDS.map((d) => (
                <option key={d} value={d}>
                  {t(`pay.doc.kinds.${d}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('bills.record')}
            <select value={f.record} onChange={(e) => set({ record: RECORD_STATES.find((r) => r === e.target.value) ?? 'all' })} data-testid="bills-record">
              {(['all', ...RECORD_STATES] as const).map((r) => (
                <option key={r} value={r}>
                  {t(`bills.records.${r}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </details>
      <button type="submit" className="btn primary bills-search" data-testid="bills-search">
        {t('bills.search')}
      </button>
    </form>
  );
}
