import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { useCanSend } from '../../auth/aliases.ts';
import { enqueue } from '../../sync/outbox.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { SourceSelect } from './SourceSelect.tsx';
import { TablePicker } from './TablePicker.tsx';
import { isFree, occupied, sortedTables } from './table-sets.ts';

/**
 * Change table: the order moves to a free table. Choosing an occupied one
 * says "The current table is not free" (the hub's TABLE_NOT_FREE) and offers
 * to merge the two instead, when the role may.
 */
export function ChangeTableDialog(props: { state: State; from: string; onClose: () => void }) {
  const { t } = useTranslation();
  const canMerge = useCanSend('table.merge');
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState('');
  const target = to ? props.state.tables[to] : undefined;
  const source = from ? props.state.tables[from] : undefined;
  const blocked = target !== undefined && !isFree(target);
  const targets = sortedTables(props.state).filter((x) => x.id !== from);

  const change = () => {
    if (!source || !target || blocked) return;
    void enqueue('table.change', { fromTableId: source.id, toTableId: target.id });
    props.onClose();
  };
  const merge = () => {
    if (!source || !target) return;
    void enqueue('table.merge', { tableId: target.id, otherTableIds: [source.id] });
    props.onClose();
  };

  return (
    <Dialog
      title={t('ops.change')}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('ops.changeSubmit')} onConfirm={change} disabled={!source || !target || blocked} testId="change-submit" />}
    >
      <SourceSelect label={t('ops.from')} tables={occupied(props.state)} value={from} onChange={setFrom} testId="change-from" />
      <p className="ops-note">{t('ops.to')}</p>
      <TablePicker tables={targets} chosen={to ? [to] : []} onPick={setTo} testId="change-to" />
      {blocked && (
        <div data-testid="change-not-free">
          <p className="ops-warning">{t('ops.notFree')}</p>
          {canMerge && source && target && target.orderId !== null && (
            <button className="btn btn-primary" onClick={merge} data-testid="change-merge">
              {t('ops.offerMerge', { from: source.name, to: target.name })}
            </button>
          )}
        </div>
      )}
    </Dialog>
  );
}
