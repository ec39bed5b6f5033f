import type { DeepStrings } from '../../../i18n/define.ts';
import type { paymentEs } from './es.ts';

/** Cash payment of a table, in English. */
export const paymentEn: DeepStrings<typeof paymentEs> = {
  pay: {
    title: 'Payment · Table {{table}}',
    method: 'Payment method',
    cash: 'Cash',
    received: 'Amount received',
    exact: 'Exact',
    change: 'Change',
    missing: 'Missing',
    confirm: 'Settle and close',
    success: 'Payment success',
    billNo: 'Bill No. {{no}}',
    queued: 'Payment saved on this device: it will be sent when the connection is back.',
    done: 'Done',
  },
};
