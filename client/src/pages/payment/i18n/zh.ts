import type { DeepStrings } from '../../../i18n/define.ts';
import type { paymentEs } from './es.ts';

/** Cash payment of a table, in Chinese. */
export const paymentZh: DeepStrings<typeof paymentEs> = {
  pay: {
    title: '结账 · 桌台 {{table}}',
    method: '支付方式',
    cash: '现金',
    received: '实收金额',
    exact: '正好',
    change: '找零',
    missing: '还差',
    confirm: '结账并关闭',
    success: '支付成功',
    billNo: '账单号 {{no}}',
    queued: '结账已保存在本设备，恢复连接后发送。',
    done: '完成',
  },
};
