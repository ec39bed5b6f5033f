import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandPayload, CommandReply, TallyDayResponse } from '#protocol';
import { useCanSend } from '../../auth/aliases.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { AddEntryForm } from './AddEntryForm.tsx';
import { EntryList } from './EntryList.tsx';
import { SummaryCard } from './SummaryCard.tsx';
import { fetchTally } from './tally-api.ts';
import { shiftDay } from './tally-view.ts';
import './tally.css';

/**
 * /pages/tally/index (M007): a business day's book. Today's entries can be
 * added and removed (removal asks why and keeps the entry, marked); a past
 * day is read only. The figures come from the hub (GET /api/tally), which
 * reads the day's closed bills from the archive; the page asks again when
 * the live entries change.
 */
export function TallyPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const canSend = useCanSend('tally.add');
  const [day, setDay] = useState<string | null>(null);
  const [book, setBook] = useState<TallyDayResponse | null>(null);
  const [reload, setReload] = useState(0);
  const live = state?.tallyEntries;

  useEffect(() => {
    let current = true;
    void fetchTally(day).then((r) => {
      if (!current) return;
      if ('error' in r) return showToast(bodyErrorText(t, r.error), 'error');
      setBook(r);
    });
    return () => {
      current = false;
    };
  }, [day, live, reload, t]);

  const answered = (reply: CommandReply, done: string) => {
    if (!reply.ok) return showToast(bodyErrorText(t, reply.code), 'error');
    showToast(done);
    setReload((n) => n + 1);
  };
  const add = (entry: Omit<CommandPayload<'tally.add'>, 'id'>) => void enqueue('tally.add', { id: uuid(), ...entry }).then((r) => answered(r, t('tally.added')));
  const remove = (id: string, reason: string) => void enqueue('tally.remove', { id, reason }).then((r) => answered(r, t('tally.removed')));

  if (!book) return <p className="empty">{t('tally.loading')}</p>;
  const isToday = book.day === book.today;
  return (
    <div className="tally-page" data-testid="tally-page">
      <header className="tally-head">
        <h1>{t('tally.title')}</h1>
        <div className="tally-days">
          <button className="btn" aria-label={t('tally.previousDay')} onClick={() => setDay(shiftDay(book.day, -1))} data-testid="tally-prev">
            ‹
          </button>
          <input type="date" aria-label={t('tally.day')} value={book.day} max={book.today} onChange={(e) => e.target.value && setDay(e.target.value)} data-testid="tally-day" />
          <button className="btn" aria-label={t('tally.nextDay')} disabled={isToday} onClick={() => setDay(shiftDay(book.day, 1))}>
            ›
          </button>
          {!isToday && (
            <button className="btn" onClick={() => setDay(null)} data-testid="tally-today">
              {t('tally.today')}
            </button>
          )}
        </div>
      </header>
      {isToday && canSend && <AddEntryForm onAdd={add} />}
      {!isToday && <p className="tally-closed">{t('tally.closedDay')}</p>}
      <SummaryCard summary={book.summary} />
      <EntryList entries={book.entries} state={state} {...(isToday && canSend ? { onRemove: remove } : {})} />
    </div>
  );
}
