import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { Icon } from '../../ui/icons.tsx';
import type { CartLine } from '../dinner/cart.ts';
import { PricedCartLine } from '../dinner/PricedCartLine.tsx';
import type { DraftCustomLine } from './phone-draft-store.ts';

/**
 * The phone order's dishes as the caller lists them: menu dishes with − and +
 * and their remarks (the dinner cart, keyed by the draft's order id), and the
 * dishes not on the menu, each with its price.
 */
export function PhoneCart(props: { state: State; orderId: string; cart: readonly CartLine[]; custom: readonly DraftCustomLine[]; onRemoveCustom: (lineId: string) => void }) {
  const { t } = useTranslation();
  const [noting, setNoting] = useState<string | null>(null);
  if (props.cart.length === 0 && props.custom.length === 0) return <p className="hint" data-testid="phone-cart-empty">{t('order.cartEmpty')}</p>;
  return (
    <ul className="lines cart" data-testid="phone-cart">
      {props.cart.map((c) => (
        <PricedCartLine key={c.key} state={props.state} orderId={props.orderId} line={c} noting={noting === c.key} onToggleNote={() => setNoting(noting === c.key ? null : c.key)} />
      ))}
      {props.custom.map((c) => (
        <li key={c.lineId} className="line cart-line" data-testid="custom-line">
          <div className="cart-row">
            <span className="line-name">
              {c.qty} × {c.name}
              {c.remark && <small className="line-remark">{c.remark}</small>}
            </span>
            <span className="line-total">{formatSoles(c.priceCents * c.qty)}</span>
            <button className="btn btn-ghost btn-icon" onClick={() => props.onRemoveCustom(c.lineId)} aria-label={t('delivery.form.removeDish')}>
              <Icon name="close" />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
