import { useTranslation } from 'react-i18next';
import type { Order, Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { formatSoles, orderTotals } from '#hub/domain/money.ts';
import { groupMinimumCents } from '#hub/domain/table-ops/group-minimum.ts';
import { useKitchenScreen } from '../../auth/kitchen-screen.ts';
import { ReadyMark } from '../../ui/KitchenReadySignal.tsx';
import { limaTime } from './reserved-soon.ts';

/**
 * One table on the overview: its name and type, status colour, guests and
 * running total (never cut: it wraps to its own line), the minimum spend,
 * a reservation within the hour, and the main table of a merged group.
 */
export function TableCard(props: { table: Table; tables: Readonly<Record<string, Table>>; order: Order | undefined; mainName: string | null; reservedAt: string | null; pending: boolean; onTap: () => void }) {
  const { t } = useTranslation();
  const { table, order } = props;
  const kitchen = useKitchenScreen();
  const free = table.status === TABLE_STATUS.free || table.status === TABLE_STATUS.reserved;
  return (
    <button
      className={`table-card status-${table.status}${props.pending ? ' is-pending' : ''}`}
      onClick={props.onTap}
      data-testid={`table-${table.name}`}
      data-status={table.status}
    >
      <span className="table-head">
        <span className="table-name">{table.name}</span>
        {table.type !== 'hall' && <span className="table-type">{t(`card.types.${table.type}`)}</span>}
      </span>
      <span className="table-status">{t(`status.${table.status}`)}</span>
      {props.mainName && <span className="table-note">{t('card.merged', { name: props.mainName })}</span>}
      {order && <ReadyMark orderId={order.id} tableName={table.name} />}
      {free && props.reservedAt && (
        <span className="table-note table-reserved" data-testid={`reserved-${table.name}`}>
          {t('card.reservedAt', { time: limaTime(props.reservedAt) })}
        </span>
      )}
      {order ? (
        <span className="table-meta">
          <span>{t('tables.people', { count: order.people })}</span>
          {/* What the table owes as the payment screen counts it: discounts, tip, lunch boxes and the minimum-spend fee (the whole merged group's minimum) included. */}
          {/* A kitchen screen receives no amounts (hub/presenters/amounts.ts): no "S/ 0.00" that reads as a bill. */}
          {!kitchen && (
            <b className="table-total" data-testid={`total-${table.name}`}>
              {formatSoles(orderTotals(order, groupMinimumCents(props.tables, order)).totalCents)}
            </b>
          )}
        </span>
      ) : (
        <span className="table-meta">
          <span>{t('tables.seats', { count: table.seats })}</span>
        </span>
      )}
      {table.minConsumptionCents > 0 && <span className="table-note">{t('card.minimum', { amount: formatSoles(table.minConsumptionCents) })}</span>}
      {props.pending && <span className="pending-dot" title={t('order.pending')} />}
    </button>
  );
}
