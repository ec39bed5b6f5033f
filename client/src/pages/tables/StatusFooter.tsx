import { useTranslation } from 'react-i18next';
import type { Table, TableStatus } from '#protocol';

/** SPEC.md's footer filters (all, free, pending order, dining, pre-paid, to be cleared) with counts. */
export const FILTERS: readonly (TableStatus | 'all')[] = ['all', 1, 2, 3, 4, 5];

export function StatusFooter(props: { tables: readonly Table[]; filter: TableStatus | 'all'; onFilter: (f: TableStatus | 'all') => void; onRefresh: () => void }) {
  const { t } = useTranslation();
  const count = (f: TableStatus | 'all') => (f === 'all' ? props.tables.length : props.tables.filter((x) => x.status === f).length);
  return (
    <footer className="status-footer">
      <div className="filters" role="tablist">
        {FILTERS.map((f) => (
          <button
            key={f}
            role="tab"
            aria-selected={props.filter === f}
            className={`filter filter-${f}${props.filter === f ? ' active' : ''}`}
            onClick={() => props.onFilter(f)}
            data-testid={`filter-${f}`}
          >
            {f !== 'all' && <span className={`swatch status-${f}`} aria-hidden="true" />}
            {f === 'all' ? t('tables.all') : t(`status.${f}`)} <b>{count(f)}</b>
          </button>
        ))}
      </div>
      <button className="btn btn-ghost" onClick={props.onRefresh}>
        ⟳ {t('tables.refresh')}
      </button>
    </footer>
  );
}
