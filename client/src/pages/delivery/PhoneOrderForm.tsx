import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSoles } from '#hub/domain/money.ts';
import { roundCashAbove } from '../payment/quick-cash.ts';
import type { DraftErrors, PhoneOrderDraft } from './phone-order.ts';

type FieldName = keyof PhoneOrderDraft;

/**
 * The phone order's details, in the order the call goes: pickup or delivery,
 * who calls, where it goes (address, reference, receiver, phones, distance,
 * fee), for when, the tip, the document, and the note the guest pays with so
 * the rider brings change. Errors show under their field once the till tried
 * to create (`showErrors`).
 */
export function PhoneOrderForm(props: { draft: PhoneOrderDraft; errors: DraftErrors; showErrors: boolean; totalCents: number; canTip: boolean; onChange: (change: Partial<PhoneOrderDraft>) => void }) {
  const { t } = useTranslation();
  const { draft: d, onChange } = props;
  const error = (name: FieldName) => {
    const e = props.showErrors ? props.errors[name] : undefined;
    return e && e !== 'cartEmpty' ? (
      <span className="field-error" role="alert" data-testid={`error-${name}`}>
        {t(`delivery.form.errors.${e}`)}
      </span>
    ) : null;
  };
  const input = (name: FieldName, label: string, extra: { required?: boolean; mode?: 'tel' | 'decimal' | 'text'; placeholder?: string; max?: number } = {}): ReactNode => (
    <label className="field">
      <span>
        {label} {extra.required && <em className="req">*</em>}
      </span>
      <input
        value={String(d[name])}
        inputMode={extra.mode ?? 'text'}
        type={extra.mode === 'tel' ? 'tel' : 'text'}
        maxLength={extra.max ?? 140}
        placeholder={extra.placeholder}
        aria-invalid={Boolean(props.showErrors && props.errors[name])}
        onChange={(e) => onChange({ [name]: e.target.value })}
        data-testid={`form-${name}`}
      />
      {error(name)}
    </label>
  );
  const payChoices = roundCashAbove(props.totalCents);
  return (
    <div className="phone-form" data-testid="phone-form">
      <div className="chips" role="radiogroup" aria-label={t('delivery.form.method')}>
        {([0, 1] as const).map((m) => (
          <button key={m} role="radio" aria-checked={d.method === m} className={`chip${d.method === m ? ' active' : ''}`} onClick={() => onChange({ method: m })} data-testid={`method-${m}`}>
            {t(m === 0 ? 'delivery.method.delivery' : 'delivery.method.pickup')}
          </button>
        ))}
      </div>
      <div className="field-row">
        {input('phone', t('delivery.form.phone'), { required: true, mode: 'tel', placeholder: t('delivery.form.phonePlaceholder'), max: 20 })}
        {input('name', t('delivery.form.name'), { max: 60 })}
      </div>
      {d.method === 0 && (
        <>
          {input('address', t('delivery.form.address'), { required: true, placeholder: t('delivery.form.addressPlaceholder') })}
          {input('reference', t('delivery.form.reference'), { placeholder: t('delivery.form.referencePlaceholder') })}
          <div className="field-row">
            {input('receiverName', t('delivery.form.receiverName'), { max: 60, placeholder: t('delivery.form.sameAsCaller') })}
            {input('receiverPhone', t('delivery.form.receiverPhone'), { mode: 'tel', max: 20, placeholder: t('delivery.form.sameAsCaller') })}
          </div>
          <div className="field-row">
            {input('contactPhone', t('delivery.form.contactPhone'), { mode: 'tel', max: 20 })}
            {input('distanceKm', t('delivery.form.distance'), { mode: 'decimal', max: 7 })}
          </div>
        </>
      )}
      <div className="field">
        <span>{t('delivery.form.expected')}</span>
        <div className="phone-form-time">
          <button className={`chip${d.expectedTime === '' ? ' active' : ''}`} onClick={() => onChange({ expectedTime: '', sendNow: true })} data-testid="expected-asap">
            {t('delivery.detail.asap')}
          </button>
          <input type="time" value={d.expectedTime} onChange={(e) => onChange({ expectedTime: e.target.value })} aria-label={t('delivery.form.expectedAt')} data-testid="form-expectedTime" />
        </div>
        {error('expectedTime')}
      </div>
      <div className="field-row">
        {d.method === 0 && input('fee', t('delivery.form.fee'), { mode: 'decimal', max: 9, placeholder: '0.00' })}
        {props.canTip && input('tip', t('delivery.form.tip'), { mode: 'decimal', max: 9, placeholder: '0.00' })}
      </div>
      <div className="field">
        <span>{t('delivery.form.invoiceType')}</span>
        <div className="chips" role="radiogroup">
          {(['note', 'boleta', 'factura'] as const).map((k) => (
            <button key={k} role="radio" aria-checked={d.invoiceType === k} className={`chip${d.invoiceType === k ? ' active' : ''}`} onClick={() => onChange({ invoiceType: k })} data-testid={`invoice-${k}`}>
              {t(`delivery.invoice.${k}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="field">
        <span>{t('delivery.form.payment')}</span>
        <div className="chips" role="radiogroup">
          {([true, false] as const).map((later) => (
            <button key={String(later)} role="radio" aria-checked={d.payLater === later} className={`chip${d.payLater === later ? ' active' : ''}`} onClick={() => onChange({ payLater: later })} data-testid={`pay-${later ? 'later' : 'now'}`}>
              {t(later ? (d.method === 0 ? 'delivery.form.payAtDoor' : 'delivery.form.payAtPickup') : 'delivery.form.payNow')}
            </button>
          ))}
        </div>
      </div>
      {d.method === 0 && d.payLater && (
        <div className="field">
          <span>{t('delivery.form.payWith')}</span>
          <div className="chips">
            <button className={`chip${d.payWith === '' ? ' active' : ''}`} onClick={() => onChange({ payWith: '' })} data-testid="paywith-exact">
              {t('delivery.form.exact')}
            </button>
            {payChoices.map((cents) => (
              <button key={cents} className={`chip${d.payWith === String(cents / 100) ? ' active' : ''}`} onClick={() => onChange({ payWith: String(cents / 100) })} data-testid={`paywith-${cents / 100}`}>
                {formatSoles(cents)}
              </button>
            ))}
            <input className="phone-form-paywith" value={d.payWith} inputMode="decimal" maxLength={9} placeholder={t('delivery.form.otherAmount')} onChange={(e) => onChange({ payWith: e.target.value })} aria-label={t('delivery.form.payWith')} data-testid="form-payWith" />
          </div>
          {error('payWith')}
        </div>
      )}
      {input('note', t('delivery.form.note'), { placeholder: t('delivery.form.notePlaceholder') })}
      <label className="check">
        <input type="checkbox" checked={d.sendNow} onChange={(e) => onChange({ sendNow: e.target.checked })} data-testid="form-sendNow" />
        {t('delivery.form.sendNow')}
      </label>
    </div>
  );
}
