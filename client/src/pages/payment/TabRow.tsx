import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icons.tsx';

/** Which ends of a scrolled row still hide tabs. */
type Hidden = { left: boolean; right: boolean };

function hiddenEnds(el: HTMLElement): Hidden {
  // One px of slack: fractional widths at some zoom levels never reach the exact end.
  return { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
}

/**
 * The payment tabs in one row at every width (issue 9: they wrapped into two
 * rows on a 1280 px till). When they do not fit, the row scrolls sideways and
 * says so: the hidden end fades and shows an arrow button (44 px) that scrolls
 * to the next tabs; the chosen tab is scrolled into view.
 */
export function TabRow(props: { children: ReactNode; activeKey: string }) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ left: false, right: false });
  const measure = () => {
    if (row.current) setHidden(hiddenEnds(row.current));
  };
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    el.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    setHidden(hiddenEnds(el));
  }, [props.activeKey]);
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const seen = new ResizeObserver(() => setHidden(hiddenEnds(el)));
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  const page = (dir: -1 | 1) => row.current?.scrollBy({ left: dir * row.current.clientWidth * 0.7, behavior: 'smooth' });
  return (
    <div className={`tab-scroller${hidden.left ? ' more-left' : ''}${hidden.right ? ' more-right' : ''}`}>
      {hidden.left && (
        <button type="button" className="tab-more tab-more-left" aria-label={t('pay.moreTabsLeft')} onClick={() => page(-1)} data-testid="tabs-left">
          <Icon name="arrowLeft" />
        </button>
      )}
      <div className="tab-row" role="tablist" ref={row} onScroll={measure}>
        {props.children}
      </div>
      {hidden.right && (
        <button type="button" className="tab-more tab-more-right" aria-label={t('pay.moreTabsRight')} onClick={() => page(1)} data-testid="tabs-right">
          <Icon name="arrowRight" />
        </button>
      )}
    </div>
  );
}
