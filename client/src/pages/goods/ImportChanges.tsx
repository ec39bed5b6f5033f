import { useTranslation } from 'react-i18next';
import type { ImportDishChange, ImportFieldChange, MenuColumn } from '#protocol';
import { MENU_COLUMN_LABELS } from '#protocol';

type Lang = 'es' | 'en' | 'zh';

const YES_NO: ReadonlySet<MenuColumn> = new Set(['uses_inventory', 'listed', 'sold_out']);
const MONEY: ReadonlySet<MenuColumn> = new Set(['price', 'vip_price']);

/**
 * The preview of an import: dish by dish, each changed field as "before →
 * after", so an owner sees a shifted column or a price a hundred times too
 * big before pressing "Import". A list rather than a table: it wraps on a
 * 360 px phone and reads as well on a till.
 */
export function ImportChanges(props: { changes: readonly ImportDishChange[]; more: number; lang: Lang }) {
  const { t } = useTranslation();
  if (props.changes.length === 0) return <p className="hint">{t('goods.importer.preview.none')}</p>;
  return (
    <section className="import-changes" data-testid="import-changes">
      <h3>{t('goods.importer.preview.title')}</h3>
      <p className="hint">{t('goods.importer.preview.check')}</p>
      <ul>
        {props.changes.map((c) => (
          <li key={c.code} data-testid="import-change">
            <div className="dish">
              <span className={`kind ${c.kind}`}>{t(`goods.importer.preview.${c.kind}`)}</span>
              <b>{c.code}</b> {c.names[props.lang] || c.names.es || c.names.en || c.names.zh}
            </div>
            {c.fields.map((f) => (
              <FieldChange key={f.column} field={f} lang={props.lang} created={c.kind === 'created'} />
            ))}
          </li>
        ))}
      </ul>
      {props.more > 0 && <p className="hint">{t('goods.importer.preview.more', { count: props.more })}</p>}
    </section>
  );
}

/** One field: its label in the device's language, the old value struck through, the new one. */
function FieldChange(props: { field: ImportFieldChange; lang: Lang; created: boolean }) {
  const { t } = useTranslation();
  const { column, before, after } = props.field;
  const shown = (v: string) => {
    if (v === '') return t('goods.importer.preview.empty');
    if (YES_NO.has(column)) return t(v === 'yes' ? 'goods.importer.preview.yes' : 'goods.importer.preview.no');
    return MONEY.has(column) ? `S/ ${v}` : v;
  };
  return (
    <div className="import-field">
      <span className="label">{MENU_COLUMN_LABELS[column][props.lang]}</span>{' '}
      {!props.created && (
        <>
          <del>{shown(before)}</del> →{' '}
        </>
      )}
      <ins>{shown(after)}</ins>
    </div>
  );
}
