import { useTranslation } from 'react-i18next';
import type { ParkedOrder, State, Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { getOwn } from '#hub/domain/records.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** Tables a parked order can go to: free or reserved ones (opened for it), and open orders not yet pre-billed (its dishes join them). */
export function seatableTables(state: State): { free: Table[]; busy: Table[] } {
  const tables = Object.values(state.tables).sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
  const free = tables.filter((x) => x.status === TABLE_STATUS.free || x.status === TABLE_STATUS.reserved);
  const busy = tables.filter((x) => x.orderId && getOwn(state.orders, x.orderId)?.status === 'open');
  return { free, busy };
}

/** "Seat at a table": pick where a parked order goes. */
export function SeatDialog(props: { state: State; parked: ParkedOrder; onPick: (table: Table) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { free, busy } = seatableTables(props.state);
  return (
    <Dialog
      title={`${t('pending.chooseTable')} · ${props.parked.label || t('pending.no', { no: props.parked.no })}`}
      onClose={props.onClose}
      footer={
        <button className="btn" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      }
    >
      {free.length + busy.length === 0 && <p className="hint">{t('pending.noTables')}</p>}
      {free.length > 0 && <h3>{t('pending.freeTables')}</h3>}
      <div className="action-grid">
        {free.map((x) => (
          <button key={x.id} className="btn action-btn" onClick={() => props.onPick(x)} data-testid={`seat-${x.id}`}>
            {x.name}
          </button>
        ))}
      </div>
      {busy.length > 0 && <h3>{t('pending.busyTables')}</h3>}
      <div className="action-grid">
        {busy.map((x) => (
          <button key={x.id} className="btn action-btn" onClick={() => props.onPick(x)} data-testid={`seat-${x.id}`}>
            {x.name}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
