import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandPayload, PayMethod, TallyCategory, TallyKind } from '#protocol';
import { parseCents } from '#hub/domain/money.ts';
import { categoriesOf, ENTRY_METHODS, needsNote } from './tally-view.ts';
import { MethodOptions } from '../../ui/MethodOptions.tsx';

/** Income or expense: a category chip, the amount, how it was paid and a note; sent as one `tally.add` (without the id). */
export function AddEntryForm(props: { onAdd: (entry: Omit<CommandPayload<'tally.add'>, 'id'>) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TallyKind>('expense');
  const [category, setCategory] = useState<TallyCategory>('market');
  const [method, setMethod] = useState<PayMethod>('cash');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');

  const chooseKind = (k: TallyKind) => {
    setKind(k);
    setCategory(categoriesOf(k)[0]!);
  };
  const submit = () => {
    const cents = parseCents(amount);
    if (cents === null || cents === 0) return setError(t('tally.amountInvalid'));
    if (needsNote(category) && !note.trim()) return setError(t('tally.noteRequired'));
    setError('');
    props.onAdd({ kind, category, amountCents: cents, note: note.trim(), method });
    setAmount('');
    setNote('');
  };

  return (
    <section className="tally-card" data-testid="tally-add">
      <div className="tally-kinds" role="group">
        {(['expense', 'income'] as const).map((k) => (
          <button key={k} type="button" className={`btn${kind === k ? ' btn-primary' : ''}`} aria-pressed={kind === k} onClick={() => chooseKind(k)} data-testid={`tally-kind-${k}`}>
            {t(`tally.${k}`)}
          </button>
        ))}
      </div>
      <div className="chips">
        {categoriesOf(kind).map((c) => (
          <button key={c} type="button" className={`chip${category === c ? ' active' : ''}`} aria-pressed={category === c} onClick={() => setCategory(c)} data-testid={`tally-cat-${c}`}>
            {t(`tally.categories.${c}`)}
          </button>
        ))}
      </div>
      <div className="tally-row">
        <label className="field">
          <span>
            {t('tally.amount')} <em className="req">*</em>
          </span>
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" data-testid="tally-amount" />
        </label>
        <label className="field">
          <span>{t('tally.method')}</span>
          <select value={method} onChange={(e) => setMethod(e.target.value as PayMethod)} data-testid="tally-method">
            <MethodOptions methods={ENTRY_METHODS} />
          </select>
        </label>
      </div>
      <label className="field">
        <span>
          {t('tally.note')} {needsNote(category) && <em className="req">*</em>}
        </span>
        <input value={note} maxLength={140} onChange={(e) => setNote(e.target.value)} placeholder={t('tally.notePlaceholder')} data-testid="tally-note" />
      </label>
      {error && <p className="field-error">{error}</p>}
      <button className="btn btn-primary" onClick={submit} data-testid="tally-save">
        {t('tally.add')}
      </button>
    </section>
  );
}
