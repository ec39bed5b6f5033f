import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { getOwn } from '#hub/domain/records.ts';
import { useView } from '../../sync/view.ts';
import { PaymentPage } from '../payment/PaymentPage.tsx';
import { DELIVERY_PATH } from './paths.ts';
import { takeoutById } from './takeouts.ts';

/**
 * /pages/take_out/pay?orderId= (M005 section; settling is `payment`'s): the dine-in payment
 * screen on a delivery or phone order, titled with its code and pickup code, the document the
 * guest asked for chosen first, and back to the order's detail (paid or not) when done.
 */
export function TakeoutPayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { state } = useView();
  const order = state ? getOwn(state.orders, params.get('orderId') ?? '') : undefined;
  const takeout = state && order?.takeoutId ? takeoutById(state, order.takeoutId) : undefined;
  // `?id=` names the takeout too: once settled its order is gone from the state, and "Listo" still goes back to it.
  const takeoutId = takeout?.id ?? params.get('id') ?? '';
  // The trailing '?' clears the query (wouter's hash navigation keeps it otherwise).
  const back = takeoutId ? `${DELIVERY_PATH}?id=${encodeURIComponent(takeoutId)}` : `${DELIVERY_PATH}?`;
  return <PaymentPage backTo={back} doneTo={back} title={takeout ? t('delivery.payTitle', { code: takeout.code, pickup: takeout.pickupCode }) : undefined} defaultDoc={takeout?.invoiceType} />;
}
