import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State, TableDef } from '#protocol';
import { TABLE_TYPES } from '#protocol';
import { errorText } from '../../i18n/keys.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { batchNames, batchProblem, batchTables, suggestBatch } from './floor-form.ts';
import { sendSetup } from './floor-send.ts';

/** How many names the preview spells out before "…" (it must stay one line or two on a phone). */
const PREVIEW = 6;

/**
 * "Add N tables" numbered in a row (M1..M10) in one area: one command
 * (`table.addMany`), all or none, one log record; the hub refuses the whole
 * batch when a name is taken.
 */
export function AddTablesDialog(props: { state: State; areaId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const suggested = suggestBatch(props.state, props.state.areas[props.areaId]);
  const [prefix, setPrefix] = useState(suggested.prefix);
  const [from, setFrom] = useState(String(suggested.from));
  const [count, setCount] = useState('10');
  const [seats, setSeats] = useState('4');
  const [type, setType] = useState<TableDef['type']>('hall');
  const [error, setError] = useState('');
  const form = { prefix, from: Number(from), count: Number(count), seats: Number(seats) };
  const problem = from.trim() === '' || count.trim() === '' || seats.trim() === '' ? 'count' : batchProblem(form);
  const names = problem === null ? batchNames(prefix, form.from, form.count) : [];
  const preview = names.length > PREVIEW ? `${names.slice(0, PREVIEW - 1).join(', ')} … ${names[names.length - 1]}` : names.join(', ');

  const add = async () => {
    if (problem !== null) return;
    const tables = batchTables(props.state, { ...form, areaId: props.areaId, type }, uuid);
    const reply = await sendSetup('table.addMany', { tables });
    if (reply === null) showToast(t('floor.queued'));
    else if (!reply.ok) return setError(reply.message && reply.code === 'TABLE_NAME_TAKEN' ? `${errorText(t, reply.code)}: ${reply.message}` : errorText(t, reply.code));
    else showToast(t('floor.saved'));
    props.onClose();
  };
  const digits = (set: (v: string) => void) => (e: { target: { value: string } }) => set(e.target.value.replace(/\D/g, '').slice(0, 5));

  return (
    <Dialog
      title={t('floor.many.title')}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('floor.many.add', { count: problem === null ? form.count : 0 })} onConfirm={() => void add()} testId="floor-many-add" disabled={problem !== null} />}
    >
      <div className="floor-pair">
        <label className="field">
          {t('floor.many.prefix')}
          <input value={prefix} maxLength={20} onChange={(e) => setPrefix(e.target.value)} data-testid="floor-many-prefix" />
        </label>
        <label className="field">
          {t('floor.many.from')}
          <input value={from} inputMode="numeric" onChange={digits(setFrom)} data-testid="floor-many-from" />
        </label>
      </div>
      <div className="floor-pair">
        <label className="field">
          {t('floor.many.count')}
          <input value={count} inputMode="numeric" onChange={digits(setCount)} data-testid="floor-many-count" />
        </label>
        <label className="field">
          {t('floor.many.seats')}
          <input value={seats} inputMode="numeric" onChange={digits(setSeats)} data-testid="floor-many-seats" />
        </label>
      </div>
      <label className="field">
        {t('floor.table.type')}
        <select value={type} onChange={(e) => setType(e.target.value as TableDef['type'])}>
          {TABLE_TYPES.map((x) => (
            <option key={x} value={x}>
              {t(`card.types.${x}`)}
            </option>
          ))}
        </select>
      </label>
      {problem === null ? (
        <p className="note" data-testid="floor-many-preview">
          {t('floor.many.preview', { names: preview })}
        </p>
      ) : (
        <p className="field-error">{t(`floor.many.problems.${problem}`)}</p>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="floor-many-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
