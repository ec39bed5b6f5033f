import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeRate } from '#protocol';
import { enqueue } from '../../sync/outbox.ts';
import { formatRate, parseRate } from './draft.ts';

/** Today's dollar rate, set by the cashier (soles per dollar, 3 decimals); it holds for the hub's day in Lima. */
export function ExchangeRateField(props: { rate: ExchangeRate | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.rate ? formatRate(props.rate.rateMilli) : '');
  const milli = parseRate(text);
  return (
    <div className="rate-field">
      <label className="field">
        <span>{props.rate ? t('pay.rateShown', { rate: formatRate(props.rate.rateMilli) }) : t('pay.rateUnset')}</span>
        <input inputMode="decimal" placeholder="3.750" value={text} onChange={(e) => setText(e.target.value)} data-testid="rate-input" />
      </label>
      <button className="btn" disabled={milli === null || milli === props.rate?.rateMilli} onClick={() => milli !== null && void enqueue('payment.setExchangeRate', { rateMilli: milli })} data-testid="rate-save">
        {t('pay.rateSave')}
      </button>
    </div>
  );
}
