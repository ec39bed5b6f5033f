import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Names, Order, OrderLine, State } from '#protocol';
import { billableQty, formatSoles, lineTotalCents } from '#hub/domain/money.ts';
import { remarkText } from '#hub/domain/kitchen/remarks.ts';
import { nameIn } from '../../i18n/index.ts';
import { Icon } from '../../ui/icons.tsx';
import { changeQty, setRemarks, type CartLine } from './cart.ts';
import { pickUnitCents } from './cart-prices.ts';
import { orderable } from './MenuPanel.tsx';
import { RemarkEditor, remarkShown } from './RemarkEditor.tsx';

/** "Ceviche · Fuente": a dish and the size it was ordered in. */
function withSize(name: string, size: Names | null | undefined, lang: string): string {
  return size ? `${name} · ${nameIn(size, lang)}` : name;
}

/** The marks a line carries: held, rushed, gifted, voided, returned, on its way. */
function LineMarks(props: { line: OrderLine; pending: boolean }) {
  const { t, i18n } = useTranslation();
  const { line } = props;
  // Presets in this device's language (the kitchen prints them in its own), then the free text.
  const remark = remarkText(line, i18n.language === 'zh' || i18n.language === 'en' ? i18n.language : 'es');
  return (
    <>
      {remark && <small className="line-remark">{remark}</small>}
      {line.held && <small className="mark mark-held">{t('kitchen.held')}</small>}
      {line.rushCount > 0 && <small className="mark mark-rush">{t('kitchen.rushed', { count: line.rushCount })}</small>}
      {line.giftedQty > 0 && <small className="mark mark-gift">{t('kitchen.gifted', { count: line.giftedQty })}</small>}
      {line.cancelledQty > 0 && <small className="mark mark-void">{t('kitchen.cancelled', { count: line.cancelledQty })}</small>}
      {line.returnedQty > 0 && <small className="mark mark-void">{t('order.returned', { count: line.returnedQty })}</small>}
      {props.pending && (
        <small className="line-pending">
          <Icon name="hourglass" /> {t('order.pending')}
        </small>
      )}
    </>
  );
}

/** What the table has ordered (sent or not; a tap opens the dish's actions) and the cart waiting to be sent, priced. */
export function OrderPanel(props: { state: State; order: Order; cart: readonly CartLine[]; pendingIds: ReadonlySet<string>; onLine: (line: OrderLine) => void }) {
  const { t, i18n } = useTranslation();
  const { order, cart } = props;
  // Remark chips only for the cart line asked for (issue 9: every line repeated 6–8 chips on a phone).
  const [noting, setNoting] = useState<string | null>(null);
  return (
    <div className="order-lines">
      {order.lines.length > 0 && <h3>{t('order.ordered')}</h3>}
      <ul className="lines">
        {order.lines.map((line) => (
          <li key={line.id} className={`line${line.sentBatch === null ? ' unsent' : ''}${billableQty(line) === 0 ? ' returned' : ''}${line.held ? ' held' : ''}`} data-testid="order-line">
            <button className="line-tap" onClick={() => props.onLine(line)} aria-label={t('kitchen.actions')}>
              <span className="line-qty">{line.qty}×</span>
              <span className="line-name">
                {withSize(nameIn(line.names, i18n.language), line.specNames, i18n.language)}
                {line.unit && <small className="line-remark">{line.unit}</small>}
                <LineMarks line={line} pending={props.pendingIds.has(line.id)} />
              </span>
              <span className="line-total">{formatSoles(lineTotalCents(line))}</span>
            </button>
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
            const open = noting === c.key && !c.queued;
            const remark = remarkShown(props.state, { ids: c.remarkIds ?? [], text: c.remark }, i18n.language);
            return (
              <li key={c.key} className="line cart-line" data-testid="cart-line">
                <div className="cart-row">
                  <span className="line-name">
                    {product ? withSize(nameIn(product.names, i18n.language), size?.names, i18n.language) : c.productId}
                    {remark && <small className="line-remark">{remark}</small>}
                    {/* Sold out since it was picked: the waiter sees which line the hub will refuse. */}
                    {product && !orderable(product) && <small className="cart-unavailable">{t('ordering.unavailable')}</small>}
                  </span>
                  <span className="line-total" data-testid="cart-line-total">
                    {formatSoles(pickUnitCents(props.state, c) * c.qty)}
                  </span>
                </div>
                {c.queued ? (
                  <span className="qty">
                    {c.qty}×{' '}
                    <small className="line-pending">
                      <Icon name="hourglass" /> {t('ordering.queued')}
                    </small>
                  </span>
                ) : (
                  <div className="cart-controls">
                    <div className="stepper">
                      <button className="btn step-btn" onClick={() => changeQty(order.id, c.key, -1)} aria-label="-">
                        −
                      </button>
                      <span className="qty">{c.qty}</span>
                      <button className="btn step-btn" onClick={() => changeQty(order.id, c.key, 1)} aria-label="+">
                        <Icon name="plus" />
                      </button>
                    </div>
                    <button className={`btn note-btn${open ? ' active' : ''}`} onClick={() => setNoting(open ? null : c.key)} aria-expanded={open} data-testid="cart-note">
                      {open ? t('kitchen.hideNote') : t('kitchen.addNote')}
                    </button>
                  </div>
                )}
                {open && <RemarkEditor state={props.state} productId={c.productId} draft={{ ids: c.remarkIds ?? [], text: c.remark }} onChange={(d) => setRemarks(order.id, c.key, d.ids, d.text)} />}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
