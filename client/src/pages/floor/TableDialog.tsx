import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State, TableDef } from '#protocol';
import { TABLE_STATUS, TABLE_TYPES } from '#protocol';
import { errorText } from '../../i18n/keys.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { QtyStepper } from '../../ui/QtyStepper.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { areasInOrder, centsToSoles, lastSort, solesToCents, suggestBatch } from './floor-form.ts';
import { sendSetup } from './floor-send.ts';

/**
 * One table, new or edited: name, area (moving it), SPEC.md's table type,
 * guests, minimum consumption; removing it (the hub refuses one in use:
 * TABLE_IN_USE, shown here).
 */
export function TableDialog(props: { state: State; areaId: string; table: TableDef | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TableDef>(() => {
    if (props.table) return props.table;
    const next = suggestBatch(props.state, props.state.areas[props.areaId]);
    return { id: uuid(), areaId: props.areaId, name: `${next.prefix}${next.from}`, type: 'hall', seats: 4, minConsumptionCents: 0, sort: lastSort(props.state) + 1 };
  });
  const [minimum, setMinimum] = useState(centsToSoles(form.minConsumptionCents));
  const [error, setError] = useState('');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const set = (patch: Partial<TableDef>) => setForm((f) => ({ ...f, ...patch }));
  const live = props.table ? props.state.tables[props.table.id] : undefined;
  const busy = live !== undefined && (live.status !== TABLE_STATUS.free || live.orderId !== null);

  const done = (reply: Awaited<ReturnType<typeof sendSetup>>) => {
    if (reply === null) showToast(t('floor.queued'));
    else if (!reply.ok) return setError(errorText(t, reply.code));
    else showToast(t('floor.saved'));
    props.onClose();
  };
  const save = async () => {
    const name = form.name.trim();
    if (!name) return setError(errorText(t, 'REQUIRED_FIELD'));
    const cents = solesToCents(minimum);
    if (cents === null) return setError(t('floor.table.badMinimum'));
    done(await sendSetup('table.save', { ...form, name, minConsumptionCents: cents }));
  };
  const remove = async () => {
    setConfirmRemove(false);
    if (props.table) done(await sendSetup('table.remove', { tableId: props.table.id }));
  };

  return (
    <Dialog
      title={props.table ? t('floor.table.editTitle', { name: props.table.name }) : t('floor.table.newTitle')}
      onClose={props.onClose}
      footer={
        <>
          {props.table && (
            <button className="btn floor-danger floor-remove" onClick={() => setConfirmRemove(true)} data-testid="floor-table-remove">
              {t('floor.table.remove')}
            </button>
          )}
          <button className="btn" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button className="btn btn-primary" onClick={() => void save()} data-testid="floor-table-save">
            {t('common.save')}
          </button>
        </>
      }
    >
      <label className="field">
        {t('floor.table.name')} <small>({t('common.required')})</small>
        <input value={form.name} maxLength={30} onChange={(e) => set({ name: e.target.value })} aria-invalid={error !== ''} autoFocus data-testid="floor-table-name" />
      </label>
      <div className="floor-pair">
        <label className="field">
          {t('floor.table.area')}
          <select value={form.areaId} onChange={(e) => set({ areaId: e.target.value })} data-testid="floor-table-area">
            {areasInOrder(props.state).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t('floor.table.type')}
          <select value={form.type} onChange={(e) => set({ type: e.target.value as TableDef['type'] })} data-testid="floor-table-type">
            {TABLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`card.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="floor-pair">
        <div className="field">
          {t('floor.table.seats')}
          <QtyStepper value={form.seats} max={99} onChange={(update) => setForm((f) => ({ ...f, seats: update(f.seats) }))} />
        </div>
        <label className="field">
          {t('floor.table.minimum')}
          <input value={minimum} inputMode="decimal" maxLength={8} placeholder="0.00" onChange={(e) => setMinimum(e.target.value)} data-testid="floor-table-minimum" />
          <span className="hint">{t('floor.table.minimumHint')}</span>
        </label>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="floor-table-error">
          {error}
        </p>
      )}
      {confirmRemove && (
        <div className="floor-confirm" role="alertdialog" aria-label={t('floor.table.removeTitle', { name: form.name })}>
          <strong>{t('floor.table.removeTitle', { name: props.table?.name ?? form.name })}</strong>
          <p>{busy ? errorText(t, 'TABLE_IN_USE') : t('floor.table.removeBody')}</p>
          <div className="floor-inline">
            <button className="btn" onClick={() => setConfirmRemove(false)}>
              {t('common.cancel')}
            </button>
            <button className="btn btn-danger" disabled={busy} onClick={() => void remove()} data-testid="floor-table-remove-confirm">
              {t('floor.table.remove')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
