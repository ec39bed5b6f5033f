import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { nameIn } from '../../i18n/index.ts';
import { Icon } from '../../ui/icons.tsx';
import { changeQty, setRemarks, type CartLine } from './cart.ts';
import { pickUnitCents } from './cart-prices.ts';
import { orderable } from './MenuPanel.tsx';
import { RemarkEditor, remarkShown } from './RemarkEditor.tsx';

/**
 * One dish of a cart taken without a table (the counter's order, a phone order): its name, size,
 * remarks and price, − and + and the remark editor. Shared by both, so a till and a phone list
 * dishes the same way.
 */
export function PricedCartLine(props: { state: State; orderId: string; line: CartLine; noting: boolean; onToggleNote: () => void }) {
  const { t, i18n } = useTranslation();
  const c = props.line;
  const product = getOwn(props.state.products, c.productId);
  const size = product?.specs.find((x) => x.id === c.specId);
  const remark = remarkShown(props.state, { ids: c.remarkIds ?? [], text: c.remark }, i18n.language);
  return (
    <li className="line cart-line" data-testid="cart-line">
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
        <button className={`btn note-btn${props.noting ? ' active' : ''}`} disabled={c.queued} onClick={props.onToggleNote} aria-expanded={props.noting}>
          {props.noting ? t('kitchen.hideNote') : t('kitchen.addNote')}
        </button>
      </div>
      {props.noting && <RemarkEditor state={props.state} productId={c.productId} draft={{ ids: c.remarkIds ?? [], text: c.remark }} onChange={(d) => setRemarks(props.orderId, c.key, d.ids, d.text)} />}
    </li>
  );
}
