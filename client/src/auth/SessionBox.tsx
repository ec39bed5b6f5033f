import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { roleName } from './role-name.ts';
import { replica } from '../sync/replica.ts';
import { ui } from '../ui/ui-store.ts';
import { endSession, session } from './session.ts';
import './auth.css';

/** In the left window: who is signed in, the quick switch (back to the PIN screen) and sign-out. */
export function SessionBox() {
  const { t } = useTranslation();
  const { staff } = useSnapshot(session);
  const { state } = useSnapshot(replica);
  if (!staff) return null;
  const role = state?.roles[staff.roleId];
  const leave = (kind: 'lock' | 'signOut') => {
    ui.navOpen = false;
    void endSession(kind);
  };
  return (
    <div className="session-box" data-testid="session-box">
      <div className="session-who">
        <b data-testid="session-name">{staff.name}</b>
        <small>
          {t('auth.number', { code: staff.code })} · {roleName(t, role, staff.roleId)}
        </small>
      </div>
      <button className="btn btn-small session-btn" onClick={() => leave('lock')} data-testid="switch-user">
        {t('auth.switchUser')}
      </button>
      <button className="btn btn-small session-btn" onClick={() => leave('signOut')} data-testid="sign-out">
        {t('auth.signOut')}
      </button>
    </div>
  );
}

/** On a phone's top bar: who is signed in on this device, at a glance (a shared phone changes hands). */
export function SignedInName() {
  const { staff } = useSnapshot(session);
  return staff ? (
    <span className="topbar-user" data-testid="topbar-user">
      {staff.name}
    </span>
  ) : null;
}
