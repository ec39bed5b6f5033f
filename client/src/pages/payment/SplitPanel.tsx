import { useTranslation } from 'react-i18next';
import { formatSoles } from '#hub/domain/money.ts';
import { Icon } from '../../ui/icons.tsx';
import { unassignedCents, withPeople, type SplitDraft, type SplitMode } from './split-draft.ts';

const MODES: readonly SplitMode[] = ['none', 'people', 'amount'];

/** One share on the till: its amount and what its guest still owes (0 when paid). */
export type ShareView = { amountCents: number; leftCents: number };

/**
 * "Split the bill" (M0095): together, by people or by amounts, and which
 * share the next payment is for. Each share chip shows what that guest still
 * owes; the whole bill is still settled at once.
 */
export function SplitPanel(props: {
  draft: SplitDraft;
  onChange: (d: SplitDraft) => void;
  shares: readonly ShareView[] | null;
  dueCents: number;
  active: number;
  onPick: (share: number) => void;
}) {
  const { t } = useTranslation();
  const { draft, shares } = props;
  const rest = unassignedCents(shares?.map((s) => s.amountCents) ?? null, props.dueCents);
  return (
    <section className="split-panel" data-testid="split-panel">
      <h2>{t('pay.split.title')}</h2>
      <div className="chips" role="radiogroup" aria-label={t('pay.split.title')}>
        {MODES.map((m) => (
          <button key={m} role="radio" aria-checked={draft.mode === m} className={`chip${draft.mode === m ? ' active' : ''}`} onClick={() => props.onChange({ ...draft, mode: m })} data-testid={`split-${m}`}>
            {t(`pay.split.modes.${m}`)}
          </button>
        ))}
      </div>
      {draft.mode !== 'none' && (
        <div className="stepper split-people">
          <span>{t('pay.split.people')}</span>
          <button className="btn step-btn" aria-label={t('pay.split.fewer')} disabled={draft.people <= 2} onClick={() => props.onChange(withPeople(draft, draft.people - 1))}>
            −
          </button>
          <span className="qty" data-testid="split-count">{draft.people}</span>
          <button className="btn step-btn" aria-label={t('pay.split.more')} disabled={draft.people >= 20} onClick={() => props.onChange(withPeople(draft, draft.people + 1))}>
            <Icon name="plus" />
          </button>
        </div>
      )}
      {draft.mode === 'amount' && (
        <div className="split-amounts">
          {draft.typed.map((v, i) => (
            <label key={i} className="field">
              <span>{t('pay.split.share', { no: i + 1 })}</span>
              <input
                inputMode="decimal"
                value={v}
                placeholder={shares?.[i] ? (shares[i].amountCents / 100).toFixed(2) : ''}
                onChange={(e) => props.onChange({ ...draft, typed: draft.typed.map((x, j) => (j === i ? e.target.value : x)) })}
                data-testid={`split-amount-${i}`}
              />
            </label>
          ))}
          <p className="note">{t('pay.split.blankHint')}</p>
          {rest !== 0 && (
            <p className="field-error" data-testid="split-rest">
              {rest > 0 ? t('pay.split.unassigned', { amount: formatSoles(rest) }) : t('pay.split.over', { amount: formatSoles(-rest) })}
            </p>
          )}
        </div>
      )}
      {shares && (
        <div className="chips share-chips" role="radiogroup" aria-label={t('pay.split.payingFor')}>
          {shares.map((s, i) => (
            <button key={i} role="radio" aria-checked={props.active === i} className={`chip share-chip${props.active === i ? ' active' : ''}${s.leftCents === 0 ? ' paid' : ''}`} onClick={() => props.onPick(i)} data-testid={`share-${i}`}>
              <span>{t('pay.split.share', { no: i + 1 })}</span>
              <b>{formatSoles(s.amountCents)}</b>
              <small>{s.leftCents === 0 ? t('pay.split.sharePaid') : t('pay.split.shareLeft', { amount: formatSoles(s.leftCents) })}</small>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
