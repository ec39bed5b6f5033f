import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { mergeTexts } from './define.ts';

let loaded = false;
let loading: Promise<void> | null = null;

/**
 * Fetches the signed-in pages' Spanish texts (languages/es-pages.ts) once and
 * adds them to i18next. A chunk that cannot be fetched is tried again next
 * time; the caller then shows the pages anyway (a key on screen is better
 * than a blocked till).
 */
export function ensurePageTexts(): Promise<void> {
  if (loaded) return Promise.resolve();
  loading ??= import('./languages/es-pages.ts')
    .then((m) => {
      i18next.addResourceBundle('es', 'translation', mergeTexts(m.ES_PAGE_FEATURES), true, true);
      loaded = true;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/**
 * Whether the signed-in pages' texts are there; when `needed`, fetches them.
 * The frame and every signed-in page wait on it (AuthGate), the sign-in page never asks.
 */
export function usePageTexts(needed: boolean): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    const done = () => live && setReady(true);
    ensurePageTexts().then(done, done);
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return ready;
}
