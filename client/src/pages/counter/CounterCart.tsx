import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { nameIn } from '../../i18n/index.ts';
import { Icon } from '../../ui/icons.tsx';
import { changeQty, setRemarks, type CartLine } from '../dinner/cart.ts';
import { pickUnitCents } from '../dinner/cart-prices.ts';
import { orderable } from '../dinner/MenuPanel.tsx';
import { RemarkEditor, remarkShown } from '../dinner/RemarkEditor.tsx';

/** The counter order's dishes: the dinner cart with − and +, the price of each line, and its remarks and presets. */
export function CounterCart(props: { state: State; orderId: string; cart: readonly CartLine[] }) {
  const { t, i18n } = useTranslation();
  const [noting, setNoting] = useState<string | null>(null);
  if (props.cart.length === 0) return <p className="hint" data-testid="counter-cart-empty">{t('order.cartEmpty')}</p>;
  return (
    <ul className="lines cart" data-testid="counter-cart">
      {props.cart.map((c) => {
        const product = getOwn(props.state.products, c.productId);
        const size = product?.specs.find((x) => x.id === c.specId);
        const open = noting === c.key;
        const remark = remarkShown(props.state, { ids: c.remarkIds ?? [], text: c.remark }, i18n.language);
        return (
          <li key={c.key} className="line cart-line" data-testid="cart-line">
            <div className="cart-row">
              <span className="line-name">
                {product ? nameIn(product.names, i18n.language) : c.productId}
                {size && ` · ${nameIn(size.names, i18n.language)}`}
                {remark && <small className="line-remark">{remark}</small>}
                {product && !orderable(product) && <small className="cart-unavailable">{t('ordering.unavailable')}</small>}
              </span>
              <span className="line-total">{formatSoles(pickUnitCents(props.state, c) * c.qty)}</span>
            </div>
            <div className="cart-controls">
              <div className="stepper">
                <button className="btn step-btn" disabled={c.queued} onClick={() => changeQty(props.orderId, c.key, -1)} aria-label="-">
                  −
                </button>
                <span className="qty">{c.qty}</span>
                <button className="btn step-btn" disabled={c.queued} onClick={() => changeQty(props.orderId, c.key, 1)} aria-label="+">
                  <Icon name="plus" />
                </button>
              </div>
              <button className={`btn note-btn${open ? ' active' : ''}`} disabled={c.queued} onClick={() => setNoting(open ? null : c.key)} aria-expanded={open}>
                {open ? t('kitchen.hideNote') : t('kitchen.addNote')}
              </button>
            </div>
            {open && <RemarkEditor state={props.state} productId={c.productId} draft={{ ids: c.remarkIds ?? [], text: c.remark }} onChange={(d) => setRemarks(props.orderId, c.key, d.ids, d.text)} />}
          </li>
        );
      })}
    </ul>
  );
}
