import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limaToday } from '../../fiscal/documents/doc-view.ts';
import { Dialog, DialogActions } from '../../../ui/Dialog.tsx';
import { batchErrors, batchFieldError, expiryBounds, type BatchDraft, type BatchError, type BatchField, EMPTY_BATCH } from './coupon-form.ts';

/** The new-batch dialog: SPEC.md's coupon fields, each checked as it is typed and all again on save. */
export function BatchForm(props: { busy: boolean; onClose: () => void; onSave: (draft: BatchDraft) => void }) {
  const { t } = useTranslation();
  const today = limaToday(new Date());
  const bounds = expiryBounds(today);
  const [draft, setDraft] = useState<BatchDraft>(EMPTY_BATCH);
  const [errors, setErrors] = useState<Partial<Record<BatchField, BatchError>>>({});

  const set = (field: BatchField, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: batchFieldError(next, field, today) ?? undefined }));
  };
  const blur = (field: BatchField) => setErrors((e) => ({ ...e, [field]: batchFieldError(draft, field, today) ?? undefined }));
  const save = () => {
    const all = batchErrors(draft, today);
    setErrors(all);
    if (Object.keys(all).length === 0) props.onSave(draft);
  };
  const input = (field: BatchField, extra: Record<string, string | number>) => (
    <label className={`field${errors[field] ? ' invalid' : ''}`}>
      <span className="member-label">{t(`coupons.form.${field}`)} <span className="member-required">*</span></span>
      <input value={draft[field]} onChange={(e) => set(field, e.target.value)} onBlur={() => blur(field)} data-testid={`batch-${field}`} {...extra} />
      {errors[field] && <small className="field-error" data-testid={`batch-${field}-error`}>{t(`coupons.form.${errors[field]}`)}</small>}
    </label>
  );

  return (
    <Dialog title={t('coupons.form.title')} onClose={props.onClose} footer={<DialogActions onCancel={props.onClose} confirmLabel={t('coupons.form.save')} onConfirm={save} testId="batch-save" disabled={props.busy} />}>
      <div className="member-form">
        {input('prefix', { autoCapitalize: 'characters', maxLength: 12, placeholder: 'VERANO' })}
        {input('name', { maxLength: 60 })}
        {input('soles', { inputMode: 'decimal', placeholder: '10.00' })}
        <fieldset className="coupon-category">
          <legend className="member-label">{t('coupons.form.category')}</legend>
          {([1, 2] as const).map((c) => (
            <button key={c} type="button" className={`chip${draft.category === c ? ' active' : ''}`} aria-pressed={draft.category === c} onClick={() => setDraft({ ...draft, category: c })} data-testid={`batch-category-${c}`}>
              {t(`coupons.category.c${c}`)}
            </button>
          ))}
        </fieldset>
        {input('expiresOn', { type: 'date', min: bounds.min, max: bounds.max })}
        {input('quantity', { inputMode: 'numeric', placeholder: '100' })}
      </div>
    </Dialog>
  );
}
