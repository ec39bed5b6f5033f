import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Customer, Table, TableStatus } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { PATHS } from '../../routes.ts';
import { resume } from '../../sync/connection.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { OpenTableDialog } from './OpenTableDialog.tsx';
import { StatusFooter } from './StatusFooter.tsx';
import { TableCard } from './TableCard.tsx';

/** The live table overview: every device sees a table change the moment the hub commits it. */
export function TablesPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { state, pendingIds } = useView();
  const [filter, setFilter] = useState<TableStatus | 'all'>('all');
  const [area, setArea] = useState<string>('all');
  const [opening, setOpening] = useState<Table | null>(null);
  const [clearing, setClearing] = useState<Table | null>(null);

  const areas = useMemo(() => Object.values(state?.areas ?? {}).sort((a, b) => a.sort - b.sort), [state?.areas]);
  const inArea = useMemo(
    () => Object.values(state?.tables ?? {}).filter((x) => area === 'all' || x.areaId === area).sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name)),
    [state?.tables, area],
  );
  const shown = filter === 'all' ? inArea : inArea.filter((x) => x.status === filter);

  if (!state) return <p className="empty">{t('tables.loading')}</p>;

  const tap = (table: Table) => {
    if (table.status === TABLE_STATUS.free || table.status === TABLE_STATUS.reserved) setOpening(table);
    else if (table.status === TABLE_STATUS.toClear) setClearing(table);
    else navigate(`${PATHS.dinner}?tableId=${encodeURIComponent(table.id)}`);
  };

  const open = (table: Table, people: number, customer: Customer) => {
    void enqueue('table.open', { tableId: table.id, orderId: uuid(), people, customer });
    setOpening(null);
    navigate(`${PATHS.dinner}?tableId=${encodeURIComponent(table.id)}`);
  };

  return (
    <div className="tables-page">
      {areas.length > 1 && (
        <div className="area-tabs" role="tablist">
          {[{ id: 'all', name: t('tables.allAreas') }, ...areas].map((a) => (
            <button key={a.id} role="tab" aria-selected={area === a.id} className={`chip${area === a.id ? ' active' : ''}`} onClick={() => setArea(a.id)}>
              {a.name}
            </button>
          ))}
        </div>
      )}
      {inArea.length === 0 ? (
        <p className="empty">{t('tables.empty')}</p>
      ) : shown.length === 0 ? (
        <p className="empty">{t('tables.noneMatch')}</p>
      ) : (
        <div className="table-grid">
          {shown.map((table) => (
            <TableCard
              key={table.id}
              table={table}
              order={table.orderId ? state.orders[table.orderId] : undefined}
              pending={pendingIds.has(table.id) || (table.orderId !== null && pendingIds.has(table.orderId))}
              onTap={() => tap(table)}
            />
          ))}
        </div>
      )}
      <StatusFooter tables={inArea} filter={filter} onFilter={setFilter} onRefresh={() => resume()} />
      {opening && <OpenTableDialog table={opening} onCancel={() => setOpening(null)} onOpen={(p, c) => open(opening, p, c)} />}
      {clearing && (
        <Dialog
          title={t('tables.clearTitle', { name: clearing.name })}
          onClose={() => setClearing(null)}
          footer={
            <DialogActions
              onCancel={() => setClearing(null)}
              confirmLabel={t('tables.clear')}
              onConfirm={() => {
                void enqueue('table.clear', { tableId: clearing.id });
                setClearing(null);
              }}
              testId="clear-confirm"
            />
          }
        >
          <p>{t('tables.clearBody')}</p>
        </Dialog>
      )}
    </div>
  );
}
