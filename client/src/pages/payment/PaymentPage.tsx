import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { formatSoles, orderTotals } from '#hub/domain/money.ts';
import { groupMinimumCents } from '#hub/domain/table-ops/group-minimum.ts';
import { getOwn } from '#hub/domain/records.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { Icon } from '../../ui/icons.tsx';
import { NoOpenOrder } from '../../ui/NoOpenOrder.tsx';
import { BillSummary } from './BillSummary.tsx';
import { Confirm } from './Confirm.tsx';
import { LineTabPanel, type LineTab } from './LineTabs.tsx';
import { OrderTabPanel, type OrderTab } from './OrderTabs.tsx';
import { TabRow } from './TabRow.tsx';
import './payment.css';

/** SPEC.md section 2 payment tabs, in its order, then the order discount. */
const TABS: readonly (LineTab | OrderTab)[] = ['tip', 'gift', 'lineDiscount', 'return', 'lunchBox', 'discount'];
const isLineTab = (tab: LineTab | OrderTab): tab is LineTab => tab === 'gift' || tab === 'lineDiscount' || tab === 'return';

/**
 * `/pages/dining_table/payment`: the bill of a table and the payment tabs
 * (tip, gift, single-item discount, return, lunch box, order discount), the
 * pre-bill and its cancellation; "Settle" goes on to the settlement page.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const { state } = useView();
  const [tab, setTab] = useState<LineTab | OrderTab>('tip');
  const [asking, setAsking] = useState(false);
  // Ids from the address bar are looked up as own entries only (?orderId=__proto__ is simply no order).
  const order = state ? getOwn(state.orders, params.get('orderId') ?? '') : undefined;
  if (!state || !order) return <NoOpenOrder />;
  const table = getOwn(state.tables, order.tableId);
  const totals = orderTotals(order, groupMinimumCents(state.tables, order));
  const prebilled = order.status === 'prebilled';
  const unsent = order.lines.some((l) => l.sentBatch === null);

  return (
    <div className="pay-page">
      <header className="dinner-head">
        <button className="btn btn-ghost btn-icon" aria-label={t('pay.back')} onClick={() => navigate(`${PATHS.dinner}?tableId=${encodeURIComponent(order.tableId)}`)}>
          <Icon name="arrowLeft" />
        </button>
        <h1>{t('pay.title', { table: table?.name ?? '' })}</h1>
      </header>
      <div className="pay-columns">
        <BillSummary order={order} totals={totals} />
        <section className="pay-tabs">
          <TabRow activeKey={tab}>
            {TABS.map((k) => (
              <button key={k} role="tab" aria-selected={tab === k} className={`tab${tab === k ? ' active' : ''}`} onClick={() => setTab(k)} data-testid={`tab-${k}`}>
                {t(`pay.tabs.${k}`)}
              </button>
            ))}
          </TabRow>
          {prebilled && tab !== 'tip' && <p className="note">{t('pay.prebilledNote')}</p>}
          {isLineTab(tab) ? <LineTabPanel tab={tab} order={order} locked={prebilled} /> : <OrderTabPanel tab={tab} order={order} locked={prebilled} />}
        </section>
      </div>
      <footer className="pay-actions">
        {prebilled ? (
          <button className="btn" onClick={() => void enqueue('order.cancelPrebill', { orderId: order.id })} data-testid="cancel-prebill">
            {t('pay.cancelPrebill')}
          </button>
        ) : (
          <button className="btn" disabled={unsent || order.lines.length === 0} onClick={() => setAsking(true)} data-testid="pay-prebill">
            {t('pay.prebill')}
          </button>
        )}
        <button className="btn btn-primary" disabled={unsent || order.lines.length === 0} onClick={() => navigate(`${PATHS.settlement}?orderId=${encodeURIComponent(order.id)}`)} data-testid="go-settle">
          {t('pay.goSettle', { amount: formatSoles(totals.dueCents) })}
        </button>
      </footer>
      {asking && (
        <Confirm
          question={t('pay.confirmPrebill')}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void enqueue('order.prebill', { orderId: order.id });
          }}
          testId="prebill-confirm"
        />
      )}
    </div>
  );
}
