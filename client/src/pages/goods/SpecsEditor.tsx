import { useTranslation } from 'react-i18next';
import { uuid } from '../../sync/uuid.ts';
import { LANG_KEY, LANG_TAG, type FormErrors, type SpecForm } from './product-form.ts';

/** The sizes of a product: names in three languages, price, VIP price; add and remove. */
export function SpecsEditor(props: { specs: SpecForm[]; errors: FormErrors; onChange: (specs: SpecForm[]) => void }) {
  const { t } = useTranslation();
  const change = (i: number, patch: Partial<SpecForm>) => props.onChange(props.specs.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const err = (key: string) => props.errors[key] && <p className="field-error">{t(`goods.invalid.${props.errors[key]}`)}</p>;
  return (
    <fieldset className="field specs" data-testid="product-specs">
      <legend>{t('goods.form.sizes')}</legend>
      {props.specs.length === 0 && <p className="hint">{t('goods.form.sizesHint')}</p>}
      {props.specs.map((s, i) => (
        <div key={s.id} className="spec-card">
          {(['es', 'en', 'zh'] as const).map((l, row) => (
            <div key={l} className="spec-line">
              <label className="tagged">
                <span className="lang-tag">{LANG_TAG[l]}</span>
                <input
                  value={s[l]}
                  placeholder={t('goods.form.sizeName')}
                  aria-label={`${t('goods.form.sizeName')} (${t(`goods.form.${LANG_KEY[l]}`)})`}
                  onChange={(e) => change(i, { [l]: e.target.value })}
                  data-testid={l === 'es' ? `spec-name-${i}` : undefined}
                />
              </label>
              {row === 0 && (
                <label className="tagged">
                  <span className="lang-tag">S/</span>
                  <input value={s.price} inputMode="decimal" placeholder={t('goods.form.price')} aria-label={t('goods.form.price')} onChange={(e) => change(i, { price: e.target.value })} data-testid={`spec-price-${i}`} />
                </label>
              )}
              {row === 1 && (
                <label className="tagged">
                  <span className="lang-tag">VIP</span>
                  <input value={s.vip} inputMode="decimal" placeholder={t('common.optional')} aria-label={t('goods.form.vipPrice')} onChange={(e) => change(i, { vip: e.target.value })} />
                </label>
              )}
              {row === 2 && (
                <button className="btn btn-small" onClick={() => props.onChange(props.specs.filter((_, j) => j !== i))}>
                  {t('goods.form.removeSize')}
                </button>
              )}
            </div>
          ))}
          {err(`specs.${i}.name`)}
          {err(`specs.${i}.price`)}
          {err(`specs.${i}.vip`)}
        </div>
      ))}
      <button className="btn btn-small" onClick={() => props.onChange([...props.specs, { id: uuid(), es: '', en: '', zh: '', price: '', vip: '' }])} data-testid="spec-add">
        + {t('goods.form.addSize')}
      </button>
    </fieldset>
  );
}
