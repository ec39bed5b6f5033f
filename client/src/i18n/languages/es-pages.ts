import { bookEs } from '../../pages/book/i18n/es.ts';
import { deliveryEs } from '../../pages/delivery/i18n/es.ts';
import { counterEs } from '../../pages/counter/i18n/es.ts';
import { shiftEs } from '../../pages/shift/i18n/es.ts';
import { tallyEs } from '../../pages/tally/i18n/es.ts';
import { accountEs } from '../../pages/bill/account/i18n/es.ts';
import { billsEs } from '../../pages/bill/i18n/es.ts';
import { collectEs } from '../../pages/collect/i18n/es.ts';
import { ridersEs } from '../../pages/riders/i18n/es.ts';
import { membersEs } from '../../pages/member/i18n/es.ts';
import { couponsEs } from '../../pages/member/coupons/i18n/es.ts';
import { refundsEs } from '../../pages/refunds/i18n/es.ts';
import { exportMailEs } from '../../pages/exports/i18n/mail-es.ts';
import { exportsEs } from '../../pages/exports/i18n/es.ts';
import { updateEs } from '../../pages/update/i18n/es.ts';
import { backupEs } from '../../pages/backup/i18n/es.ts';
import { licenceEs } from '../../pages/licence/i18n/es.ts';
import { intakeEs } from '../../pages/intake/i18n/es.ts';
import { dinnerEs } from '../../pages/dinner/i18n/es.ts';
import { goodsEs } from '../../pages/goods/i18n/es.ts';
import { jobsEs } from '../../pages/jobs/i18n/es.ts';
import { kitchenDisplayEs } from '../../pages/kitchen-display/i18n/es.ts';
import { floorEs } from '../../pages/floor/i18n/es.ts';
import { printersEs } from '../../pages/printers/i18n/es.ts';
import { fiscalEs } from '../../pages/fiscal/i18n/es.ts';
import { paymentEs } from '../../pages/payment/i18n/es.ts';
import { staffEs } from '../../pages/staff/i18n/es.ts';
import { tablesEs } from '../../pages/tables/i18n/es.ts';

/**
 * The Spanish texts of the signed-in pages, in a chunk of their own: the
 * sign-in page's first load does without them (issue 8: under 150 KB on the
 * wire). page-texts.ts fetches this once someone is signed in, before the
 * frame and the pages render. English and Chinese are whole chunks anyway.
 */
export const ES_PAGE_FEATURES = {
  tables: tablesEs,
  dinner: dinnerEs,
  payment: paymentEs,
  goods: goodsEs,
  staff: staffEs,
  jobs: jobsEs,
  kitchenDisplay: kitchenDisplayEs,
  floor: floorEs,
  printers: printersEs,
  fiscal: fiscalEs,
  book: bookEs,
  delivery: deliveryEs,
  counter: counterEs,
  shift: shiftEs,
  tally: tallyEs,
  account: accountEs,
  bills: billsEs,
  collect: collectEs,
  riders: ridersEs,
  members: membersEs,
  coupons: couponsEs,
  refunds: refundsEs,
  exportMail: exportMailEs,
  exports: exportsEs,
  update: updateEs,
  backup: backupEs,
  licence: licenceEs,
  intake: intakeEs,
} as const;
