import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { exportUrl } from './goods-api.ts';

/** The "More" menu of the goods page: categories, stations and remarks, import, export. */
export function GoodsMenu(props: { lang: string; onCategories: () => void; onSettings: () => void; onImport: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  const pick = (f: () => void) => () => {
    ref.current?.removeAttribute('open');
    f();
  };
  return (
    <details className="more-menu" ref={ref}>
      <summary className="btn" data-testid="goods-more-menu">
        {t('goods.more')} ▾
      </summary>
      <div className="more-pop" role="menu">
        <button className="btn btn-ghost" role="menuitem" onClick={pick(props.onCategories)} data-testid="goods-categories">
          {t('goods.categories')}
        </button>
        <button className="btn btn-ghost" role="menuitem" onClick={pick(props.onSettings)} data-testid="goods-settings">
          {t('goods.menuSettings')}
        </button>
        <button className="btn btn-ghost" role="menuitem" onClick={pick(props.onImport)} data-testid="goods-import">
          {t('goods.import')}
        </button>
        <a className="btn btn-ghost" role="menuitem" href={exportUrl('xlsx', props.lang)} download data-testid="goods-export-xlsx">
          {t('goods.exportXlsx')}
        </a>
        <a className="btn btn-ghost" role="menuitem" href={exportUrl('csv', props.lang)} download data-testid="goods-export-csv">
          {t('goods.exportCsv')}
        </a>
      </div>
    </details>
  );
}
