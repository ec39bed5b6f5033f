import { defineMessages } from '../../i18n/define.ts';
import { goodsEn } from './i18n/en.ts';
import { goodsEs } from './i18n/es.ts';
import { goodsZh } from './i18n/zh.ts';

/** Texts of the goods page (t('goods.…')), in Spanish (default), English and Chinese; one file per language in i18n/. */
export const goodsMessages = defineMessages({ es: goodsEs, en: goodsEn, zh: goodsZh });
