import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode, Order } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { enqueue } from '../../sync/outbox.ts';

/**
 * A coupon typed or scanned (a scanner types the code and Enter); case,
 * spaces and dashes do not matter (the hub normalises the code). Its
 * deduction shows as the order discount in the bill; refusals are written
 * under the field.
 */
export function CouponField(props: { order: Order }) {
  const { t } = useTranslation();
  const canApply = useCanSend('order.applyCoupon');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ErrorCode | null>(null);
  const [busy, setBusy] = useState(false);
  const held = props.order.coupon;
  if (!canApply) return null;

  const apply = async () => {
    if (code.trim() === '' || busy) return;
    setBusy(true);
    setError(null);
    const r = await enqueue('order.applyCoupon', { orderId: props.order.id, code }, { ownsRefusal: true });
    setBusy(false);
    if (r.ok) setCode('');
    else setError(r.code);
  };

  return (
    <section className="coupon-field">
      {held ? (
        <div className="member-attached">
          <span data-testid="coupon-held">
            <strong>{held.code}</strong> {held.name} <em className="tag">{`-${formatSoles(props.order.orderDiscount?.kind === 'amount' ? props.order.orderDiscount.cents : held.deductionCents)}`}</em>
          </span>
          <button className="btn" onClick={() => void enqueue('order.removeCoupon', { orderId: props.order.id })} data-testid="coupon-remove">
            {t('pay.coupon.remove')}
          </button>
        </div>
      ) : (
        <div className="member-search">
          <label className="field">
            <span>{t('pay.coupon.label')}</span>
            <input value={code} maxLength={64} autoCapitalize="characters" autoComplete="off" onChange={(e) => setCode(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void apply()} data-testid="coupon-code" />
          </label>
          <button className="btn" disabled={code.trim() === '' || busy} onClick={() => void apply()} data-testid="coupon-apply">
            {t('pay.coupon.apply')}
          </button>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="coupon-error">
          {t(`errors.${error}`)}
        </p>
      )}
    </section>
  );
}
