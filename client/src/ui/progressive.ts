import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * How many items of a long list to draw: `first` at once, `step` more each
 * time the end marker (put `end` on it, rendered while `more`) comes within
 * `rootMargin` of the screen. A new `resetKey` (a search, a filter) starts
 * over at `first`; a change to the items alone keeps how far the list was drawn.
 */
export function useProgressiveLimit<E extends Element>(opts: { total: number; first: number; step: number; rootMargin: string; resetKey: string }): {
  limit: number;
  more: boolean;
  end: RefObject<E | null>;
} {
  const { first, step, rootMargin } = opts;
  // The limit is kept with the key it was reached under: a new key reads as `first` in the same
  // render (no effect resetting it afterwards, which would draw the old length once more).
  const key = `${first}|${opts.resetKey}`;
  const [drawn, setDrawn] = useState({ key, limit: first });
  const limit = drawn.key === key ? drawn.limit : first;
  const end = useRef<E>(null);
  const more = limit < opts.total;
  useEffect(() => {
    const el = end.current;
    if (!el || !more) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setDrawn((d) => ({ key, limit: (d.key === key ? d.limit : first) + step }));
    }, { rootMargin });
    io.observe(el);
    return () => io.disconnect();
  }, [more, limit, step, rootMargin, key, first]);
  return { limit, more, end };
}
