import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_KINDS, type Bill, type BillCorrections, type ErrorCode, type RefundKind } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { errorText } from '../../i18n/keys.ts';
import { nameIn } from '../../i18n/index.ts';
import { uuid } from '../../sync/uuid.ts';
import { showToast } from '../../ui/ui-store.ts';
import { clampPick, refundLines } from '../fiscal/documents/correction.ts';
import { blockerOf, REASON_PRESETS, requestOf } from './refund-form.ts';
import { postRefund } from './refunds-api.ts';

/**
 * The guest's application: everything left, some dishes, or an amount (a sale note only: a
 * credit note lists items), the reason (typed or one tap), a contact phone. The lines and their
 * portions left are the bills dialog's (fiscal/documents/correction.ts). The id is minted once
 * per form, so pressing again after a lost answer records one request.
 */
export function RefundForm(props: { billId: string; day: string; bill: Bill; corrections: BillCorrections | null; leftCents: number; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<RefundKind>('full');
  const [picks, setPicks] = useState<Record<string, number>>({});
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<ErrorCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [id] = useState(uuid);
  const lines = useMemo(() => refundLines(props.bill, props.corrections, (l) => nameIn(l.names, i18n.language)), [props.bill, props.corrections, i18n.language]);
  const request = requestOf({ kind, picks, amountText, reason, phone });
  const blocker = blockerOf(request, props.leftCents);
  // A credit note lists the items it gives back: on a boleta or factura an amount alone is not offered.
  const kinds = REFUND_KINDS.filter((k) => k !== 'amount' || !props.bill.fiscal);

  const send = async () => {
    if (blocker) return;
    setBusy(true);
    const r = await postRefund({ id, billId: props.billId, day: props.day, request });
    setBusy(false);
    if (!r.ok) return setError(r.code);
    showToast(t('refunds.done.applied', { code: r.body.refund?.code ?? '' }), 'success');
    props.onDone();
  };

  return (
    <div className="refund-form" data-testid="refund-form">
      <p className="refund-label">{t('refunds.form.kind')}</p>
      <div className="chips" role="radiogroup">
        {kinds.map((k) => (
          <button key={k} className={`chip${kind === k ? ' active' : ''}`} role="radio" aria-checked={kind === k} onClick={() => setKind(k)} data-testid={`refund-kind-${k}`}>
            {t(`refunds.kinds.${k}`)}
          </button>
        ))}
      </div>
      {kind === 'full' && <p className="refund-amount">{t('refunds.amount', { amount: formatSoles(props.leftCents) })}</p>}
      {kind === 'lines' && (
        <ul className="docs-lines">
          {lines.map((l) => (
            <li key={l.lineId} data-testid="refund-line">
              <span className="docs-line-name">
                {l.name} <span className="hint">· {formatSoles(l.unitPriceCents)} × {l.remaining}</span>
              </span>
              <span className="stepper">
                <button className="btn" disabled={(picks[l.lineId] ?? 0) <= 0} onClick={() => setPicks((p) => ({ ...p, [l.lineId]: clampPick(lines, l.lineId, (p[l.lineId] ?? 0) - 1) }))} aria-label="−">
                  −
                </button>
                <input readOnly value={picks[l.lineId] ?? 0} aria-label={l.name} />
                <button className="btn" disabled={(picks[l.lineId] ?? 0) >= l.remaining} onClick={() => setPicks((p) => ({ ...p, [l.lineId]: clampPick(lines, l.lineId, (p[l.lineId] ?? 0) + 1) }))} aria-label="+" data-testid="refund-plus">
                  +
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {kind === 'amount' && (
        <label className="field">
          <span>{t('refunds.form.amountLabel')}</span>
          <input inputMode="decimal" value={amountText} onChange={(e) => setAmountText(e.target.value)} placeholder={formatSoles(props.leftCents)} data-testid="refund-amount-input" />
        </label>
      )}
      <label className="field">
        <span>{t('refunds.form.reasonLabel')}</span>
        <input value={reason} maxLength={140} onChange={(e) => setReason(e.target.value)} placeholder={t('refunds.form.reasonPlaceholder')} data-testid="refund-reason" />
      </label>
      <div className="chips refund-reasons">
        {REASON_PRESETS.map((r) => (
          <button key={r} className="chip" onClick={() => setReason(t(`refunds.reasons.${r}`))} data-testid={`refund-reason-${r}`}>
            {t(`refunds.reasons.${r}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>{t('refunds.form.phoneLabel')}</span>
        <input inputMode="tel" value={phone} maxLength={16} onChange={(e) => setPhone(e.target.value)} placeholder={t('refunds.form.phonePlaceholder')} data-testid="refund-phone" />
      </label>
      {props.bill.fiscal && <p className="hint">{t('refunds.form.fiscalHint')}</p>}
      {blocker && <p className="hint refund-blocker">{t(`refunds.form.blockers.${blocker}`)}</p>}
      {error && (
        <p className="field-error" role="alert" data-testid="refund-error">
          {errorText(t, error)}
        </p>
      )}
      <div className="refund-buttons">
        <button className="btn" onClick={props.onClose}>
          {t('refunds.form.cancel')}
        </button>
        <button className="btn btn-primary" disabled={busy || blocker !== null} onClick={() => void send()} data-testid="refund-send">
          {t('refunds.form.send')}
        </button>
      </div>
    </div>
  );
}
