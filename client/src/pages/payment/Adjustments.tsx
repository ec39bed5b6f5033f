import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#protocol';
import { LineTabPanel, type LineTab } from './LineTabs.tsx';
import { OrderTabPanel, type OrderTab } from './OrderTabs.tsx';
import { TabRow } from './TabRow.tsx';

/** SPEC.md section 2 payment tabs, in its order, then the order discount. */
const TABS: readonly (LineTab | OrderTab)[] = ['tip', 'gift', 'lineDiscount', 'return', 'lunchBox', 'discount'];
const isLineTab = (tab: LineTab | OrderTab): tab is LineTab => tab === 'gift' || tab === 'lineDiscount' || tab === 'return';

/**
 * The payment tabs (tip, gift, single-item discount, return, lunch box,
 * order discount) under the bill, on the one payment screen (issue 18 item
 * 11). Most bills need none: the row stays closed until a tab is tapped, and
 * tapping the open tab closes it again, so the payments keep the screen.
 */
export function Adjustments(props: { order: Order }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<LineTab | OrderTab | null>(null);
  const prebilled = props.order.status === 'prebilled';
  return (
    <section className="pay-tabs" aria-label={t('pay.adjustments')}>
      <TabRow activeKey={tab ?? ''}>
        {TABS.map((k) => (
          <button key={k} role="tab" aria-selected={tab === k} className={`tab${tab === k ? ' active' : ''}`} onClick={() => setTab(tab === k ? null : k)} data-testid={`tab-${k}`}>
            {t(`pay.tabs.${k}`)}
          </button>
        ))}
      </TabRow>
      {tab !== null && prebilled && tab !== 'tip' && <p className="note">{t('pay.prebilledNote')}</p>}
      {tab !== null && (isLineTab(tab) ? <LineTabPanel tab={tab} order={props.order} locked={prebilled} /> : <OrderTabPanel tab={tab} order={props.order} locked={prebilled} />)}
    </section>
  );
}
