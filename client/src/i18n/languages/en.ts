import { authEn } from '../../auth/i18n/en.ts';
import { dinnerEn } from '../../pages/dinner/i18n/en.ts';
import { goodsEn } from '../../pages/goods/i18n/en.ts';
import { jobsEn } from '../../pages/jobs/i18n/en.ts';
import { kitchenDisplayEn } from '../../pages/kitchen-display/i18n/en.ts';
import { floorEn } from '../../pages/floor/i18n/en.ts';
import { printersEn } from '../../pages/printers/i18n/en.ts';
import { fiscalEn } from '../../pages/fiscal/i18n/en.ts';
import { loginEn } from '../../pages/login/i18n/en.ts';
import { miscEn } from '../../pages/misc/i18n/en.ts';
import { bookEn } from '../../pages/book/i18n/en.ts';
import { deliveryEn } from '../../pages/delivery/i18n/en.ts';
import { counterEn } from '../../pages/counter/i18n/en.ts';
import { shiftEn } from '../../pages/shift/i18n/en.ts';
import { tallyEn } from '../../pages/tally/i18n/en.ts';
import { accountEn } from '../../pages/bill/account/i18n/en.ts';
import { billsEn } from '../../pages/bill/i18n/en.ts';
import { collectEn } from '../../pages/collect/i18n/en.ts';
import { ridersEn } from '../../pages/riders/i18n/en.ts';
import { membersEn } from '../../pages/member/i18n/en.ts';
import { couponsEn } from '../../pages/member/coupons/i18n/en.ts';
import { refundsEn } from '../../pages/refunds/i18n/en.ts';
import { exportMailEn } from '../../pages/exports/i18n/mail-en.ts';
import { exportsEn } from '../../pages/exports/i18n/en.ts';
import { updateEn } from '../../pages/update/i18n/en.ts';
import { backupEn } from '../../pages/backup/i18n/en.ts';
import { licenceEn } from '../../pages/licence/i18n/en.ts';
import { intakeEn } from '../../pages/intake/i18n/en.ts';
import { paymentEn } from '../../pages/payment/i18n/en.ts';
import { setupEn } from '../../pages/setup/i18n/en.ts';
import { staffEn } from '../../pages/staff/i18n/en.ts';
import { tablesEn } from '../../pages/tables/i18n/en.ts';
import { coreEn } from '../core/en.ts';
import type { TranslationOf } from '../define.ts';
import type { EsFeatures } from './es.ts';

/**
 * Every feature's English texts. Its own chunk, loaded only when a device picks
 * English (load-language.ts): nothing in the first load imports this file. The
 * type asks for every Spanish feature, and each feature's file for every key.
 * The loader merges the features (`mergeTexts`), so this chunk holds texts only.
 */
export const EN_FEATURES: TranslationOf<EsFeatures> = {
  core: coreEn,
  auth: authEn,
  login: loginEn,
  setup: setupEn,
  tables: tablesEn,
  dinner: dinnerEn,
  payment: paymentEn,
  goods: goodsEn,
  staff: staffEn,
  jobs: jobsEn,
  kitchenDisplay: kitchenDisplayEn,
  floor: floorEn,
  printers: printersEn,
  fiscal: fiscalEn,
  misc: miscEn,
  book: bookEn,
  delivery: deliveryEn,
  counter: counterEn,
  shift: shiftEn,
  tally: tallyEn,
  account: accountEn,
  bills: billsEn,
  collect: collectEn,
  riders: ridersEn,
  members: membersEn,
  coupons: couponsEn,
  refunds: refundsEn,
  exportMail: exportMailEn,
  exports: exportsEn,
  update: updateEn,
  backup: backupEn,
  licence: licenceEn,
  intake: intakeEn,
};

