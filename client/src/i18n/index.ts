import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Names } from '#protocol';
import { KEYS } from '../sync/storage.ts';
import { esFirst } from './languages/es.ts';
import { ensureLanguage } from './load-language.ts';

/** The languages offered in the left window, each with the code SPEC.md keeps in storage. */
export const LANGUAGES = [
  { code: 'es', stored: 'es_US', label: 'Español' },
  { code: 'en', stored: 'en_US', label: 'English' },
  { code: 'zh', stored: 'zh_CN', label: '中文' },
] as const;
/** A language's short code: `es`, `en` or `zh`. */
export type Lang = (typeof LANGUAGES)[number]['code'];

/** The language kept under SPEC.md's language key; Spanish when none or unknown. */
export function storedLanguage(): Lang {
  const stored = localStorage.getItem(KEYS.language);
  return LANGUAGES.find((l) => l.stored === stored || l.code === stored)?.code ?? 'es';
}

/** The language last asked for: a slow chunk must not override a later choice. */
let wanted: Lang = 'es';

/**
 * Switches this device's language and keeps it for the next visit. English
 * and Chinese are fetched first (load-language.ts); until they are here the
 * screen stays in the language it shows, so no key is ever shown raw.
 */
export function setLanguage(code: Lang): void {
  const entry = LANGUAGES.find((l) => l.code === code)!;
  // Kept at once: a choice made offline, before the chunk could come, holds for the next start.
  localStorage.setItem(KEYS.language, entry.stored);
  void switchWhenLoaded(code);
}

/**
 * How long the first frame waits for the stored language's chunk. It comes
 * from the hub that just served the page, so it is normally far quicker; a
 * request that stalls must not leave a blank screen: the app then starts in
 * Spanish and switches when the chunk arrives.
 */
const FIRST_FRAME_WAIT_MS = 10_000;

/**
 * Starts i18next with Spanish (in the first load, and the fallback of every
 * other language) and, when the device keeps another language, that
 * language's chunk first: the app renders once this resolves, in the right
 * language from its first frame.
 */
export async function initI18n(): Promise<typeof i18next> {
  const stored = storedLanguage();
  await i18next.use(initReactI18next).init({
    lng: 'es',
    fallbackLng: 'es',
    resources: { es: { translation: esFirst } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = 'es';
  if (stored !== 'es') {
    const switched = switchWhenLoaded(stored);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([switched, new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_FRAME_WAIT_MS)))]);
    clearTimeout(timer);
  }
  return i18next;
}

/** Fetches `code`'s texts, then shows them unless another language was asked for meanwhile. */
async function switchWhenLoaded(code: Lang): Promise<void> {
  wanted = code;
  if (!(await ensureLanguage(i18next, code)) || wanted !== code) return;
  document.documentElement.lang = code;
  await i18next.changeLanguage(code);
}

/** A dish or category name in the device's language, falling back to the others. */
export function nameIn(names: Names, lang: string): string {
  const key = (lang.slice(0, 2) as keyof Names) ?? 'es';
  return names[key] || names.es || names.en || names.zh;
}
