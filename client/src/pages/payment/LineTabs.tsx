import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderLine } from '#protocol';
import { billableQty, chargedQty, formatSoles, parseCents } from '#hub/domain/money.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { nameIn } from '../../i18n/index.ts';
import { enqueue } from '../../sync/outbox.ts';
import { QtyStepper } from '../../ui/QtyStepper.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { Confirm } from './Confirm.tsx';

/** SPEC.md section 9 gift and return reasons, as preset chips (a typed reason is fine too). */
const GIFT_REASONS = ['regular', 'courtesy', 'newCustomer', 'free'] as const;
const RETURN_REASONS = ['guestLeft', 'slow', 'change', 'noIngredients'] as const;

/** The tabs that act on one dish: gift, single-item discount, return. */
export type LineTab = 'gift' | 'lineDiscount' | 'return';

/** Picks a dish the kitchen has, then gifts, discounts or returns it. */
export function LineTabPanel(props: { tab: LineTab; order: Order; locked: boolean }) {
  const { t, i18n } = useTranslation();
  const lines = props.order.lines.filter((l) => l.sentBatch !== null && (props.tab === 'return' ? billableQty(l) > 0 : chargedQty(l) > 0));
  const [picked, setPicked] = useState<string | null>(null);
  const line = lines.find((l) => l.id === picked) ?? lines[0];
  if (!line) return <p className="note">{t('pay.pickLine')}</p>;
  return (
    <div className="tab-panel">
      <div className="line-picker" role="listbox" aria-label={t('pay.pickLine')}>
        {lines.map((l) => (
          <button key={l.id} role="option" aria-selected={l.id === line.id} className={`chip${l.id === line.id ? ' active' : ''}`} onClick={() => setPicked(l.id)}>
            {`${billableQty(l)}× ${nameIn(l.names, i18n.language)}`}
          </button>
        ))}
      </div>
      {props.tab === 'gift' && <GiftForm key={line.id} order={props.order} line={line} />}
      {props.tab === 'lineDiscount' && <LineDiscountForm key={line.id} order={props.order} line={line} locked={props.locked} />}
      {props.tab === 'return' && <ReturnForm key={line.id} order={props.order} line={line} />}
    </div>
  );
}

function ReasonChips(props: { presets: readonly string[]; label: (key: string) => string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span>{t('pay.reason')}</span>
      <div className="chips">
        {props.presets.map((p) => (
          <button key={p} type="button" className={`chip${props.value === props.label(p) ? ' active' : ''}`} onClick={() => props.onChange(props.label(p))}>
            {props.label(p)}
          </button>
        ))}
      </div>
      <input value={props.value} maxLength={140} onChange={(e) => props.onChange(e.target.value)} />
    </label>
  );
}

function GiftForm(props: { order: Order; line: OrderLine }) {
  const { t } = useTranslation();
  const canGift = useCanSend('order.giftLine');
  const [qty, setQty] = useState(1);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    if (!reason.trim()) return setError(t('errors.REASON_REQUIRED'));
    setError('');
    void enqueue('order.giftLine', { orderId: props.order.id, lineId: props.line.id, qty, reason: reason.trim() });
  };
  return (
    <>
      <label className="field">
        <span>{t('pay.qty')}</span>
        <QtyStepper value={qty} max={chargedQty(props.line)} onChange={(f) => setQty(f)} />
      </label>
      <ReasonChips presets={GIFT_REASONS} label={(k) => t(`pay.giftReasons.${k as (typeof GIFT_REASONS)[number]}`)} value={reason} onChange={setReason} />
      {error && <p className="field-error">{error}</p>}
      {/* Without the gift alias the hub asks for a manager's PIN (approval dialog); the button stays. */}
      <button className="btn btn-primary" onClick={submit} data-testid="gift-confirm" title={canGift ? undefined : t('errors.APPROVAL_REQUIRED')}>
        {t('pay.gift')}
      </button>
    </>
  );
}

function LineDiscountForm(props: { order: Order; line: OrderLine; locked: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.line.discountCents > 0 ? (props.line.discountCents / 100).toFixed(2) : '');
  const cents = text === '' ? 0 : parseCents(text);
  const max = props.line.unitPriceCents * chargedQty(props.line);
  const bad = cents === null || cents > max;
  return (
    <>
      <label className="field">
        <span>{`${t('pay.lineDiscountAmount')} · ${formatSoles(max)}`}</span>
        <input inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} data-testid="line-discount" />
      </label>
      {bad && <p className="field-error">{t(cents === null ? 'errors.INCORRECT_INPUT' : 'errors.DISCOUNT_TOO_LARGE')}</p>}
      <button
        className="btn btn-primary"
        disabled={bad || props.locked}
        onClick={() => void enqueue('order.setLineDiscount', { orderId: props.order.id, lineId: props.line.id, discountCents: cents ?? 0 }).then((r) => r.ok && showToast(t('pay.applied')))}
        data-testid="line-discount-apply"
      >
        {t('pay.apply')}
      </button>
    </>
  );
}

function ReturnForm(props: { order: Order; line: OrderLine }) {
  const { t } = useTranslation();
  const [qty, setQty] = useState(1);
  const [reason, setReason] = useState('');
  const [toStock, setToStock] = useState(false);
  const [error, setError] = useState('');
  const [asking, setAsking] = useState(false);
  const submit = () => {
    if (!reason.trim()) return setError(t('errors.REASON_REQUIRED'));
    setError('');
    setAsking(true);
  };
  const confirmed = () => {
    setAsking(false);
    void enqueue('order.returnLine', { orderId: props.order.id, lineId: props.line.id, qty, reason: reason.trim(), toStock });
  };
  return (
    <>
      <label className="field">
        <span>{t('pay.qty')}</span>
        <QtyStepper value={qty} max={billableQty(props.line)} onChange={(f) => setQty(f)} />
      </label>
      <ReasonChips presets={RETURN_REASONS} label={(k) => t(`order.returnReasons.${k as (typeof RETURN_REASONS)[number]}`)} value={reason} onChange={setReason} />
      {props.line.stockTaken && (
        <label className="check">
          <input type="checkbox" checked={toStock} onChange={(e) => setToStock(e.target.checked)} />
          {t('pay.toStock')}
        </label>
      )}
      {error && <p className="field-error">{error}</p>}
      <button className="btn btn-danger" onClick={submit} data-testid="return-dish">
        {t('pay.returnDish')}
      </button>
      {asking && <Confirm question={t('pay.returnConfirm')} onCancel={() => setAsking(false)} onConfirm={confirmed} testId="return-confirm" danger />}
    </>
  );
}
