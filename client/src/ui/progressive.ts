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
  const [limit, setLimit] = useState(first);
  const end = useRef<E>(null);
  useEffect(() => setLimit(first), [opts.resetKey, first]);
  const more = limit < opts.total;
  useEffect(() => {
    const el = end.current;
    if (!el || !more) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setLimit((l) => l + step);
    }, { rootMargin });
    io.observe(el);
    return () => io.disconnect();
  }, [more, limit, step, rootMargin]);
  return { limit, more, end };
}
