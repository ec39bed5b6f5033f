import { mergeTexts } from '../define.ts';
import { ES_FIRST_FEATURES, type AppMessages } from './es.ts';
import { ES_PAGE_FEATURES } from './es-pages.ts';

/**
 * Every Spanish feature and the whole Spanish tree, for tests and tools: the
 * app itself loads them in two parts (es.ts at start, es-pages.ts after sign-in).
 */
export const ES_FEATURES = { ...ES_FIRST_FEATURES, ...ES_PAGE_FEATURES };

/** The whole Spanish tree. */
export const es: AppMessages = mergeTexts(ES_FEATURES);
