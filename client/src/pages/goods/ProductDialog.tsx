import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product, State } from '#protocol';
import { nameIn } from '../../i18n/index.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { sendAndWait } from './goods-api.ts';
import { formFromProduct, initialStockOf, inputFromForm, LANG_KEY, LANG_TAG, newForm, validateForm, type FormErrors, type ProductForm } from './product-form.ts';
import { SpecsEditor } from './SpecsEditor.tsx';

/** Which form field a hub refusal belongs to (its code and the field it names). */
function fieldOf(code: string, message: string | undefined): string | null {
  if (code === 'DUPLICATE_CODE' || code === 'DISH_NUMBER_REQUIRED') return 'code';
  if (code === 'REQUIRED_FIELD' && message === 'names') return 'names';
  if (code === 'NOT_FOUND' && (message === 'categoryId' || message === 'station')) return message;
  return null;
}

/** Creating or editing a product, checked as it is typed against the same rules the hub applies. */
export function ProductDialog(props: { state: State; product: Product | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { state, product } = props;
  const categories = Object.values(state.categories).sort((a, b) => a.sort - b.sort);
  const [form, setForm] = useState<ProductForm>(() => (product ? formFromProduct(product) : newForm(state, uuid(), categories[0]?.id ?? '')));
  const [errors, setErrors] = useState<FormErrors>({});
  const [hubError, setHubError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ProductForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    if (Object.keys(errors).length) setErrors(validateForm({ ...form, ...patch }, state));
  };
  const err = (field: string) => errors[field] && <p className="field-error">{t(`goods.invalid.${errors[field]}`)}</p>;

  const save = async () => {
    const found = validateForm(form, state);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setHubError('');
    const sent = await sendAndWait('product.save', inputFromForm(form, product));
    if (sent.kind === 'refused') {
      setBusy(false);
      const field = fieldOf(sent.reply.code, sent.reply.message);
      if (field) setErrors({ [field]: sent.reply.code === 'DUPLICATE_CODE' ? 'duplicateCode' : 'required' });
      else setHubError(t(`errors.${sent.reply.code}`));
      return;
    }
    const stock = product ? 0 : initialStockOf(form);
    if (stock > 0) void enqueue('product.adjustStock', { productId: form.id, op: 'set', qty: stock, reason: t('goods.stock.initial') });
    showToast(sent.kind === 'ok' ? t('goods.form.saved') : t('goods.form.savedOffline'));
    props.onClose();
  };

  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Dialog
      wide
      title={product ? t('goods.form.editTitle', { name: nameIn(product.names, i18n.language) }) : t('goods.form.newTitle')}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('common.save')} onConfirm={() => void save()} testId="product-save" disabled={busy} />}
    >
      <div className="product-form" data-testid="product-form">
        {hubError && <p className="field-error">{hubError}</p>}
        <label className="field">
          <span>
            {t('goods.form.code')} <em className="req">*</em>
          </span>
          <input value={form.code} maxLength={32} onChange={(e) => set({ code: e.target.value })} data-testid="product-code" />
          {err('code')}
        </label>
        <fieldset className="field names">
          <legend>
            {t('goods.form.names')} <em className="req">*</em>
          </legend>
          {(['es', 'en', 'zh'] as const).map((l) => (
            <label key={l} className="tagged">
              <span className="lang-tag" title={t(`goods.form.${LANG_KEY[l]}`)}>
                {LANG_TAG[l]}
              </span>
              <input
                value={form[l]}
                maxLength={140}
                placeholder={t(`goods.form.${LANG_KEY[l]}`)}
                aria-label={t(`goods.form.${LANG_KEY[l]}`)}
                onChange={(e) => set({ [l]: e.target.value })}
                data-testid={`product-name-${l}`}
              />
            </label>
          ))}
          {err('names')}
        </fieldset>
        <label className="field">
          <span>
            {t('goods.form.category')} <em className="req">*</em>
          </span>
          <select value={form.categoryId} onChange={(e) => set({ categoryId: e.target.value })} data-testid="product-category">
            {!form.categoryId && <option value="">{t('goods.form.chooseCategory')}</option>}
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {nameIn(c.names, i18n.language)}
              </option>
            ))}
          </select>
          {err('categoryId')}
        </label>
        {form.specs.length === 0 && (
          <div className="field-row">
            <label className="field">
              <span>
                {t('goods.form.price')} <em className="req">*</em>
              </span>
              <input value={form.price} inputMode="decimal" onChange={(e) => set({ price: e.target.value })} data-testid="product-price" />
              {err('price')}
            </label>
            <label className="field">
              <span>{t('goods.form.vipPrice')}</span>
              <input value={form.vip} inputMode="decimal" placeholder={t('common.optional')} onChange={(e) => set({ vip: e.target.value })} data-testid="product-vip" />
              {err('vip')}
            </label>
          </div>
        )}
        <SpecsEditor specs={form.specs} errors={errors} onChange={(specs) => set({ specs })} />
        <label className="field">
          <span>{t('goods.form.station')}</span>
          <select value={form.station} onChange={(e) => set({ station: e.target.value })} data-testid="product-station">
            <option value="">{t('goods.form.noStation')}</option>
            {state.menuSettings.stations.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {err('station')}
        </label>
        <label className="check">
          <input type="checkbox" checked={form.usesInventory} onChange={(e) => set({ usesInventory: e.target.checked })} data-testid="product-inventory" />
          {t('goods.form.usesInventory')}
        </label>
        {form.usesInventory && (
          <div className="field-row">
            {product ? (
              <p className="hint">{t('goods.form.stockNow', { count: product.stock })}</p>
            ) : (
              <label className="field">
                <span>{t('goods.form.initialStock')}</span>
                <input value={form.initialStock} inputMode="numeric" onChange={(e) => set({ initialStock: e.target.value })} data-testid="product-stock" />
                {err('initialStock')}
              </label>
            )}
            <label className="field">
              <span>{t('goods.form.lowStock')}</span>
              <input value={form.lowStock} inputMode="numeric" title={t('goods.form.lowStockHint')} onChange={(e) => set({ lowStock: e.target.value })} data-testid="product-low" />
              {err('lowStock')}
            </label>
          </div>
        )}
        <label className="field">
          <span>{t('goods.form.remarks')}</span>
          <input value={form.remarks} placeholder={t('goods.form.remarksHint')} onChange={(e) => set({ remarks: e.target.value })} data-testid="product-remarks" />
        </label>
        <label className="field narrow">
          <span>{t('goods.form.sort')}</span>
          <input value={form.sort} inputMode="numeric" onChange={(e) => set({ sort: e.target.value })} />
          {err('sort')}
        </label>
        {product && <p className="hint">{t('goods.form.times', { created: when(product.createdAt), modified: when(product.modifiedAt) })}</p>}
      </div>
    </Dialog>
  );
}
