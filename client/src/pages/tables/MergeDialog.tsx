import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { enqueue } from '../../sync/outbox.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { SourceSelect } from './SourceSelect.tsx';
import { TablePicker } from './TablePicker.tsx';
import { occupied } from './table-sets.ts';

/** M0093: fold other tables' orders into the main table's, for one bill (hub/domain/table-ops/README.md). */
export function MergeDialog(props: { state: State; from: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [main, setMain] = useState(props.from);
  const [others, setOthers] = useState<string[]>([]);
  const mainOrder = main ? props.state.tables[main]?.orderId : null;
  // Only a group's own main table can join another group (the hub refuses the rest: TABLE_IN_GROUP).
  const candidates = occupied(props.state).filter((x) => x.orderId !== mainOrder && props.state.orders[x.orderId ?? '']?.tableId === x.id);
  const toggle = (id: string) => setOthers((xs) => (xs.includes(id) ? xs.filter((x) => x !== id) : [...xs, id]));
  const submit = () => {
    if (!main || others.length === 0) return;
    void enqueue('table.merge', { tableId: main, otherTableIds: others });
    props.onClose();
  };
  return (
    <Dialog
      title={t('ops.merge')}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('ops.mergeSubmit')} onConfirm={submit} disabled={!main || others.length === 0} testId="merge-submit" />}
    >
      <p className="ops-note">{t('ops.mergeNote')}</p>
      <SourceSelect label={t('ops.mergeMain')} tables={occupied(props.state)} value={main} onChange={(id) => {
          setMain(id);
          setOthers([]);
        }} testId="merge-main" />
      <p className="ops-note">{t('ops.mergeOthers')}</p>
      {candidates.length === 0 ? <p className="hint">{t('ops.none')}</p> : <TablePicker tables={candidates} chosen={others} onPick={toggle} testId="merge-other" />}
    </Dialog>
  );
}
