import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { rememberLoginPath } from '../../auth/login-path.ts';
import { session, signInPin } from '../../auth/session.ts';
import { PATHS } from '../../routes.ts';
import { LoginShell, refusalText } from './LoginShell.tsx';
import { PinDots, PinPad } from './PinPad.tsx';

/**
 * SPEC.md's mobile login (/pages/app/login), used here as the PIN screen of
 * an enrolled device: the quick switch on a shared till and the idle lock.
 * The PIN alone is matched among the people who signed in fully here; tapping
 * one's name narrows it to them.
 */
export function PinLoginPage() {
  const { t } = useTranslation();
  const { status, enrolled, knownStaff } = useSnapshot(session);
  const [who, setWho] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (!enrolled || knownStaff.length === 0) {
    return (
      <LoginShell title={t('login.pinTitle')} testId="pin-login-page">
        <p className="note">{t('login.notEnrolled')}</p>
        <Link href={PATHS.numberLogin} className="btn btn-primary btn-block">
          {t('login.useKeypad')}
        </Link>
      </LoginShell>
    );
  }

  const submit = async () => {
    if (pin.length < 4) return setError(t('errors.PIN_FORMAT'));
    setBusy(true);
    const r = await signInPin(pin, who ?? undefined);
    setBusy(false);
    if (r.ok) rememberLoginPath(PATHS.appLogin);
    else {
      setPin('');
      setError(refusalText(t, r.code, r.retryAfter));
    }
  };

  return (
    <LoginShell title={t('login.pinTitle')} testId="pin-login-page">
      {status === 'locked' && <p className="note">{t('login.locked')}</p>}
      <div className="chips who" role="radiogroup">
        <button type="button" role="radio" aria-checked={who === null} className={`chip${who === null ? ' active' : ''}`} onClick={() => setWho(null)}>
          {t('login.anyone')}
        </button>
        {knownStaff.map((s) => (
          <button key={s.id} type="button" role="radio" aria-checked={who === s.id} className={`chip${who === s.id ? ' active' : ''}`} onClick={() => setWho(s.id)}>
            {s.name}
          </button>
        ))}
      </div>
      <div className="pin-display">
        <PinDots length={pin.length} />
      </div>
      <p className="login-error" role="alert" data-testid="login-error">
        {error}
      </p>
      <PinPad value={pin} onChange={(v) => (setError(''), setPin(v))} maxLength={6} onSubmit={() => void submit()} okLabel={t('login.submit')} disabled={busy} />
      <nav className="login-links">
        <Link href={PATHS.numberLogin}>{t('login.otherUser')}</Link>
        <Link href={PATHS.login}>{t('login.usePassword')}</Link>
      </nav>
    </LoginShell>
  );
}
