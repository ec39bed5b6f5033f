import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyErrorText } from '../../i18n/keys.ts';
import { showToast } from '../../ui/ui-store.ts';
import { fetchSendSettings, saveSendSettings } from './fiscal-api.ts';

type Kind = 'sunat-beta' | 'sunat-production' | 'ose';

/**
 * Where documents are sent: SUNAT's beta (testing) service, SUNAT
 * production or an OSE's https address (and, optionally, the OSE's
 * consultation service for CDRs), and the secondary SOL user with its
 * password. Kept in the hub's secret store (PUT /api/einvoice/sol), never in
 * the state; the password is only "saved", never shown. Changing where
 * documents go asks for the password again (the hub refuses SECRET_REQUIRED
 * otherwise: a stored password never follows a new address unseen).
 */
export function SendCard() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('sunat-beta');
  const [url, setUrl] = useState('');
  const [consultUrl, setConsultUrl] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [passwordSet, setPasswordSet] = useState(false);
  /** Where the stored password goes now (as the hub compares it): another address needs it typed again. */
  const [savedDestination, setSavedDestination] = useState<string | null>(null);
  const [error, setError] = useState<{ code: string; field: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void fetchSendSettings().then((r) => {
      const s = r.ok ? r.body.settings : null;
      if (!s) return;
      setKind(s.endpoint.kind);
      setUrl(s.endpoint.kind === 'ose' ? s.endpoint.url : '');
      setConsultUrl(s.endpoint.kind === 'ose' ? (s.endpoint.consultUrl ?? '') : '');
      setUser(s.user);
      setPasswordSet(s.passwordSet);
      setSavedDestination(destinationOf(s.endpoint.kind, s.endpoint.kind === 'ose' ? s.endpoint.url : '', s.endpoint.kind === 'ose' ? (s.endpoint.consultUrl ?? '') : ''));
    });
  }, []);
  const retype = passwordSet && password === '' && savedDestination !== null && savedDestination !== destinationOf(kind, url, consultUrl);

  const save = async () => {
    setBusy(true);
    const endpoint = kind === 'ose' ? { kind, url, consultUrl } : { kind };
    const r = await saveSendSettings({ endpoint, user, ...(password ? { password } : {}) });
    setBusy(false);
    setPassword('');
    if (!r.ok) return setError({ code: r.code, field: r.message });
    setError(null);
    setPasswordSet(r.body.settings?.passwordSet ?? false);
    setSavedDestination(destinationOf(kind, url, consultUrl));
    showToast(t('fiscal.sendSaved'));
  };
  const errorAt = (field: string) =>
    error && (error.field === field || (field === '' && !['endpoint.url', 'endpoint.consultUrl', 'user', 'password'].includes(error.field))) ? (
      <span className="field-error" role="alert" data-testid="fiscal-send-error">
        {bodyErrorText(t, error.code)}
      </span>
    ) : null;
  const choices: [Kind, string][] = [
    ['sunat-beta', t('fiscal.sunatBeta')],
    ['sunat-production', t('fiscal.sunatProduction')],
    ['ose', t('fiscal.ose')],
  ];

  return (
    <section className="fiscal-card" data-testid="fiscal-send">
      <h2>{t('fiscal.send')}</h2>
      <p className="hint">{t('fiscal.sendHint')}</p>
      <fieldset className="fiscal-fieldset">
        <legend>{t('fiscal.sendTo')}</legend>
        <div className="fiscal-choices">
          {choices.map(([k, label]) => (
            <label key={k} className={`fiscal-choice${kind === k ? ' is-on' : ''}`}>
              <input type="radio" name="fiscal-send-kind" checked={kind === k} onChange={() => setKind(k)} data-testid={`fiscal-send-${k}`} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'ose' && (
        <label className="field">
          {t('fiscal.oseUrl')}
          <input type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} data-testid="fiscal-send-url" />
          {errorAt('endpoint.url')}
        </label>
      )}
      {kind === 'ose' && (
        <label className="field">
          {t('fiscal.oseConsultUrl')}
          <input type="url" inputMode="url" value={consultUrl} onChange={(e) => setConsultUrl(e.target.value)} data-testid="fiscal-send-consult-url" />
          <span className="hint">{t('fiscal.oseConsultHint')}</span>
          {errorAt('endpoint.consultUrl')}
        </label>
      )}
      <div className="fiscal-grid">
        <label className="field">
          {t('fiscal.solUser')}
          <input autoComplete="off" autoCapitalize="characters" value={user} onChange={(e) => setUser(e.target.value.toUpperCase())} data-testid="fiscal-send-user" />
          {errorAt('user')}
        </label>
        <label className="field">
          {t('fiscal.solPassword')}
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="fiscal-send-password" />
          {passwordSet && !retype && <span className="hint">{t('fiscal.solPasswordSet')}</span>}
          {retype && (
            <span className="field-error" role="alert" data-testid="fiscal-send-retype">
              {bodyErrorText(t, 'SECRET_REQUIRED')}
            </span>
          )}
          {errorAt('password')}
        </label>
      </div>
      {errorAt('')}
      <div className="fiscal-actions">
        <button className="btn btn-primary" disabled={busy || retype} onClick={() => void save()} data-testid="fiscal-send-save">
          {t('fiscal.saveSend')}
        </button>
      </div>
    </section>
  );
}

/** Where the SOL password is sent, as the hub compares it (the kind, the OSE's address and its consultation address; blanks trimmed). */
function destinationOf(kind: Kind, url: string, consultUrl: string): string {
  return kind === 'ose' ? JSON.stringify([kind, url.trim(), consultUrl.trim()]) : JSON.stringify([kind]);
}
