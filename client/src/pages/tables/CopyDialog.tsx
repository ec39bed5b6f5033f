import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { QtyStepper } from '../../ui/QtyStepper.tsx';
import { SourceSelect } from './SourceSelect.tsx';
import { TablePicker } from './TablePicker.tsx';
import { isFree, occupied, sortedTables } from './table-sets.ts';

/** M0094: order a table's dishes again at a free table (new order, not yet sent). */
export function CopyDialog(props: { state: State; from: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState('');
  const [people, setPeople] = useState(2);
  const order = from ? props.state.orders[props.state.tables[from]?.orderId ?? ''] : undefined;
  const submit = () => {
    if (!order || !to || order.lines.length === 0) return;
    void enqueue('order.copyTo', { fromOrderId: order.id, toTableId: to, orderId: uuid(), people, lines: order.lines.map((l) => ({ fromLineId: l.id, lineId: uuid() })) });
    props.onClose();
  };
  return (
    <Dialog
      title={t('ops.copy')}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('ops.copySubmit')} onConfirm={submit} disabled={!order || !to || order.lines.length === 0} testId="copy-submit" />}
    >
      <p className="ops-note">{t('ops.copyNote')}</p>
      <SourceSelect label={t('ops.from')} tables={occupied(props.state).filter((x) => (props.state.orders[x.orderId ?? '']?.lines.length ?? 0) > 0)} value={from} onChange={setFrom} testId="copy-from" />
      <p className="ops-note">{t('ops.to')}</p>
      <TablePicker tables={sortedTables(props.state).filter(isFree)} chosen={to ? [to] : []} onPick={setTo} testId="copy-to" />
      <label className="field">
        <span>{t('ops.people')}</span>
        <QtyStepper value={people} max={99} onChange={(f) => setPeople(f)} />
      </label>
    </Dialog>
  );
}
