import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Names } from '../../../hub/protocol/index.ts';
import { orderingMessages } from '../pages/dinner/messages.ts';
import { goodsMessages } from '../pages/goods/messages.ts';
import { jobsMessages } from '../pages/jobs/messages.ts';
import { authMessages } from '../auth/messages.ts';
import { loginMessages } from '../pages/login/messages.ts';
import { setupMessages } from '../pages/setup/messages.ts';
import { staffMessages } from '../pages/staff/messages.ts';
import { KEYS } from '../sync/storage.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { zh } from './zh.ts';

/**
 * Texts that live beside their feature (`defineMessages` in the feature's
 * folder), each under its own top-level key: `t('goods.title')`.
 */
export const FEATURE_MESSAGES: Record<string, { es: object; en: object; zh: object }> = {
  goods: goodsMessages,
  ordering: orderingMessages,
  auth: authMessages,
  login: loginMessages,
  setup: setupMessages,
  staffAdmin: staffMessages,
  jobs: jobsMessages,
};

export const LANGUAGES = [
  { code: 'es', stored: 'es_US', label: 'Español' },
  { code: 'en', stored: 'en_US', label: 'English' },
  { code: 'zh', stored: 'zh_CN', label: '中文' },
] as const;
export type Lang = (typeof LANGUAGES)[number]['code'];

/** The language kept under SPEC.md's language key; Spanish when none or unknown. */
export function storedLanguage(): Lang {
  const stored = localStorage.getItem(KEYS.language);
  return LANGUAGES.find((l) => l.stored === stored || l.code === stored)?.code ?? 'es';
}

export function setLanguage(code: Lang): void {
  const entry = LANGUAGES.find((l) => l.code === code)!;
  localStorage.setItem(KEYS.language, entry.stored);
  document.documentElement.lang = code;
  void i18next.changeLanguage(code);
}

export function initI18n(): typeof i18next {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'es',
    resources: {
      es: { translation: { ...es, ...pick('es') } },
      en: { translation: { ...en, ...pick('en') } },
      zh: { translation: { ...zh, ...pick('zh') } },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

function pick(lang: 'es' | 'en' | 'zh'): Record<string, object> {
  return Object.fromEntries(Object.entries(FEATURE_MESSAGES).map(([key, m]) => [key, m[lang]]));
}

/** A dish or category name in the device's language, falling back to the others. */
export function nameIn(names: Names, lang: string): string {
  const key = (lang.slice(0, 2) as keyof Names) ?? 'es';
  return names[key] || names.es || names.en || names.zh;
}
