import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { restockCount } from '../../menu/stock.ts';
import { replica } from '../../sync/replica.ts';

/** The low-stock alert on the goods menu entry: how many listed dishes are low or out of stock. */
export function GoodsBadge() {
  const { t } = useTranslation();
  const { state } = useSnapshot(replica);
  const n = restockCount(replica.state);
  if (!state || n === 0) return null;
  return (
    <span className="nav-badge" title={t('goods.status.low')} data-testid="goods-badge">
      {n}
    </span>
  );
}
