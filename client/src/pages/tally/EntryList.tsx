import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State, TallyEntry } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { entriesNewestFirst, nameOf } from './tally-view.ts';
import { DEPOSIT_TALLY_CATEGORIES } from '#protocol';

const timeOf = (iso: string, lang: string) => new Date(iso).toLocaleTimeString(lang, { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit' });

/** The day's entries, newest first; removed ones struck through with who and why. `onRemove` absent: a closed day. */
export function EntryList(props: { entries: readonly TallyEntry[]; state: State | null; onRemove?: (id: string, reason: string) => void }) {
  const { t, i18n } = useTranslation();
  const [removing, setRemoving] = useState<TallyEntry | null>(null);
  return (
    <section className="tally-card">
      <h2>{t('tally.entries')}</h2>
      {props.entries.length === 0 && <p className="hint">{t('tally.none')}</p>}
      <ul className="tally-entries" data-testid="tally-entries">
        {entriesNewestFirst(props.entries).map((e) => (
          <li key={e.id} className={e.removed ? 'tally-removed' : ''} data-testid="tally-entry">
            <div className="tally-entry-main">
              <b>{t(`tally.categories.${e.category}`)}</b>
              {e.note && <span className="tally-note">{e.note}</span>}
              <small className="hint">
                {t('tally.by', { name: nameOf(props.state, e.by), time: timeOf(e.at, i18n.language) })}
                {e.method !== 'cash' && ` · ${t(`pay.methods.${e.method}`)}`}
              </small>
              {e.removed && <small className="hint">{t('tally.removedBy', { name: nameOf(props.state, e.removed.by), reason: e.removed.reason })}</small>}
            </div>
            <span className={`tally-amount tally-${e.kind}`}>{`${e.kind === 'expense' ? '−' : '+'}${formatSoles(e.amountCents)}`}</span>
            {/* A reservation's deposit is given back or kept from the reservation, never removed here. */}
            {props.onRemove && !e.removed && !DEPOSIT_TALLY_CATEGORIES.includes(e.category) && (
              <button className="btn btn-small" onClick={() => setRemoving(e)} data-testid="tally-remove">
                {t('tally.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {removing && props.onRemove && (
        <RemoveDialog
          onClose={() => setRemoving(null)}
          onConfirm={(reason) => {
            props.onRemove!(removing.id, reason);
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}

/** Removing asks why: the book keeps the entry, marked, with the reason. */
function RemoveDialog(props: { onClose: () => void; onConfirm: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const confirm = () => (reason.trim() ? props.onConfirm(reason.trim()) : setError(t('tally.reasonRequired')));
  return (
    <Dialog title={t('tally.removeTitle')} onClose={props.onClose} footer={<DialogActions onCancel={props.onClose} confirmLabel={t('tally.remove')} onConfirm={confirm} testId="tally-remove-confirm" danger />}>
      <label className="field">
        <span>
          {t('tally.removeReason')} <em className="req">*</em>
        </span>
        <input value={reason} maxLength={140} onChange={(e) => setReason(e.target.value)} data-testid="tally-remove-reason" autoFocus />
      </label>
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
