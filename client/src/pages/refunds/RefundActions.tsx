import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode, OrderMember, Refund, RefundPayout } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { errorText } from '../../i18n/keys.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { postPayout, sendMove, type Moved } from './refunds-api.ts';

/**
 * The moves an open refund allows (hub/domain/refunds/README.md): 1 accept or reject (with the
 * merchant's reason), 2 pay out (cash from the drawer, or a transfer with its operation number)
 * or reject, 5 finish. When the bill had a member (issue 22) the money may go back to their
 * balance instead: offered only up to what the balance paid of the bill and was not given back
 * yet (`balanceRoomCents`, the hub's REFUND_TOO_LARGE rule), otherwise shown disabled with why.
 * A payout's id is minted once per refund shown, so a second press after a
 * lost answer pays once; two tills pressing at once get one payout and one REFUND_BAD_STATUS.
 */
export function RefundActions(props: { refund: Refund; onChanged?: (() => void) | undefined; member?: OrderMember | null | undefined; balanceRoomCents?: number | undefined }) {
  const { t } = useTranslation();
  const { state } = useView();
  const { refund } = props;
  const [rejecting, setRejecting] = useState(false);
  const [rejectReason, setRejectReason] = useState('');
  const [method, setMethod] = useState<RefundPayout>('cash');
  const member = props.member ?? null;
  const balanceRoom = props.balanceRoomCents ?? 0;
  const balanceFits = member !== null && balanceRoom >= refund.amountCents;
  const methods: readonly RefundPayout[] = member ? ['cash', 'transfer', 'balance'] : ['cash', 'transfer'];
  const [operationNo, setOperationNo] = useState('');
  const [error, setError] = useState<ErrorCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [payId] = useState(uuid);
  const shift = state?.openShift ?? null;
  const drawerCents = shift ? (expectedByMethod(shift).cash ?? 0) : null;

  const after = (m: Moved, done: string) => {
    if (m.kind === 'refused') return setError(m.code);
    setError(null);
    showToast(m.kind === 'queued' ? t('refunds.done.queued') : done, 'success');
    props.onChanged?.();
  };
  const move = async (go: () => Promise<Moved>, done: string) => {
    setBusy(true);
    const m = await go();
    setBusy(false);
    after(m, done);
  };
  const payOut = async () => {
    setBusy(true);
    const r = await postPayout(refund.id, { id: payId, method, operationNo: method === 'transfer' ? operationNo.trim() : '' });
    setBusy(false);
    if (!r.ok) return setError(r.code);
    after({ kind: 'ok' }, t('refunds.done.paid', { amount: formatSoles(r.body.refund?.amountCents ?? refund.amountCents) }));
  };

  return (
    <div className="refund-actions" data-testid="refund-actions">
      {refund.status === 2 && (
        <div className="refund-payout">
          <p className="refund-label">{t('refunds.payout.method')}</p>
          <div className="chips" role="radiogroup">
            {methods.map((m) => (
              <button key={m} className={`chip${method === m ? ' active' : ''}`} role="radio" aria-checked={method === m} disabled={m === 'balance' && !balanceFits} onClick={() => setMethod(m)} data-testid={`refund-method-${m}`}>
                {t(`refunds.payout.${m}`)}
              </button>
            ))}
          </div>
          {member && (
            <p className="hint" data-testid="refund-balance-hint">
              {balanceFits ? t('refunds.payout.balanceTo', { member: `${member.no} · ${member.name}` }) : t('refunds.payout.balanceTooSmall', { amount: formatSoles(balanceRoom) })}
            </p>
          )}
          {method === 'cash' && drawerCents !== null && <p className="hint">{t('refunds.payout.drawer', { amount: formatSoles(drawerCents) })}</p>}
          {method === 'cash' && state?.openShift === null && <p className="hint">{t('refunds.payout.noShift')}</p>}
          {method === 'transfer' && (
            <label className="field">
              <span>{t('refunds.payout.operationLabel')}</span>
              <input value={operationNo} maxLength={40} onChange={(e) => setOperationNo(e.target.value)} placeholder={t('refunds.payout.operationPlaceholder')} data-testid="refund-operation" />
            </label>
          )}
        </div>
      )}
      {rejecting && (
        <label className="field">
          <span>{t('refunds.rejectReasonLabel')}</span>
          <input value={rejectReason} maxLength={140} onChange={(e) => setRejectReason(e.target.value)} data-testid="refund-reject-reason" />
        </label>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="refund-error">
          {errorText(t, error)}
        </p>
      )}
      <div className="refund-buttons">
        {(refund.status === 1 || refund.status === 2) &&
          (rejecting ? (
            <button className="btn btn-danger" disabled={busy || rejectReason.trim() === ''} onClick={() => void move(() => sendMove('refund.reject', { refundId: refund.id, reason: rejectReason.trim() }), t('refunds.done.rejected'))} data-testid="refund-reject-confirm">
              {t('refunds.rejectConfirm')}
            </button>
          ) : (
            <button className="btn" disabled={busy} onClick={() => setRejecting(true)} data-testid="refund-reject">
              {t('refunds.reject')}
            </button>
          ))}
        {refund.status === 1 && !rejecting && (
          <button className="btn btn-primary" disabled={busy} onClick={() => void move(() => sendMove('refund.accept', { refundId: refund.id }), t('refunds.done.accepted'))} data-testid="refund-accept">
            {t('refunds.accept')}
          </button>
        )}
        {refund.status === 2 && !rejecting && (
          <button className="btn btn-primary" disabled={busy || (method === 'transfer' && operationNo.trim() === '') || (method === 'balance' && !balanceFits)} onClick={() => void payOut()} data-testid="refund-pay">
            {t('refunds.payout.pay', { amount: formatSoles(refund.amountCents) })}
          </button>
        )}
        {refund.status === 5 && (
          <button className="btn btn-primary" disabled={busy} onClick={() => void move(() => sendMove('refund.finish', { refundId: refund.id }), t('refunds.done.finished'))} data-testid="refund-finish">
            {t('refunds.finish')}
          </button>
        )}
      </div>
    </div>
  );
}
