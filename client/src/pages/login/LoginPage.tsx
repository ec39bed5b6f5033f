import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { rememberLoginPath } from '../../auth/login-path.ts';
import { session, signIn } from '../../auth/session.ts';
import { PATHS } from '../../routes.ts';
import { LoginShell, refusalText } from './LoginShell.tsx';

/** SPEC.md's entry page (/ and /pages/login/index): staff number or name, and PIN or password. */
export function LoginPage() {
  const { t } = useTranslation();
  const { endedBy, enrolled, knownStaff } = useSnapshot(session);
  const [identifier, setIdentifier] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // SPEC.md section 8: "The mandatory field cannot be empty", "Please enter password".
    if (!identifier.trim()) return setError(`${t('errors.REQUIRED_FIELD')}: ${t('login.identifier')}`);
    if (!secret) return setError(t('errors.PASSWORD_REQUIRED'));
    setBusy(true);
    const r = await signIn(identifier.trim(), secret);
    setBusy(false);
    if (r.ok) rememberLoginPath(PATHS.login);
    else {
      setSecret('');
      setError(refusalText(t, r.code, r.retryAfter));
    }
  };

  return (
    <LoginShell title={t('login.title')} testId="login-page">
      {endedBy && !error && (
        <p className="login-error" role="alert">
          {t(`errors.${endedBy}`)}
        </p>
      )}
      <form className="login-form" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span>{t('login.identifier')}</span>
          <input value={identifier} onChange={(e) => setIdentifier(e.target.value)} autoComplete="username" autoCapitalize="words" data-testid="login-identifier" />
        </label>
        <label className="field">
          <span>{t('login.secret')}</span>
          <input type="password" value={secret} onChange={(e) => setSecret(e.target.value)} autoComplete="current-password" data-testid="login-secret" />
        </label>
        {error && (
          <p className="login-error" role="alert" data-testid="login-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="login-submit">
          {t('login.submit')}
        </button>
      </form>
      <nav className="login-links">
        {enrolled && knownStaff.length > 0 && <Link href={PATHS.appLogin}>{t('login.quickSwitch')}</Link>}
        <Link href={PATHS.numberLogin}>{t('login.useKeypad')}</Link>
      </nav>
      <p className="hint">{t('login.hint')}</p>
    </LoginShell>
  );
}
