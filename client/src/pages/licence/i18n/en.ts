import type { DeepStrings } from '../../../i18n/define.ts';
import type { licenceEs } from './es.ts';

/** The licence page and the fee notice, in English. */
export const licenceEn: DeepStrings<typeof licenceEs> = {
  licence: {
    title: 'Box licence',
    notice: 'Your equipment fee is about to expire, please scan the code to pay the fee',
    noticeDays_one: '{{count}} paid day left (until {{day}}).',
    noticeDays_other: '{{count}} paid days left (until {{day}}).',
    grace: 'The paid period ended on {{day}}. From {{locked}} no new orders can be opened.',
    expired: 'Your account has expired. Please make a payment via bank transfer.',
    expiredKeeps: 'New tables and orders cannot be opened. Open orders, closing the day, reports, exports, backups and e-invoices keep working.',
    open: 'Enter code',
    state: {
      demo: 'Demo: no end date.',
      trial: 'Trial period until {{day}}.',
      paid: 'Paid until {{day}}.',
      notice: 'Paid until {{day}}.',
      grace: 'Expired on {{day}}: grace period until {{locked}}.',
      expired: 'Expired on {{day}}; the grace period ended on {{locked}}: no new orders are opened.',
    },
    plan: {
      invoicing: 'Plan with e-invoicing and ordering',
      ordering: 'Ordering plan, without invoicing',
      demo: 'Demo',
    },
    hubId: 'This box\'s code (tell it to your provider):',
    sellerKey: 'Seller key this box accepts (for the technician):',
    code: 'Licence code',
    codeHint: 'Type the code your provider gave you, or scan it with the scanner: it lands in this field by itself.',
    submit: 'Activate',
    accepted: 'Licence activated: paid until {{day}}',
    failedToLoad: 'The licence could not be read.',
    cash: 'Company staff do not collect cash payments.',
  },
};
