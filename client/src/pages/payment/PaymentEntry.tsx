import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeRate, PaymentInput, PayMethod } from '#protocol';
import { OPERATION_METHODS } from '#protocol';
import { formatSoles, parseCents, usdToSolesCents } from '#hub/domain/money.ts';
import { TILL_METHODS } from './draft.ts';
import { ExchangeRateField } from './ExchangeRateField.tsx';
import { roundCashAbove } from './quick-cash.ts';

/**
 * Adds one payment to the bill's list: the method, the amount (proposed: what
 * is left), and what that method needs (operation number for Yape, Plin and
 * transfers; person and phone on account; dollars at today's rate, whose box
 * shows only for dollars). In cash, one tap adds the exact amount or a round
 * amount above it (quick-cash.ts). After a payment the method goes back to
 * cash: the rest of a mixed bill is mostly cash.
 */
export function PaymentEntry(props: { leftCents: number; rate: ExchangeRate | null; onAdd: (p: PaymentInput) => void; member?: boolean; balanceCents?: number | null }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<PayMethod>('cash');
  const [amount, setAmount] = useState('');
  const [operationNo, setOperationNo] = useState('');
  const [person, setPerson] = useState('');
  const [contact, setContact] = useState('');
  const usd = method === 'usd';
  const balance = method === 'balance';
  // By balance the amount proposed is what is left, or the whole balance when it is less (the rest by another method).
  const proposed = balance && props.balanceCents != null ? Math.min(props.leftCents, props.balanceCents) : props.leftCents;
  const typed = amount === '' ? (usd ? null : proposed) : parseCents(amount);
  const overBalance = balance && typed !== null && props.balanceCents != null && typed > props.balanceCents;
  const ok = typed !== null && typed > 0 && (!balance || (props.member === true && !overBalance)) && (!usd || props.rate !== null);

  const addCash = (cents: number) => props.onAdd({ method: 'cash', amountCents: cents });
  const add = () => {
    if (!ok || typed === null) return;
    if (usd) props.onAdd({ method: 'usd', usdCents: typed });
    else
      props.onAdd({
        method,
        amountCents: typed,
        ...(operationNo.trim() ? { operationNo: operationNo.trim() } : {}),
        ...(method === 'onAccount' ? { person: person.trim(), contact: contact.trim() } : {}),
      });
    setAmount('');
    setOperationNo('');
    setMethod('cash');
  };

  return (
    <section className="pay-entry">
      <div className="chips method-chips" role="radiogroup" aria-label={t('pay.method')}>
        {TILL_METHODS.map((m) => (
          <button
            key={m}
            role="radio"
            aria-checked={method === m}
            className={`chip${method === m ? ' active' : ''}`}
            disabled={m === 'balance' && props.member !== true}
            title={m === 'balance' && props.member !== true ? t('errors.MEMBER_REQUIRED') : undefined}
            onClick={() => setMethod(m)}
            data-testid={`method-${m}`}
          >
            {t(`pay.methods.${m}`)}
          </button>
        ))}
      </div>
      {balance && props.member !== true ? (
        <p className="field-error">{t('errors.MEMBER_REQUIRED')}</p>
      ) : (
        <div className="entry-fields">
          {balance && props.balanceCents != null && (
            <p className="note" data-testid="pay-balance">
              {t('pay.member.balance', { amount: formatSoles(props.balanceCents) })}
            </p>
          )}
          {overBalance && <p className="field-error">{t('errors.INSUFFICIENT_BALANCE')}</p>}
          <label className="field">
            <span>{usd ? t('pay.dollars') : t('pay.amount')}</span>
            <input
              className="amount"
              inputMode="decimal"
              placeholder={usd ? '' : (proposed / 100).toFixed(2)}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && add()}
              data-testid="pay-amount"
            />
          </label>
          {method === 'cash' && props.leftCents > 0 && (
            <div className="chips quick-cash" role="group" aria-label={t('pay.quickCash')} data-testid="quick-cash">
              <button className="chip" onClick={() => addCash(props.leftCents)} data-testid="cash-exact">
                {t('pay.exactAmount', { amount: formatSoles(props.leftCents) })}
              </button>
              {roundCashAbove(props.leftCents).map((cents) => (
                <button key={cents} className="chip" onClick={() => addCash(cents)} data-testid={`cash-${cents / 100}`}>
                  {formatSoles(cents)}
                </button>
              ))}
            </div>
          )}
          {usd && <ExchangeRateField key={props.rate?.rateMilli ?? 0} rate={props.rate} />}
          {usd && props.rate && typed !== null && <p className="note">{t('pay.inSoles', { amount: formatSoles(usdToSolesCents(typed, props.rate.rateMilli)) })}</p>}
          {usd && !props.rate && <p className="field-error">{t('errors.NO_EXCHANGE_RATE')}</p>}
          {(OPERATION_METHODS.includes(method) || method === 'visa' || method === 'mastercard' || method === 'otherCard') && (
            <label className="field">
              <span>{`${t('pay.operationNo')}${OPERATION_METHODS.includes(method) ? '' : ` (${t('common.optional')})`}`}</span>
              <input value={operationNo} maxLength={30} onChange={(e) => setOperationNo(e.target.value)} data-testid="pay-operation" />
            </label>
          )}
          {method === 'onAccount' && (
            <div className="field-row">
              <label className="field">
                <span>{t('pay.person')}</span>
                <input value={person} maxLength={140} onChange={(e) => setPerson(e.target.value)} data-testid="pay-person" />
              </label>
              <label className="field">
                <span>{t('pay.contact')}</span>
                <input value={contact} inputMode="tel" maxLength={16} onChange={(e) => setContact(e.target.value)} data-testid="pay-contact" />
              </label>
            </div>
          )}
          <button className="btn btn-primary" disabled={!ok} onClick={add} data-testid="pay-add">
            {t('pay.addPayment')}
          </button>
        </div>
      )}
    </section>
  );
}
