import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#protocol';
import { parseCents } from '#hub/domain/money.ts';
import { enqueue } from '../../sync/outbox.ts';
import { showToast } from '../../ui/ui-store.ts';
import { parsePercent } from './draft.ts';

/** The tabs that act on the whole order: tip, lunch box, order discount. */
export type OrderTab = 'tip' | 'lunchBox' | 'discount';

const money = (cents: number) => (cents > 0 ? (cents / 100).toFixed(2) : '');

/** One of the whole-order adjustments; `locked` while a pre-bill is out (the tip may still change). */
export function OrderTabPanel(props: { tab: OrderTab; order: Order; locked: boolean }) {
  if (props.tab === 'tip') return <TipForm order={props.order} />;
  if (props.tab === 'lunchBox') return <LunchBoxForm order={props.order} locked={props.locked} />;
  return <DiscountForm order={props.order} locked={props.locked} />;
}

function ApplyButton(props: { disabled: boolean; onApply: () => Promise<{ ok: boolean }>; testId: string }) {
  const { t } = useTranslation();
  return (
    <button className="btn btn-primary" disabled={props.disabled} onClick={() => void props.onApply().then((r) => r.ok && showToast(t('pay.applied')))} data-testid={props.testId}>
      {t('pay.apply')}
    </button>
  );
}

function TipForm(props: { order: Order }) {
  const { t } = useTranslation();
  const [text, setText] = useState(money(props.order.tipCents));
  const cents = text === '' ? 0 : parseCents(text);
  return (
    <div className="tab-panel">
      <label className="field">
        <span>{t('pay.tipAmount')}</span>
        <input inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} data-testid="tip-amount" />
      </label>
      {cents === null && <p className="field-error">{t('errors.INCORRECT_INPUT')}</p>}
      <ApplyButton disabled={cents === null} onApply={() => enqueue('order.setTip', { orderId: props.order.id, tipCents: cents ?? 0 })} testId="tip-apply" />
    </div>
  );
}

function LunchBoxForm(props: { order: Order; locked: boolean }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'perItem' | 'perOrder'>(props.order.lunchBox?.mode ?? 'perOrder');
  const [text, setText] = useState(money(props.order.lunchBox?.priceCents ?? 0));
  const cents = text === '' ? 0 : parseCents(text);
  return (
    <div className="tab-panel">
      <div className="chips">
        {(['perOrder', 'perItem'] as const).map((m) => (
          <button key={m} className={`chip${mode === m ? ' active' : ''}`} onClick={() => setMode(m)} aria-pressed={mode === m}>
            {t(`pay.boxMode.${m}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>{t('pay.boxPrice')}</span>
        <input inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} data-testid="box-price" />
      </label>
      {(cents === null || cents > 100_000) && <p className="field-error">{t('errors.INCORRECT_INPUT')}</p>}
      <ApplyButton
        disabled={cents === null || cents > 100_000 || props.locked}
        onApply={() => enqueue('order.setLunchBox', { orderId: props.order.id, lunchBox: cents ? { mode, priceCents: cents } : null })}
        testId="box-apply"
      />
    </div>
  );
}

function DiscountForm(props: { order: Order; locked: boolean }) {
  const { t } = useTranslation();
  const current = props.order.orderDiscount;
  const [kind, setKind] = useState<'percent' | 'amount'>(current?.kind ?? 'percent');
  const [text, setText] = useState(current ? (current.kind === 'percent' ? String(current.percent) : money(current.cents)) : '');
  const value = text === '' ? 0 : kind === 'percent' ? parsePercent(text) : parseCents(text);
  const send = () =>
    enqueue('order.setDiscount', {
      orderId: props.order.id,
      discount: kind === 'percent' ? { kind, percent: value ?? 0 } : { kind, cents: value ?? 0 },
    });
  return (
    <div className="tab-panel">
      <div className="chips">
        {(['percent', 'amount'] as const).map((k) => (
          <button key={k} className={`chip${kind === k ? ' active' : ''}`} onClick={() => setKind(k)} aria-pressed={kind === k}>
            {t(`pay.discountKind.${k}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>{t(kind === 'percent' ? 'pay.discountPercent' : 'pay.discountAmount')}</span>
        <input inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} data-testid="discount-value" />
      </label>
      {kind === 'percent' && <p className="note">{t('pay.discountHint')}</p>}
      {value === null && <p className="field-error">{t('errors.INCORRECT_INPUT')}</p>}
      <ApplyButton disabled={value === null || props.locked} onApply={send} testId="discount-apply" />
    </div>
  );
}
