import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Names } from '../../../hub/protocol/index.ts';
import { KEYS } from '../sync/storage.ts';
import { messagesFor } from './resources.ts';

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

/** Switches this device's language now and keeps it for the next visit. */
export function setLanguage(code: Lang): void {
  const entry = LANGUAGES.find((l) => l.code === code)!;
  localStorage.setItem(KEYS.language, entry.stored);
  document.documentElement.lang = code;
  void i18next.changeLanguage(code);
}

/** Starts i18next in the stored language with every language's texts (Spanish as the fallback). */
export function initI18n(): typeof i18next {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'es',
    resources: {
      es: { translation: messagesFor('es') },
      en: { translation: messagesFor('en') },
      zh: { translation: messagesFor('zh') },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

/** A dish or category name in the device's language, falling back to the others. */
export function nameIn(names: Names, lang: string): string {
  const key = (lang.slice(0, 2) as keyof Names) ?? 'es';
  return names[key] || names.es || names.en || names.zh;
}
