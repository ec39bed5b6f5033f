import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { getOwn } from '#hub/domain/records.ts';
import { useView } from '../../sync/view.ts';
import { PaymentPage } from '../payment/PaymentPage.tsx';
import { COUNTER_ORDERS_PATH } from './paths.ts';

/**
 * `/pages/oder_food/oderfood_pay?orderId=` (SPEC.md M002): the dine-in payment
 * screen on the counter order (every method, quick cash and change, cards,
 * Yape/Plin with the operation number, dollars, sale note/boleta/factura),
 * titled with the pickup code, the document the guest asked for chosen first,
 * and back to today's counter orders.
 */
export function CounterPayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { state } = useView();
  const order = state ? getOwn(state.orders, params.get('orderId') ?? '') : undefined;
  const takeout = state && order?.takeoutId ? getOwn(state.takeouts ?? {}, order.takeoutId) : undefined;
  return (
    <PaymentPage
      backTo={COUNTER_ORDERS_PATH}
      doneTo={COUNTER_ORDERS_PATH}
      title={takeout ? `${t('counter.title')} ${takeout.pickupCode}` : undefined}
      defaultDoc={takeout?.invoiceType}
      // No such open order (paid on another till, a stale link, ?orderId=__proto__): back to the
      // counter's orders, not to the tables a counter role cannot open.
      notOpen={
        <div className="empty" data-testid="counter-no-order">
          <p>{t('counter.notOpen')}</p>
          <Link href={COUNTER_ORDERS_PATH} className="btn btn-primary">
            {t('counter.orders')}
          </Link>
        </div>
      }
    />
  );
}
