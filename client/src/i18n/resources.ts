import { orderingMessages } from '../pages/dinner/messages.ts';
import { goodsMessages } from '../pages/goods/messages.ts';
import { jobsMessages } from '../pages/jobs/messages.ts';
import { authMessages } from '../auth/messages.ts';
import { loginMessages } from '../pages/login/messages.ts';
import { setupMessages } from '../pages/setup/messages.ts';
import { staffMessages } from '../pages/staff/messages.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { zh } from './zh.ts';

/** The languages the client speaks; Spanish is the default and the shape the others must match. */
export type LangCode = 'es' | 'en' | 'zh';

/**
 * Texts that live beside their feature (`defineMessages` in the feature's
 * folder), each under its own top-level key: `t('goods.title')`. Kept as a
 * literal object (no `Record<string, …>`) so the compiler knows every key.
 */
export const FEATURE_MESSAGES = {
  goods: goodsMessages,
  ordering: orderingMessages,
  auth: authMessages,
  login: loginMessages,
  setup: setupMessages,
  staffAdmin: staffMessages,
  jobs: jobsMessages,
} satisfies Record<string, Record<LangCode, object>>;

type Features = typeof FEATURE_MESSAGES;

/**
 * Every Spanish text the client can show, core and features together: the type
 * `t()` checks its keys against (see i18next.d.ts), so a misspelled key fails `tsc`.
 */
export type AppMessages = typeof es & { [K in keyof Features]: Features[K]['es'] };

const CORE: Record<LangCode, object> = { es, en, zh };

/** One language's whole tree (core texts plus each feature under its key), as handed to i18next. */
export function messagesFor(lang: LangCode): AppMessages {
  const features = Object.fromEntries(Object.entries(FEATURE_MESSAGES).map(([key, m]) => [key, m[lang]]));
  const tree: object = { ...CORE[lang], ...features };
  // The one cast of the client's texts: every part already has the Spanish shape
  // (`Messages` in en.ts/zh.ts, `defineMessages` in each feature), the compiler just cannot follow Object.entries.
  return tree as AppMessages;
}
