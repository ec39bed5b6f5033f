import { authZh } from '../../auth/i18n/zh.ts';
import { dinnerZh } from '../../pages/dinner/i18n/zh.ts';
import { goodsZh } from '../../pages/goods/i18n/zh.ts';
import { jobsZh } from '../../pages/jobs/i18n/zh.ts';
import { kitchenDisplayZh } from '../../pages/kitchen-display/i18n/zh.ts';
import { floorZh } from '../../pages/floor/i18n/zh.ts';
import { printersZh } from '../../pages/printers/i18n/zh.ts';
import { fiscalZh } from '../../pages/fiscal/i18n/zh.ts';
import { loginZh } from '../../pages/login/i18n/zh.ts';
import { miscZh } from '../../pages/misc/i18n/zh.ts';
import { bookZh } from '../../pages/book/i18n/zh.ts';
import { deliveryZh } from '../../pages/delivery/i18n/zh.ts';
import { counterZh } from '../../pages/counter/i18n/zh.ts';
import { shiftZh } from '../../pages/shift/i18n/zh.ts';
import { tallyZh } from '../../pages/tally/i18n/zh.ts';
import { accountZh } from '../../pages/bill/account/i18n/zh.ts';
import { billsZh } from '../../pages/bill/i18n/zh.ts';
import { collectZh } from '../../pages/collect/i18n/zh.ts';
import { ridersZh } from '../../pages/riders/i18n/zh.ts';
import { membersZh } from '../../pages/member/i18n/zh.ts';
import { couponsZh } from '../../pages/member/coupons/i18n/zh.ts';
import { refundsZh } from '../../pages/refunds/i18n/zh.ts';
import { exportMailZh } from '../../pages/exports/i18n/mail-zh.ts';
import { exportsZh } from '../../pages/exports/i18n/zh.ts';
import { updateZh } from '../../pages/update/i18n/zh.ts';
import { backupZh } from '../../pages/backup/i18n/zh.ts';
import { licenceZh } from '../../pages/licence/i18n/zh.ts';
import { intakeZh } from '../../pages/intake/i18n/zh.ts';
import { paymentZh } from '../../pages/payment/i18n/zh.ts';
import { setupZh } from '../../pages/setup/i18n/zh.ts';
import { staffZh } from '../../pages/staff/i18n/zh.ts';
import { tablesZh } from '../../pages/tables/i18n/zh.ts';
import { coreZh } from '../core/zh.ts';
import type { TranslationOf } from '../define.ts';
import type { EsFeatures } from './es.ts';

/**
 * Every feature's Chinese texts. Its own chunk, loaded only when a device picks
 * Chinese (load-language.ts): nothing in the first load imports this file. The
 * type asks for every Spanish feature, and each feature's file for every key.
 * The loader merges the features (`mergeTexts`), so this chunk holds texts only.
 */
export const ZH_FEATURES: TranslationOf<EsFeatures> = {
  core: coreZh,
  auth: authZh,
  login: loginZh,
  setup: setupZh,
  tables: tablesZh,
  dinner: dinnerZh,
  payment: paymentZh,
  goods: goodsZh,
  staff: staffZh,
  jobs: jobsZh,
  kitchenDisplay: kitchenDisplayZh,
  floor: floorZh,
  printers: printersZh,
  fiscal: fiscalZh,
  misc: miscZh,
  book: bookZh,
  delivery: deliveryZh,
  counter: counterZh,
  shift: shiftZh,
  tally: tallyZh,
  account: accountZh,
  bills: billsZh,
  collect: collectZh,
  riders: ridersZh,
  members: membersZh,
  coupons: couponsZh,
  refunds: refundsZh,
  exportMail: exportMailZh,
  exports: exportsZh,
  update: updateZh,
  backup: backupZh,
  licence: licenceZh,
  intake: intakeZh,
};

