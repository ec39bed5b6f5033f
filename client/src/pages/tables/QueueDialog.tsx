import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueEntry, State } from '#protocol';
import { restaurantDay } from '#hub/domain/reservations/calendar.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { QtyStepper } from '../../ui/QtyStepper.tsx';
import { TablePicker } from './TablePicker.tsx';
import { isFree, sortedTables } from './table-sets.ts';
import { useMinute } from './use-minute.ts';

/** Today's numbers still waiting or called, lowest first (yesterday's never show, though the hub drops them only at today's first number). */
export function liveQueue(state: State, nowIso: string): QueueEntry[] {
  if (state.queue.day !== restaurantDay(nowIso)) return [];
  return Object.values(state.queue.entries)
    .filter((e) => e.status === 'waiting' || e.status === 'called')
    .sort((a, b) => a.no - b.no);
}

/** One number in the queue with its actions: call (again), seat, no-show (once called), cancel. */
function QueueRow(props: { entry: QueueEntry; onSeat: () => void }) {
  const { t } = useTranslation();
  const e = props.entry;
  return (
    <div className="queue-row" data-testid={`queue-${e.no}`}>
      <span className={`queue-no${e.status === 'called' ? ' queue-called' : ''}`}>
        {t('queue.entry', { no: e.no, people: e.people })} {e.name && `· ${e.name}`} · {t(`queue.${e.status === 'called' ? 'called' : 'waiting'}`)}
      </span>
      <button className="btn" onClick={() => void enqueue('queue.call', { entryId: e.id })}>
        {e.status === 'called' ? t('queue.callAgain') : t('queue.call')}
      </button>
      <button className="btn btn-primary" onClick={props.onSeat} data-testid={`queue-seat-${e.no}`}>
        {t('queue.seat')}
      </button>
      {e.status === 'called' && (
        <button className="btn" onClick={() => void enqueue('queue.noShow', { entryId: e.id })}>
          {t('queue.noShow')}
        </button>
      )}
      <button className="btn btn-ghost" onClick={() => void enqueue('queue.cancel', { entryId: e.id })}>
        {t('queue.cancel')}
      </button>
    </div>
  );
}

/** M010 queue calling: give numbers to walk-in groups, call them in turn, seat them at a free table. */
export function QueueDialog(props: { state: State; onClose: () => void }) {
  const { t } = useTranslation();
  const [people, setPeople] = useState(2);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [seating, setSeating] = useState<QueueEntry | null>(null);
  const now = useMinute();
  const entries = liveQueue(props.state, new Date(now).toISOString());
  const next = entries.find((e) => e.status === 'waiting');

  const take = () => {
    void enqueue('queue.take', { entryId: uuid(), people, name: name.trim(), phone: phone.replace(/[^\d+]/g, '') });
    setName('');
    setPhone('');
  };
  const seat = (tableId: string) => {
    if (!seating) return;
    void enqueue('queue.seat', { entryId: seating.id, tableId, orderId: uuid() });
    setSeating(null);
  };

  return (
    <Dialog
      wide
      title={seating ? t('queue.seatAt', { no: seating.no }) : t('queue.title')}
      onClose={props.onClose}
      footer={
        <button className="btn" onClick={seating ? () => setSeating(null) : props.onClose} data-testid={seating ? 'queue-back' : 'queue-done'}>
          {seating ? t('common.cancel') : t('ops.done')}
        </button>
      }
    >
      {seating ? (
        <TablePicker tables={sortedTables(props.state).filter(isFree)} chosen={[]} onPick={seat} testId="queue-table" />
      ) : (
        <>
          <div className="queue-form">
            <label className="field">
              <span>{t('ops.people')}</span>
              <QtyStepper value={people} max={99} onChange={(f) => setPeople(f)} />
            </label>
            <label className="field">
              <span>{t('queue.name')}</span>
              <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
            </label>
            <label className="field">
              <span>{t('queue.phone')}</span>
              <input type="tel" inputMode="tel" value={phone} maxLength={16} onChange={(e) => setPhone(e.target.value)} />
            </label>
          </div>
          <div className="footer-actions">
            <button className="btn btn-primary" onClick={take} data-testid="queue-take">
              {t('queue.take')}
            </button>
            <button className="btn btn-accent" disabled={!next} onClick={() => next && void enqueue('queue.call', { entryId: next.id })} data-testid="queue-call-next">
              {t('queue.callNext')}
              {next ? ` · ${next.no}` : ''}
            </button>
          </div>
          {entries.length === 0 ? <p className="hint">{t('queue.empty')}</p> : entries.map((e) => <QueueRow key={e.id} entry={e} onSeat={() => setSeating(e)} />)}
        </>
      )}
    </Dialog>
  );
}
