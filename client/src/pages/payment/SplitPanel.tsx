import { useTranslation } from 'react-i18next';
import { formatSoles } from '#hub/domain/money.ts';
import { Icon } from '../../ui/icons.tsx';
import { unassignedCents, withMode, withPeople, type SplitDraft, type SplitMode } from './split-draft.ts';
import type { SaleDocument } from '#protocol';

const MODES: readonly SplitMode[] = ['none', 'people', 'amount'];

/** One part on the till: its amount, what its guest still owes, the change it gives and its document (split-till.ts `PartView`). */
export type ShareView = { amountCents: number; leftCents: number; changeCents?: number; doc?: SaleDocument };

/**
 * "Split the bill" (M0095): together, by people (as many parts as the
 * table's people to start with) or by amounts, and which part the next
 * payment and the document below are for: the part picked, else the first
 * part still owing (issue 18 item 17). Each part chip shows its document,
 * what that guest still owes or the change it gives; the whole bill is still
 * settled at once, each part with its own document (item 12).
 */
export function SplitPanel(props: {
  draft: SplitDraft;
  onChange: (d: SplitDraft) => void;
  shares: readonly ShareView[] | null;
  dueCents: number;
  /** The table's people: how many parts a split starts with (2 when not given). */
  tablePeople?: number;
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
          <button key={m} role="radio" aria-checked={draft.mode === m} className={`chip${draft.mode === m ? ' active' : ''}`} onClick={() => props.onChange(withMode(draft, m, props.tablePeople ?? 2))} data-testid={`split-${m}`}>
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
        <>
          <div className="chips share-chips" role="radiogroup" aria-label={t('pay.split.payingFor')}>
            {shares.map((s, i) => (
              <button key={i} role="radio" aria-checked={props.active === i} className={`chip share-chip${props.active === i ? ' active' : ''}${s.leftCents === 0 ? ' paid' : ''}`} onClick={() => props.onPick(i)} data-testid={`share-${i}`}>
                <span>{t('pay.split.share', { no: i + 1 })}</span>
                <b>{formatSoles(s.amountCents)}</b>
                {s.doc && (
                  <small className="share-doc" data-testid={`share-doc-${i}`}>
                    {t(`pay.doc.kinds.${s.doc.kind}`)}
                    {s.doc.docId ? ` ${s.doc.docId}` : ''}
                  </small>
                )}
                <small data-testid={`share-state-${i}`}>
                  {s.leftCents > 0 ? t('pay.split.shareLeft', { amount: formatSoles(s.leftCents) }) : (s.changeCents ?? 0) > 0 ? t('pay.split.shareChange', { amount: formatSoles(s.changeCents ?? 0) }) : t('pay.split.sharePaid')}
                </small>
              </button>
            ))}
          </div>
          <p className="split-paying" role="status" data-testid="split-paying">
            {(shares[props.active]?.leftCents ?? 0) > 0
              ? t('pay.split.paying', { no: props.active + 1, amount: formatSoles(shares[props.active]!.leftCents) })
              : t('pay.split.payingDone', { no: props.active + 1 })}
          </p>
        </>
      )}
    </section>
  );
}


/**
 * The parts again, right above the document form (on a phone the split panel
 * is far below it): which part the document and the next payment are for,
 * one tap to switch, a tick on the parts already paid.
 */
export function PartPicker(props: { shares: readonly ShareView[]; active: number; onPick: (share: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="chips part-picker" role="radiogroup" aria-label={t('pay.split.payingFor')} data-testid="part-picker">
      {props.shares.map((s, i) => (
        <button key={i} role="radio" aria-checked={props.active === i} className={`chip${props.active === i ? ' active' : ''}`} onClick={() => props.onPick(i)} data-testid={`part-pick-${i}`}>
          {s.leftCents === 0 && <Icon name="check" />}
          {t('pay.split.docFor', { no: i + 1, amount: formatSoles(s.amountCents) })}
        </button>
      ))}
    </div>
  );
}
