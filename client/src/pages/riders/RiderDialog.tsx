import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiderColor, RiderKind } from '#protocol';
import { RIDER_COLORS, RIDER_KINDS, RIDER_MAX_LEVEL } from '#protocol';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { RiderAvatar } from './RiderAvatar.tsx';
import { PHONE, type RiderRow } from './rider-view.ts';

export type RiderForm = { initials: string; color: RiderColor; number: string; level: number; kind: RiderKind; phone: string };

/** The owner's part of a rider (rider.save): avatar, number, level, kind, mobile. The counts are the hub's and show read-only. */
export function RiderDialog(props: { rider: RiderRow; onClose: () => void; onSave: (form: RiderForm) => void }) {
  const { t } = useTranslation();
  const r = props.rider;
  const [form, setForm] = useState<RiderForm>({ initials: r.avatar.initials, color: r.avatar.color, number: r.number, level: r.level, kind: r.kind, phone: r.phone });
  const [error, setError] = useState('');
  const set = (patch: Partial<RiderForm>) => setForm((f) => ({ ...f, ...patch }));
  const submit = () => {
    if (!PHONE.test(form.phone.trim())) return setError(t('riders.profile.phoneInvalid'));
    props.onSave({ ...form, initials: form.initials.trim(), number: form.number.trim(), phone: form.phone.trim() });
  };
  return (
    <Dialog title={t('riders.profile.edit')} onClose={props.onClose} footer={<DialogActions onCancel={props.onClose} confirmLabel={t('riders.profile.save')} onConfirm={submit} testId="rider-save" />}>
      <div className="rider-dialog-head">
        <RiderAvatar profile={{ avatar: { initials: form.initials, color: form.color } }} name={r.name} size={56} />
        <b>{r.name}</b>
      </div>
      <label className="field">
        <span>{t('riders.profile.initials')}</span>
        <input value={form.initials} maxLength={3} onChange={(e) => set({ initials: e.target.value.replace(/[^\p{L}\p{N}]/gu, '') })} data-testid="rider-initials" />
        <small className="hint">{t('riders.profile.initialsHint')}</small>
      </label>
      <fieldset className="rider-colors">
        <legend>{t('riders.profile.color')}</legend>
        {RIDER_COLORS.map((c) => (
          <button key={c} type="button" className={`rider-color${form.color === c ? ' active' : ''}`} aria-pressed={form.color === c} aria-label={t(`riders.colors.${c}`)} title={t(`riders.colors.${c}`)} onClick={() => set({ color: c })} data-testid={`rider-color-${c}`}>
            <RiderAvatar profile={{ avatar: { initials: form.initials, color: c } }} name={r.name} size={36} />
          </button>
        ))}
      </fieldset>
      <label className="field">
        <span>{t('riders.profile.number')}</span>
        <input value={form.number} maxLength={8} onChange={(e) => set({ number: e.target.value.replace(/[^A-Za-z0-9-]/g, '') })} data-testid="rider-number" />
        <small className="hint">{t('riders.profile.numberHint')}</small>
      </label>
      <label className="field">
        <span>{t('riders.profile.level')}</span>
        <select value={form.level} onChange={(e) => set({ level: Number(e.target.value) })} data-testid="rider-level">
          {Array.from({ length: RIDER_MAX_LEVEL }, (_, i) => i + 1).map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <span className="rider-field-label">{t('riders.profile.kind')}</span>
      <div className="chips" role="group" aria-label={t('riders.profile.kind')}>
        {RIDER_KINDS.map((k) => (
          <button key={k} type="button" className={`chip${form.kind === k ? ' active' : ''}`} aria-pressed={form.kind === k} onClick={() => set({ kind: k })} data-testid={`rider-kind-${k}`}>
            {t(`riders.kinds.${k}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>{t('riders.profile.phone')}</span>
        <input type="tel" inputMode="tel" value={form.phone} maxLength={12} onChange={(e) => set({ phone: e.target.value })} placeholder="987654321" data-testid="rider-phone" />
      </label>
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
