import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Staff } from '#protocol';
import { canManageRole } from '#domain';
import { useAliases } from '../../auth/aliases.ts';
import { session } from '../../auth/session.ts';
import { errorText } from '../../i18n/keys.ts';
import { PATHS } from '../../routes.ts';
import { useView } from '../../sync/view.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { AlertsPanel } from './AlertsPanel.tsx';
import { RolesPanel } from './RolesPanel.tsx';
import { SecuritySettings } from './SecuritySettings.tsx';
import { StaffDialog } from './StaffDialog.tsx';
import { roleName, sendNow } from './staff-api.ts';
import './staff.css';

/** Staff management for owner and manager (not in SPEC.md: /pages/staff/index): people, roles, security. */
export function StaffPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const { staff: me } = useSnapshot(session);
  const aliases = useAliases();
  const [editing, setEditing] = useState<Staff | 'new' | null>(null);
  const [disabling, setDisabling] = useState<Staff | null>(null);
  if (!state) return <p className="empty">{t('auth.loading')}</p>;

  const people = Object.values(state.staff).sort((a, b) => Number(a.disabled) - Number(b.disabled) || Number(a.code) - Number(b.code));
  const toggle = async (s: Staff) => {
    setDisabling(null);
    setEditing(null);
    const sent = await sendNow('staff.setDisabled', { staffId: s.id, disabled: !s.disabled });
    if (sent.kind === 'refused') showToast(errorText(t, sent.code), 'error');
  };

  return (
    <div className="staff-page" data-testid="staff-page">
      <header className="page-head">
        <h1>{t('staffAdmin.title')}</h1>
        <Link href={PATHS.activity} className="btn btn-ghost">
          {t('staffAdmin.activity.title')}
        </Link>
        <Link href={PATHS.riders} className="btn btn-ghost" data-testid="staff-riders">
          {t('riders.profile.title')}
        </Link>
        <button className="btn btn-primary" onClick={() => setEditing('new')} data-testid="staff-add">
          + {t('staffAdmin.add')}
        </button>
      </header>
      <AlertsPanel state={state} />
      <ul className="staff-list">
        {people.map((s) => {
          const mine = canManageRole(state, me?.id ?? null, s.roleId);
          return (
            <li key={s.id}>
              <button className={`staff-row${s.disabled ? ' is-disabled' : ''}`} disabled={!mine} onClick={() => setEditing(s)} data-testid={`staff-row-${s.code}`}>
                <span className="staff-code">{s.code}</span>
                <span className="staff-name">
                  {s.name} {s.id === me?.id && <small>({t('staffAdmin.you')})</small>}
                </span>
                <span className="staff-role">{roleName(t, state.roles[s.roleId], s.roleId)}</span>
                {s.disabled && <span className="badge badge-off">{t('staffAdmin.disabled')}</span>}
                {!s.hasPin && !s.disabled && <span className="badge">{t('staffAdmin.noPin')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {aliases.has('roles') && <RolesPanel state={state} />}
      {aliases.has('settings') && <SecuritySettings state={state} />}
      {editing && <StaffDialog staff={editing === 'new' ? null : editing} state={state} onClose={() => setEditing(null)} onDisable={(s) => (s.disabled ? void toggle(s) : setDisabling(s))} />}
      {disabling && (
        <Dialog
          title={t('staffAdmin.disableTitle', { name: disabling.name })}
          onClose={() => setDisabling(null)}
          footer={<DialogActions onCancel={() => setDisabling(null)} confirmLabel={t('staffAdmin.disable')} onConfirm={() => void toggle(disabling)} testId="staff-disable-confirm" danger />}
        >
          <p>{t('staffAdmin.disableBody')}</p>
        </Dialog>
      )}
    </div>
  );
}
