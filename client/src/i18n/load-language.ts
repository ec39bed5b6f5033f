import type { i18n as I18n } from 'i18next';
import { mergeTexts } from './define.ts';
import type { Messages } from './languages/es.ts';

/** A language that is not in the first load. */
export type LoadedOnDemand = 'en' | 'zh';

/**
 * English and Chinese each in a chunk of their own, fetched the first time a
 * device needs them (its stored language at start, or the switch). The
 * literal `import()` paths are what tells the bundler to split them off.
 */
const LOADERS: Record<LoadedOnDemand, () => Promise<Messages>> = {
  en: () => import('./languages/en.ts').then((m) => mergeTexts(m.EN_FEATURES)),
  zh: () => import('./languages/zh.ts').then((m) => mergeTexts(m.ZH_FEATURES)),
};

/**
 * Makes `lang`'s texts available to `i18n` (fetching its chunk once) and says
 * whether they are. Spanish is always there. A chunk that cannot be fetched
 * (the hub unreachable before this language was ever used) leaves the device
 * in the language it shows: false, never a screen of raw keys.
 */
export async function ensureLanguage(i18n: I18n, lang: 'es' | LoadedOnDemand): Promise<boolean> {
  if (lang === 'es' || i18n.hasResourceBundle(lang, 'translation')) return true;
  try {
    const texts = await LOADERS[lang]();
    i18n.addResourceBundle(lang, 'translation', texts, true, true);
    return true;
  } catch {
    return false;
  }
}
