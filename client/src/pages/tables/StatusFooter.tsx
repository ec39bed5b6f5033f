import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { State, Table, TableStatus } from '#protocol';
import { drawerPrinter } from '#hub/domain/printing/routing.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { enqueue } from '../../sync/outbox.ts';
import { replica } from '../../sync/replica.ts';
import { showToast } from '../../ui/ui-store.ts';
import { DrawerDialog } from './DrawerDialog.tsx';
import { useAnyTableOp } from './TableOpsMenu.tsx';

/** SPEC.md's footer filters (all, free, pending order, dining, pre-paid, to be cleared) with counts. */
export const FILTERS: readonly (TableStatus | 'all')[] = ['all', 1, 2, 3, 4, 5];

/**
 * The table footer: the status filters (they wrap onto a second row on a
 * phone: nothing hides off-screen), open the cash drawer (cashDrawer),
 * refresh, and the table operations menu.
 */
export function StatusFooter(props: { tables: readonly Table[]; filter: TableStatus | 'all'; onFilter: (f: TableStatus | 'all') => void; onRefresh: () => void; onOps: () => void }) {
  const { t } = useTranslation();
  const canDrawer = useCanSend('drawer.open');
  const anyOp = useAnyTableOp();
  const count = (f: TableStatus | 'all') => (f === 'all' ? props.tables.length : props.tables.filter((x) => x.status === f).length);
  const { state } = useSnapshot(replica);
  const [askingWhy, setAskingWhy] = useState(false);
  const openDrawer = (reason: string) => {
    setAskingWhy(false);
    // Recorded at once (offline it waits in the outbox); a refusal shows as the usual toast. The
    // receipt printer with a drawer kicks it (hub/domain/printing/routing.ts); without one, the
    // opening is only recorded, and the toast says where to set the drawer up.
    void enqueue('drawer.open', { reason });
    const printer = state ? drawerPrinter(state as State) : null;
    showToast(printer ? t('footer.drawerOpening', { printer: printer.name }) : t('footer.drawerNoPrinter'));
  };
  return (
    <footer className="status-footer">
      <div className="filters" role="tablist" aria-label={t('footer.filtersHint')}>
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
      <div className="footer-actions">
        {canDrawer && (
          <button className="btn" onClick={() => setAskingWhy(true)} data-testid="drawer-open">
            {t('footer.drawer')}
          </button>
        )}
        <button className="btn btn-ghost" onClick={props.onRefresh}>
          {t('tables.refresh')}
        </button>
        {anyOp && (
          <button className="btn btn-primary" onClick={props.onOps} data-testid="table-ops">
            {t('footer.ops')}
          </button>
        )}
      </div>
      {askingWhy && <DrawerDialog onCancel={() => setAskingWhy(false)} onConfirm={openDrawer} />}
    </footer>
  );
}
