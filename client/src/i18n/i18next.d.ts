import 'i18next';
import type { AppMessages } from './languages/es.ts';

/**
 * Types every `t()` in the client against the Spanish texts (the default
 * language; English and Chinese must have the same keys), so a misspelled key
 * or a missing `{{placeholder}}` value fails `tsc`. Keys built at run time go
 * through the typed helpers in keys.ts instead of casts.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    returnNull: false;
    resources: { translation: AppMessages };
  }
}
