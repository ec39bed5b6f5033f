import { authEs } from '../../auth/i18n/es.ts';
import { loginEs } from '../../pages/login/i18n/es.ts';
import { miscEs } from '../../pages/misc/i18n/es.ts';
import { setupEs } from '../../pages/setup/i18n/es.ts';
import { coreEs } from '../core/es.ts';
import { mergeTexts, type DeepStrings, type MergedTexts } from '../define.ts';
import type { ES_PAGE_FEATURES } from './es-pages.ts';

/**
 * The Spanish texts of the first load, under each feature's name: the frame,
 * sign-in, setup and the open pages. Spanish is the default and the fallback.
 * The texts of the signed-in pages are in es-pages.ts, fetched once someone
 * is signed in (page-texts.ts), so the sign-in page does not carry them.
 * A new feature adds one line here or there, and one in en.ts and zh.ts.
 */
export const ES_FIRST_FEATURES = {
  core: coreEs,
  auth: authEs,
  login: loginEs,
  setup: setupEs,
  misc: miscEs,
} as const;

/**
 * Every Spanish text the client can show: the type `t()` checks its keys
 * against (i18next.d.ts), so a misspelled key fails `tsc`.
 */
export type AppMessages = MergedTexts<EsFeatures>;

/** Every Spanish feature: the first load's and the signed-in pages'. */
export type EsFeatures = typeof ES_FIRST_FEATURES & typeof ES_PAGE_FEATURES;

/** Another language's whole tree: every Spanish key, each a string. */
export type Messages = DeepStrings<AppMessages>;

/** The first load's Spanish, as i18next receives it at start. */
export const esFirst = mergeTexts(ES_FIRST_FEATURES);
