import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GENDERS, type Gender, type RegMethod } from '#protocol';
import { limaToday } from '../fiscal/documents/doc-view.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { birthdayBounds, draftErrors, fieldError, type DraftField, type FieldError, type MemberDraft } from './member-form.ts';

const REG_METHODS: readonly RegMethod[] = [1, 2, 3];

/**
 * Register or edit a member (SPEC.md fields). Each field says what is wrong on change and on
 * blur (SPEC.md: "The mandatory field cannot be empty"...); saving checks them all again.
 */
export function MemberForm(props: { title: string; initial: MemberDraft; busy: boolean; onClose: () => void; onSave: (draft: MemberDraft) => void }) {
  const { t } = useTranslation();
  const today = limaToday(new Date());
  const bounds = birthdayBounds(today);
  const [draft, setDraft] = useState(props.initial);
  const [errors, setErrors] = useState<Partial<Record<DraftField, FieldError>>>({});
  const check = (d: MemberDraft, field: DraftField) => setErrors((e) => ({ ...e, [field]: fieldError(d, field, today) ?? undefined }));
  const set = (field: DraftField, value: string | number) => {
    const next = { ...draft, [field]: value } as MemberDraft;
    setDraft(next);
    check(next, field);
    if (field === 'regMethod' && next.docId) check(next, 'docId');
  };
  const submit = () => {
    const all = draftErrors(draft, today);
    setErrors(all);
    if (Object.keys(all).length === 0) props.onSave(draft);
  };
  const text = (field: DraftField, label: string, opts: { type?: string; inputMode?: 'tel' | 'email' | 'numeric' | 'text'; required?: boolean; max?: number } = {}) => (
    <label className={`field${errors[field] ? ' invalid' : ''}`}>
      <span>
        {label}
        {opts.required && <b className="member-required"> *</b>}
      </span>
      <input
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        value={String(draft[field])}
        maxLength={opts.max ?? 40}
        onChange={(e) => set(field, e.target.value)}
        onBlur={() => check(draft, field)}
        data-testid={`member-${field}`}
      />
      {errors[field] && <small className="field-error" data-testid={`member-${field}-error`}>{t(`members.form.${errors[field]}`)}</small>}
    </label>
  );
  return (
    <Dialog title={props.title} onClose={props.onClose} footer={<DialogActions onCancel={props.onClose} confirmLabel={t('members.form.save')} onConfirm={submit} testId="member-save" disabled={props.busy} />}>
      <div className="member-form">
        {text('phone', t('members.form.phone'), { type: 'tel', inputMode: 'tel', required: true, max: 16 })}
        {text('lastName', t('members.form.lastName'), { required: true })}
        {text('name', t('members.form.name'), { required: true })}
        <span className="member-label">{t('members.form.regMethod')}</span>
        <div className="chips" role="group" aria-label={t('members.form.regMethod')}>
          {REG_METHODS.map((r) => (
            <button key={r} type="button" className={`chip${draft.regMethod === r ? ' active' : ''}`} aria-pressed={draft.regMethod === r} onClick={() => set('regMethod', r)} data-testid={`member-reg-${r}`}>
              {t(`members.form.regMethods.r${r}`)}
            </button>
          ))}
        </div>
        {text('docId', t('members.form.docId'), { inputMode: draft.regMethod === 1 ? 'numeric' : 'text', required: true, max: 20 })}
        <span className="member-label">{t('members.form.gender')}</span>
        <div className="chips" role="group" aria-label={t('members.form.gender')}>
          {GENDERS.map((g: Gender) => (
            <button key={g} type="button" className={`chip${draft.gender === g ? ' active' : ''}`} aria-pressed={draft.gender === g} onClick={() => set('gender', g)} data-testid={`member-gender-${g}`}>
              {t(`members.form.genders.g${g}`)}
            </button>
          ))}
        </div>
        <label className={`field${errors.birthday ? ' invalid' : ''}`}>
          <span>{t('members.form.birthday')}</span>
          <input type="date" min={bounds.min} max={bounds.max} value={draft.birthday} onChange={(e) => set('birthday', e.target.value)} onBlur={() => check(draft, 'birthday')} data-testid="member-birthday" />
          {errors.birthday && <small className="field-error">{t(`members.form.${errors.birthday}`)}</small>}
        </label>
        {text('email', t('members.form.email'), { type: 'email', inputMode: 'email', max: 80 })}
        {text('city', t('members.form.city'), { max: 60 })}
        {text('address', t('members.form.address'), { max: 200 })}
      </div>
    </Dialog>
  );
}
