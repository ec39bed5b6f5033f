import { authEs } from '../../auth/i18n/es.ts';
import { dinnerEs } from '../../pages/dinner/i18n/es.ts';
import { goodsEs } from '../../pages/goods/i18n/es.ts';
import { jobsEs } from '../../pages/jobs/i18n/es.ts';
import { loginEs } from '../../pages/login/i18n/es.ts';
import { miscEs } from '../../pages/misc/i18n/es.ts';
import { paymentEs } from '../../pages/payment/i18n/es.ts';
import { setupEs } from '../../pages/setup/i18n/es.ts';
import { staffEs } from '../../pages/staff/i18n/es.ts';
import { tablesEs } from '../../pages/tables/i18n/es.ts';
import { coreEs } from '../core/es.ts';
import { mergeTexts, type DeepStrings, type MergedTexts } from '../define.ts';

/**
 * Every feature's Spanish texts, under the feature's name. Spanish is in the
 * first load (the default and the fallback); a new feature adds one line here
 * and one in en.ts and zh.ts beside this file.
 */
export const ES_FEATURES = {
  core: coreEs,
  auth: authEs,
  login: loginEs,
  setup: setupEs,
  tables: tablesEs,
  dinner: dinnerEs,
  payment: paymentEs,
  goods: goodsEs,
  staff: staffEs,
  jobs: jobsEs,
  misc: miscEs,
} as const;

/**
 * Every Spanish text the client can show: the type `t()` checks its keys
 * against (i18next.d.ts), so a misspelled key fails `tsc`.
 */
export type AppMessages = MergedTexts<typeof ES_FEATURES>;

/** Another language's whole tree: every Spanish key, each a string. */
export type Messages = DeepStrings<AppMessages>;

/** Spanish, as i18next receives it. */
export const es: AppMessages = mergeTexts(ES_FEATURES);
