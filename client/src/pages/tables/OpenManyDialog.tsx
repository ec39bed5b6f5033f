import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { QtyStepper } from '../../ui/QtyStepper.tsx';
import { isFree, sortedTables } from './table-sets.ts';

/** M0092: tick free tables, people at each, open them all in one command (all or none). */
export function OpenManyDialog(props: { state: State; onClose: () => void }) {
  const { t } = useTranslation();
  const [people, setPeople] = useState<Record<string, number>>({});
  const free = sortedTables(props.state).filter(isFree);
  const chosen = free.filter((x) => people[x.id] !== undefined);
  const toggle = (id: string, seats: number) =>
    setPeople((p) => {
      if (p[id] === undefined) return { ...p, [id]: Math.min(2, seats) };
      const { [id]: _gone, ...rest } = p;
      return rest;
    });
  const submit = () => {
    if (chosen.length === 0) return;
    void enqueue('table.openMany', { tables: chosen.map((x) => ({ tableId: x.id, orderId: uuid(), people: people[x.id] ?? 1 })) });
    props.onClose();
  };
  return (
    <Dialog
      title={t('ops.openMany')}
      onClose={props.onClose}
      footer={
        <DialogActions
          onCancel={props.onClose}
          confirmLabel={chosen.length === 0 ? t('ops.nothingChosen') : t('ops.openManySubmit', { count: chosen.length })}
          onConfirm={submit}
          disabled={chosen.length === 0}
          testId="openmany-submit"
        />
      }
    >
      <p className="ops-note">{t('ops.openManyNote')}</p>
      {free.length === 0 && <p className="hint">{t('ops.none')}</p>}
      {free.map((x) => (
        <div className="openmany-row" key={x.id}>
          <label>
            <input type="checkbox" checked={people[x.id] !== undefined} onChange={() => toggle(x.id, x.seats)} data-testid={`openmany-${x.name}`} />
            {x.name}
          </label>
          {people[x.id] !== undefined && <QtyStepper value={people[x.id] ?? 1} max={99} onChange={(f) => setPeople((p) => ({ ...p, [x.id]: f(p[x.id] ?? 1) }))} />}
        </div>
      ))}
    </Dialog>
  );
}
