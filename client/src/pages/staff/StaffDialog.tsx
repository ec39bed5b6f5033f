import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Staff, State } from '#protocol';
import { PASSWORD_MIN, PIN_PATTERN } from '#protocol';
import { canManageRole } from '#domain';
import { session } from '../../auth/session.ts';
import { errorText } from '../../i18n/keys.ts';
import { replica } from '../../sync/replica.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { roleName, sendNow, setCredentials, sortedRoles } from './staff-api.ts';

type Form = { name: string; code: string; roleId: string; pin: string; password: string; clearPassword: boolean };
/** Fields that show their own error; any other refusal is said under the form. */
const FIELDS: readonly string[] = ['name', 'code', 'roleId', 'pin', 'password'];

/**
 * Add or edit a staff member: name, staff number, role (only roles the
 * person editing may hand out), PIN, optional password. The profile goes as a
 * command; the secrets go straight to the hub, so both need the hub in reach.
 */
export function StaffDialog(props: { staff: Staff | null; state: State; onClose: () => void; onDisable: (staff: Staff) => void }) {
  const { t } = useTranslation();
  const me = session.staff?.id ?? null;
  const editing = props.staff;
  const roles = sortedRoles(props.state.roles).filter((r) => canManageRole(props.state, me, r.id) || r.id === editing?.roleId);
  const [form, setForm] = useState<Form>({ name: editing?.name ?? '', code: editing?.code ?? '', roleId: editing?.roleId ?? 'waiter', pin: '', password: '', clearPassword: false });
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const check = (): { field: string; text: string } | null => {
    if (!form.name.trim()) return { field: 'name', text: t('errors.REQUIRED_FIELD') };
    if (!/^\d{1,6}$/.test(form.code.trim())) return { field: 'code', text: form.code.trim() ? t('errors.INCORRECT_INPUT') : t('errors.REQUIRED_FIELD') };
    if ((!editing || form.pin) && !PIN_PATTERN.test(form.pin)) return { field: 'pin', text: t('errors.PIN_FORMAT') };
    if (form.password && form.password.length < PASSWORD_MIN) return { field: 'password', text: t('errors.PASSWORD_FORMAT') };
    const secrets = Boolean(form.pin || form.password || form.clearPassword);
    if (secrets && replica.status !== 'online') return { field: '', text: t('staffAdmin.onlineOnly') };
    return null;
  };

  const save = async () => {
    const bad = check();
    if (bad) return setError(bad);
    setBusy(true);
    const id = editing?.id ?? uuid();
    const sent = await sendNow('staff.save', { id, name: form.name.trim(), code: form.code.trim(), roleId: form.roleId });
    if (sent.kind === 'refused') {
      setBusy(false);
      return setError({ field: sent.field, text: errorText(t, sent.code) });
    }
    if (form.pin || form.password || form.clearPassword) {
      const r = await setCredentials(id, {
        ...(form.pin ? { pin: form.pin } : {}),
        ...(form.password ? { password: form.password } : {}),
        ...(form.clearPassword ? { clearPassword: true } : {}),
      });
      if (!r.ok) {
        setBusy(false);
        return setError({ field: r.code === 'PASSWORD_FORMAT' ? 'password' : r.code === 'PIN_FORMAT' ? 'pin' : '', text: t(`errors.${r.code}`) });
      }
    }
    setBusy(false);
    showToast(t('staffAdmin.saved'));
    props.onClose();
  };

  const fieldError = (field: string) => error?.field === field && <small className="field-error">{error.text}</small>;
  return (
    <Dialog
      title={editing ? t('staffAdmin.edit') : t('staffAdmin.add')}
      onClose={props.onClose}
      footer={
        <>
          {editing && editing.id !== me && (
            <button className="btn btn-ghost staff-disable" onClick={() => props.onDisable(editing)} data-testid="staff-disable">
              {editing.disabled ? t('staffAdmin.enable') : t('staffAdmin.disable')}
            </button>
          )}
          <DialogActions onCancel={props.onClose} confirmLabel={t('common.save')} onConfirm={() => void save()} testId="staff-save" disabled={busy} />
        </>
      }
    >
      <label className="field">
        <span>
          {t('staffAdmin.name')} <em className="req">*</em>
        </span>
        <input value={form.name} maxLength={60} onChange={(e) => set({ name: e.target.value })} data-testid="staff-name" />
        {fieldError('name')}
      </label>
      <div className="field-row">
        <label className="field">
          <span>
            {t('staffAdmin.number')} <em className="req">*</em>
          </span>
          <input value={form.code} inputMode="numeric" maxLength={6} onChange={(e) => set({ code: e.target.value })} data-testid="staff-number" />
          {fieldError('code')}
        </label>
        <label className="field">
          <span>{t('staffAdmin.role')}</span>
          <select value={form.roleId} onChange={(e) => set({ roleId: e.target.value })} data-testid="staff-role">
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {roleName(t, r, r.id)}
              </option>
            ))}
          </select>
          {fieldError('roleId')}
        </label>
      </div>
      <label className="field">
        <span>
          {t('staffAdmin.pin')} {!editing && <em className="req">*</em>}
        </span>
        <input type="password" inputMode="numeric" maxLength={6} value={form.pin} onChange={(e) => set({ pin: e.target.value })} autoComplete="new-password" data-testid="staff-pin" />
        <small className="hint">{editing ? t('staffAdmin.pinKeep') : t('staffAdmin.pinHint')}</small>
        {fieldError('pin')}
      </label>
      <label className="field">
        <span>{t('staffAdmin.password')}</span>
        <input type="password" maxLength={128} value={form.password} onChange={(e) => set({ password: e.target.value, clearPassword: false })} autoComplete="new-password" data-testid="staff-password" />
        <small className="hint">{t('staffAdmin.passwordHint')}</small>
        {fieldError('password')}
      </label>
      {editing?.hasPassword && (
        <label className="check">
          <input type="checkbox" checked={form.clearPassword} onChange={(e) => set({ clearPassword: e.target.checked, password: '' })} /> {t('staffAdmin.clearPassword')}
        </label>
      )}
      {error && !FIELDS.includes(error.field) && (
        <p className="field-error" role="alert">
          {error.text}
        </p>
      )}
    </Dialog>
  );
}
