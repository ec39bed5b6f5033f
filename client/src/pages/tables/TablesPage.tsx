import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Customer, Table, TableStatus } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { useCanSend } from '../../auth/aliases.ts';
import { PATHS } from '../../routes.ts';
import { resume } from '../../sync/connection.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { ChangeTableDialog } from './ChangeTableDialog.tsx';
import { ClearPicker } from './ClearPicker.tsx';
import { CopyDialog } from './CopyDialog.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { OpenManyDialog } from './OpenManyDialog.tsx';
import { OpenTableDialog } from './OpenTableDialog.tsx';
import { QueueDialog } from './QueueDialog.tsx';
import { reservedSoon } from './reserved-soon.ts';
import { SplitDialog } from './SplitDialog.tsx';
import { StatusFooter } from './StatusFooter.tsx';
import { TableCard } from './TableCard.tsx';
import { TableOpsMenu, type TableOp } from './TableOpsMenu.tsx';
import { mainTableName } from './table-sets.ts';
import { useMinute } from './use-minute.ts';
import './tables.css';

/** The live table overview: every device sees a table change the moment the hub commits it. */
export function TablesPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { state, pendingIds } = useView();
  const [filter, setFilter] = useState<TableStatus | 'all'>('all');
  const [picked, setArea] = useState<string>('all');
  const [opening, setOpening] = useState<Table | null>(null);
  const [clearing, setClearing] = useState<Table | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [op, setOp] = useState<TableOp | null>(null);
  const now = useMinute();
  const soon = useMemo(() => (state ? reservedSoon(state, now) : new Map<string, string>()), [state, now]);

  const areas = useMemo(() => Object.values(state?.areas ?? {}).sort((a, b) => a.sort - b.sort), [state?.areas]);
  // The owner may remove the area this map was showing (pages/floor): then it shows them all.
  const area = picked === 'all' || areas.some((a) => a.id === picked) ? picked : 'all';
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
        <EmptyFloor />
      ) : shown.length === 0 ? (
        <p className="empty">{t('tables.noneMatch')}</p>
      ) : (
        <div className="table-grid">
          {shown.map((table) => (
            <TableCard
              key={table.id}
              table={table}
              tables={state.tables}
              order={table.orderId ? state.orders[table.orderId] : undefined}
              mainName={mainTableName(state, table)}
              reservedAt={soon.get(table.id) ?? null}
              pending={pendingIds.has(table.id) || (table.orderId !== null && pendingIds.has(table.orderId))}
              onTap={() => tap(table)}
            />
          ))}
        </div>
      )}
      <StatusFooter tables={inArea} filter={filter} onFilter={setFilter} onRefresh={() => resume()} onOps={() => setMenuOpen(true)} />
      {menuOpen && (
        <TableOpsMenu
          onClose={() => setMenuOpen(false)}
          onPick={(picked) => {
            setMenuOpen(false);
            setOp(picked);
          }}
        />
      )}
      {op === 'queue' && <QueueDialog state={state} onClose={() => setOp(null)} />}
      {op === 'openMany' && <OpenManyDialog state={state} onClose={() => setOp(null)} />}
      {op === 'change' && <ChangeTableDialog state={state} from="" onClose={() => setOp(null)} />}
      {op === 'merge' && <MergeDialog state={state} from="" onClose={() => setOp(null)} />}
      {op === 'copy' && <CopyDialog state={state} from="" onClose={() => setOp(null)} />}
      {op === 'split' && <SplitDialog state={state} from="" onClose={() => setOp(null)} />}
      {op === 'clear' && <ClearPicker tables={inArea} onPick={(x) => {
            setOp(null);
            setClearing(x);
          }} onClose={() => setOp(null)} />}
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

/**
 * No table yet (issue 18): whoever may set the floor up gets there in one
 * tap; everyone else reads who does it.
 */
function EmptyFloor() {
  const { t } = useTranslation();
  const canSetUp = useCanSend('table.addMany');
  return (
    <div className="empty" data-testid="tables-empty">
      <p>{t(canSetUp ? 'tables.emptyOwner' : 'tables.empty')}</p>
      {canSetUp && (
        <Link href={PATHS.floor} className="btn btn-primary" data-testid="tables-setup">
          {t('tables.setUp')}
        </Link>
      )}
    </div>
  );
}
