import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLine, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { chargedQty } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { QtyStepper } from '../../ui/QtyStepper.tsx';
import { SourceSelect } from './SourceSelect.tsx';
import { TablePicker } from './TablePicker.tsx';
import { isFree, occupied, sortedTables } from './table-sets.ts';

/** Whether `qty` portions of this line may leave it: all of it, or plain charged portions of an undiscounted line. */
export function canMove(line: OrderLine, qty: number): boolean {
  if (qty === line.qty) return true;
  return line.discountCents === 0 && qty <= chargedQty(line);
}

/** One line with how many of its portions move (0 to all). */
function SplitLine(props: { line: OrderLine; qty: number; onQty: (qty: number) => void }) {
  const { t, i18n } = useTranslation();
  const { line, qty } = props;
  return (
    <div className="split-line" data-testid={`split-line-${line.code || line.id}`}>
      <span className="split-name">
        {nameIn(line.names, i18n.language)} × {line.qty}
        {qty > 0 && !canMove(line, qty) && <span className="ops-warning"> · {t('ops.splitWhole')}</span>}
      </span>
      <div className="stepper">
        <button className="btn" onClick={() => props.onQty(Math.max(0, qty - 1))} aria-label="-" data-testid="split-minus">
          −
        </button>
        <input readOnly value={qty} />
        <button className="btn" onClick={() => props.onQty(Math.min(line.qty, qty + 1))} aria-label="+" data-testid="split-plus">
          +
        </button>
      </div>
    </div>
  );
}

/**
 * M0095, share/split: choose how many portions of each dish go to another
 * table (a free one opens; an occupied one takes them into its order).
 * Splitting the bill by people or by amount is the payment screen's.
 */
export function SplitDialog(props: { state: State; from: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState('');
  const [people, setPeople] = useState(1);
  const [qty, setQty] = useState<Record<string, number>>({});
  const order = from ? props.state.orders[props.state.tables[from]?.orderId ?? ''] : undefined;
  const target = to ? props.state.tables[to] : undefined;
  const moving = order ? order.lines.filter((l) => (qty[l.id] ?? 0) > 0) : [];
  const valid = moving.length > 0 && moving.every((l) => canMove(l, qty[l.id] ?? 0)) && target !== undefined;
  const targets = sortedTables(props.state).filter(
    (x) => x.orderId !== order?.id && x.status !== TABLE_STATUS.prebilled && x.status !== TABLE_STATUS.toClear,
  );
  const submit = () => {
    if (!order || !target || !valid) return;
    const lines = moving.map((l) => ({ lineId: l.id, qty: qty[l.id] ?? 0, newLineId: uuid() }));
    void enqueue('order.moveLines', { fromOrderId: order.id, toTableId: target.id, orderId: uuid(), people, lines });
    props.onClose();
  };
  return (
    <Dialog
      wide
      title={t('ops.split')}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('ops.splitSubmit')} onConfirm={submit} disabled={!valid} testId="split-submit" />}
    >
      <SourceSelect
        label={t('ops.from')}
        tables={occupied(props.state).filter((x) => props.state.orders[x.orderId ?? '']?.status === 'open')}
        value={from}
        onChange={(id) => {
          setFrom(id);
          setQty({});
        }}
        testId="split-from"
      />
      {order && (
        <>
          <p className="ops-note">{t('ops.splitNote')}</p>
          {order.lines.map((l) => (
            <SplitLine key={l.id} line={l} qty={qty[l.id] ?? 0} onQty={(n) => setQty((q) => ({ ...q, [l.id]: n }))} />
          ))}
        </>
      )}
      <p className="ops-note">{t('ops.to')}</p>
      <TablePicker tables={targets.filter((x) => x.id !== from)} chosen={to ? [to] : []} onPick={setTo} testId="split-to" />
      {target && isFree(target) && (
        <label className="field">
          <span>{t('ops.people')}</span>
          <QtyStepper value={people} max={99} onChange={(f) => setPeople(f)} />
        </label>
      )}
    </Dialog>
  );
}
