import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { rememberLoginPath } from '../../auth/login-path.ts';
import { session, signIn } from '../../auth/session.ts';
import { PATHS } from '../../routes.ts';
import { LoginShell, refusalText } from './LoginShell.tsx';
import { PinDots, PinPad } from './PinPad.tsx';

/** SPEC.md's phone sign-in (/pages/app/numberlogin): staff number, then PIN, on one big keypad. */
export function NumberLoginPage() {
  const { t } = useTranslation();
  const { endedBy, enrolled, knownStaff } = useSnapshot(session);
  const [step, setStep] = useState<'number' | 'pin'>('number');
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!number) {
      setStep('number');
      return setError(`${t('errors.REQUIRED_FIELD')}: ${t('login.number')}`);
    }
    if (pin.length < 4) return setError(t('errors.PIN_FORMAT'));
    setBusy(true);
    const r = await signIn(number, pin);
    setBusy(false);
    if (r.ok) rememberLoginPath(PATHS.numberLogin);
    else {
      setPin('');
      setError(refusalText(t, r.code, r.retryAfter));
    }
  };

  const typing = step === 'number' ? number : pin;
  const setTyping = (v: string) => {
    setError('');
    if (step === 'number') setNumber(v);
    else setPin(v);
  };

  return (
    <LoginShell title={t('login.numberTitle')} testId="number-login-page">
      {endedBy && !error && (
        <p className="login-error" role="alert">
          {t(`errors.${endedBy}`)}
        </p>
      )}
      <div className="keypad-fields">
        <button type="button" className={`keypad-field${step === 'number' ? ' active' : ''}`} onClick={() => setStep('number')} data-testid="login-number">
          <small>{t('login.number')}</small>
          <b>{number || '\u00a0'}</b>
        </button>
        <button type="button" className={`keypad-field${step === 'pin' ? ' active' : ''}`} onClick={() => number && setStep('pin')} data-testid="login-pin">
          <small>{t('login.pin')}</small>
          <PinDots length={pin.length} />
        </button>
      </div>
      <p className="login-error" role="alert" data-testid="login-error">
        {error}
      </p>
      <PinPad
        value={typing}
        onChange={setTyping}
        maxLength={6}
        onSubmit={step === 'number' ? () => setStep('pin') : () => void submit()}
        okLabel={step === 'number' ? t('login.next') : t('login.submit')}
        disabled={busy}
      />
      <nav className="login-links">
        {enrolled && knownStaff.length > 0 && <Link href={PATHS.appLogin}>{t('login.quickSwitch')}</Link>}
        <Link href={PATHS.login}>{t('login.usePassword')}</Link>
      </nav>
    </LoginShell>
  );
}
