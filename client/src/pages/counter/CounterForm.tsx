import { useTranslation } from 'react-i18next';
import type { CounterDraft, CounterErrors } from './counter-order.ts';

type Props = { draft: CounterDraft; errors: CounterErrors; showErrors: boolean; canPay: boolean; onChange: (patch: Partial<CounterDraft>) => void };

/** Chips for one choice: big targets a thumb hits on a phone, one tap on a till. */
function Choice<V extends string>(props: { name: string; value: V; options: readonly V[]; label: (v: V) => string; onPick: (v: V) => void }) {
  return (
    <div className="chips counter-choice" role="radiogroup">
      {props.options.map((o) => (
        <button key={o} type="button" role="radio" aria-checked={props.value === o} className={`chip${props.value === o ? ' active' : ''}`} onClick={() => props.onPick(o)} data-testid={`${props.name}-${o}`}>
          {props.label(o)}
        </button>
      ))}
    </div>
  );
}

/** The guest (optional), the order type with its pickup time, lunch boxes, the document, and pay now or on pickup. */
export function CounterForm(props: Props) {
  const { t } = useTranslation();
  const { draft, onChange } = props;
  const error = (f: keyof CounterErrors) => {
    const e = props.showErrors || f === 'phone' ? props.errors[f] : undefined;
    return e && e !== 'cartEmpty' ? (
      <p className="field-error" role="alert" data-testid={`error-${f}`}>
        {t(`counter.errors.${e}`)}
      </p>
    ) : null;
  };
  return (
    <div className="counter-form">
      <fieldset>
        <legend>{t('counter.customer')}</legend>
        <div className="counter-row">
          <label>
            {t('counter.name')}
            <input value={draft.name} maxLength={60} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} data-testid="form-name" />
          </label>
          <label>
            {t('counter.phone')}
            <input
              value={draft.phone}
              inputMode="tel"
              maxLength={20}
              placeholder={t('counter.phonePlaceholder')}
              aria-invalid={Boolean(props.errors.phone)}
              onChange={(e) => onChange({ phone: e.target.value })}
              data-testid="form-phone"
            />
          </label>
        </div>
        {error('phone')}
      </fieldset>
      <fieldset>
        <legend>{t('counter.type')}</legend>
        <Choice name="type" value={draft.type} options={['takeaway', 'immediate', 'reservation'] as const} label={(v) => t(`counter.types.${v}`)} onPick={(type) => onChange({ type })} />
        {draft.type === 'reservation' && (
          <label>
            {t('counter.pickupTime')}
            <input type="time" value={draft.pickupTime} aria-invalid={Boolean(props.showErrors && props.errors.pickupTime)} onChange={(e) => onChange({ pickupTime: e.target.value })} data-testid="form-pickupTime" />
          </label>
        )}
        {error('pickupTime')}
      </fieldset>
      <fieldset>
        <legend>{t('counter.lunchBox')}</legend>
        <Choice name="box" value={draft.lunchBox} options={['none', 'perItem', 'perOrder'] as const} label={(v) => t(`counter.lunchBoxes.${v}`)} onPick={(lunchBox) => onChange({ lunchBox })} />
        {draft.lunchBox !== 'none' && (
          <label>
            {t('counter.lunchBoxPrice')}
            <input value={draft.lunchBoxPrice} inputMode="decimal" placeholder="1.00" aria-invalid={Boolean(props.showErrors && props.errors.lunchBoxPrice)} onChange={(e) => onChange({ lunchBoxPrice: e.target.value })} data-testid="form-lunchBoxPrice" />
          </label>
        )}
        {error('lunchBoxPrice')}
      </fieldset>
      <fieldset>
        <legend>{t('counter.document')}</legend>
        <Choice name="doc" value={draft.invoiceType} options={['note', 'boleta', 'factura'] as const} label={(v) => t(`counter.documents.${v}`)} onPick={(invoiceType) => onChange({ invoiceType })} />
      </fieldset>
      {props.canPay && (
        <fieldset>
          <legend>{t('counter.payment')}</legend>
          <Choice name="pay" value={draft.payLater ? 'later' : 'now'} options={['now', 'later'] as const} label={(v) => t(v === 'now' ? 'counter.payNow' : 'counter.payLater')} onPick={(v) => onChange({ payLater: v === 'later' })} />
        </fieldset>
      )}
    </div>
  );
}
