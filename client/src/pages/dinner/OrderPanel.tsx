import { useTranslation } from 'react-i18next';
import type { Names, Order, OrderLine, State } from '#protocol';
import { billableQty, formatSoles, lineTotalCents } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { changeQty, toggleRemark, type CartLine } from './cart.ts';
import { orderable } from './MenuPanel.tsx';

/** "Ceviche · Fuente": a dish and the size it was ordered in. */
function withSize(name: string, size: Names | null | undefined, lang: string): string {
  return size ? `${name} · ${nameIn(size, lang)}` : name;
}

/** What the table has ordered (sent or not) and the cart waiting to be sent. */
export function OrderPanel(props: {
  state: State;
  order: Order;
  cart: readonly CartLine[];
  pendingIds: ReadonlySet<string>;
  onRemove: (line: OrderLine) => void;
  /** Absent when the role may not return dishes: the button is not shown. */
  onReturn?: (line: OrderLine) => void;
}) {
  const { t, i18n } = useTranslation();
  const { order, cart } = props;
  return (
    <div className="order-lines">
      {order.lines.length > 0 && <h3>{t('order.ordered')}</h3>}
      <ul className="lines">
        {order.lines.map((line) => (
          <li key={line.id} className={`line${line.sentBatch === null ? ' unsent' : ''}${billableQty(line) === 0 ? ' returned' : ''}`} data-testid="order-line">
            <span className="line-qty">{line.qty}×</span>
            <span className="line-name">
              {withSize(nameIn(line.names, i18n.language), line.specNames, i18n.language)}
              {line.unit && <small className="line-remark">{line.unit}</small>}
              {line.remark && <small className="line-remark">{line.remark}</small>}
              {line.returnedQty > 0 && <small className="line-returned">{t('order.returned', { count: line.returnedQty })}</small>}
              {props.pendingIds.has(line.id) && <small className="line-pending">⏳ {t('order.pending')}</small>}
            </span>
            <span className="line-total">{formatSoles(lineTotalCents(line))}</span>
            {order.status === 'open' &&
              (line.sentBatch === null ? (
                <button className="btn btn-small" onClick={() => props.onRemove(line)}>
                  {t('order.remove')}
                </button>
              ) : (
                billableQty(line) > 0 &&
                props.onReturn && (
                  <button className="btn btn-small" onClick={() => props.onReturn?.(line)}>
                    {t('order.return')}
                  </button>
                )
              ))}
          </li>
        ))}
      </ul>
      <h3>{t('order.cart')}</h3>
      {cart.length === 0 ? (
        <p className="hint">{t('order.cartEmpty')}</p>
      ) : (
        <ul className="lines cart">
          {cart.map((c) => {
            const product = props.state.products[c.productId];
            const size = product?.specs.find((x) => x.id === c.specId);
            // The restaurant's presets in this device's language, then the dish's own.
            const remarks = [...props.state.menuSettings.remarks.map((r) => nameIn(r.names, i18n.language)), ...(product?.remarks ?? [])];
            return (
              <li key={c.key} className="line cart-line" data-testid="cart-line">
                <div className="cart-row">
                  <span className="line-name">
                    {product ? withSize(nameIn(product.names, i18n.language), size?.names, i18n.language) : c.productId}
                    {/* Sold out since it was picked: the waiter sees which line the hub will refuse. */}
                    {product && !orderable(product) && <small className="cart-unavailable">{t('ordering.unavailable')}</small>}
                  </span>
                  {c.queued ? (
                    <span className="qty">
                      {c.qty}× <small className="line-pending">⏳ {t('ordering.queued')}</small>
                    </span>
                  ) : (
                    <div className="stepper small">
                      <button className="btn btn-small" onClick={() => changeQty(order.id, c.key, -1)} aria-label="-">
                        −
                      </button>
                      <span className="qty">{c.qty}</span>
                      <button className="btn btn-small" onClick={() => changeQty(order.id, c.key, 1)} aria-label="+">
                        +
                      </button>
                    </div>
                  )}
                </div>
                {!c.queued && <div className="chips remarks">
                  {[...new Set(remarks)].map((text) => {
                    const on = c.remark.split(', ').includes(text);
                    return (
                      <button key={text} className={`chip chip-small${on ? ' active' : ''}`} onClick={() => toggleRemark(order.id, c.key, text)}>
                        {text}
                      </button>
                    );
                  })}
                </div>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
