import { useTranslation } from 'react-i18next';
import type { Order, Table } from '#protocol';
import { formatSoles, subtotalCents } from '#hub/domain/money.ts';

/** One table on the overview: its name, status colour, guests and running total. */
export function TableCard(props: { table: Table; order: Order | undefined; pending: boolean; onTap: () => void }) {
  const { t } = useTranslation();
  const { table, order } = props;
  return (
    <button
      className={`table-card status-${table.status}${props.pending ? ' is-pending' : ''}`}
      onClick={props.onTap}
      data-testid={`table-${table.name}`}
      data-status={table.status}
    >
      <span className="table-name">{table.name}</span>
      <span className="table-status">{t(`status.${table.status}`)}</span>
      {order ? (
        <span className="table-meta">
          {t('tables.people', { count: order.people })} · {formatSoles(subtotalCents(order))}
        </span>
      ) : (
        <span className="table-meta">{t('tables.seats', { count: table.seats })}</span>
      )}
      {props.pending && <span className="pending-dot" title={t('order.pending')} />}
    </button>
  );
}
