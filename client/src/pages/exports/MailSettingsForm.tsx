import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_ERROR_CODES } from '#hub/exports/mail/errors.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { showToast } from '../../ui/ui-store.ts';
import { fetchMailSettings, saveMailSettings, sendTestMail } from './mail-api.ts';
import { destinationOf, draftOf, emptyDraft, fieldOf, requestOf, withSecurity, type MailDraft } from './mail-form.ts';
import './mail-settings.css';

type Field = ReturnType<typeof fieldOf>;
const SECURITIES: MailDraft['security'][] = ['starttls', 'tls', 'none'];

/**
 * The owner's mail server for the nightly export (GET/PUT
 * /api/exports/mail-settings): host, port, connection, user and password,
 * sender and recipients, and a test mail that says what went wrong in the
 * owner's words. The password is never shown: only "saved". The exports
 * page includes this form.
 */
export function MailSettingsForm(props: { onSettings?: (setUp: boolean) => void } = {}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<MailDraft>(emptyDraft);
  const [passwordSet, setPasswordSet] = useState(false);
  /** Where the stored password goes now: another server, port or connection needs it typed again. */
  const [savedDestination, setSavedDestination] = useState<string | null>(null);
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const { onSettings } = props;

  useEffect(() => {
    void fetchMailSettings().then((r) => {
      const s = r.ok ? r.body.settings : null;
      // Told to the page, which shows each day's mail as "not set up" rather than "in progress".
      if (r.ok) onSettings?.(s !== null);
      if (!s) return;
      setDraft(draftOf(s));
      setPasswordSet(s.passwordSet);
      setSavedDestination(destinationOf(s));
    });
  }, [onSettings]);

  const set = (patch: Partial<MailDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const retype = passwordSet && draft.password === '' && savedDestination !== null && savedDestination !== destinationOf(draft);

  const save = async () => {
    setBusy('save');
    setResult(null);
    const r = await saveMailSettings(requestOf(draft));
    setBusy(null);
    if (!r.ok) {
      const field = fieldOf(r.message);
      const invalid = r.code === 'INCORRECT_INPUT' || r.code === 'REQUIRED_FIELD';
      return setError({ field, text: invalid ? t(`exportMail.invalid.${field}`) : bodyErrorText(t, r.code) });
    }
    setError(null);
    set({ password: '' });
    setPasswordSet(r.body.settings?.passwordSet ?? false);
    setSavedDestination(destinationOf(draft));
    onSettings?.(r.body.settings !== null);
    showToast(t('exportMail.saved'));
  };

  const test = async () => {
    setBusy('test');
    setResult(null);
    const r = await sendTestMail();
    setBusy(null);
    if (!r.ok) return setResult({ ok: false, text: bodyErrorText(t, r.code) });
    const body = r.body;
    if (body.sent) return setResult({ ok: true, text: t('exportMail.testSent') });
    const code = MAIL_ERROR_CODES.find((c) => c === body.code);
    setResult({ ok: false, text: code ? t(`exportMail.errors.${code}`) : bodyErrorText(t, 'INTERNAL') });
  };

  const errorAt = (field: Field) =>
    error?.field === field ? (
      <span className="field-error" role="alert" data-testid="mail-settings-error">
        {error.text}
      </span>
    ) : null;
  const input = (field: 'host' | 'user' | 'from', props: { type?: string; inputMode?: 'url' | 'email' | 'text'; autoComplete?: string }) => (
    <label className="field">
      {t(`exportMail.${field}`)}
      <input {...props} autoCapitalize="none" spellCheck={false} value={draft[field]} onChange={(e) => set({ [field]: e.target.value })} data-testid={`mail-settings-${field}`} />
      {errorAt(field)}
    </label>
  );

  return (
    <section className="mail-settings" data-testid="mail-settings">
      <h2>{t('exportMail.title')}</h2>
      <p className="hint">{t('exportMail.hint')}</p>
      <div className="mail-settings-grid">
        {input('host', { inputMode: 'url', autoComplete: 'off' })}
        <label className="field">
          {t('exportMail.port')}
          <input inputMode="numeric" value={draft.port} onChange={(e) => set({ port: e.target.value })} data-testid="mail-settings-port" />
          {errorAt('port')}
        </label>
      </div>
      <fieldset className="mail-settings-choices">
        <legend className="hint">{t('exportMail.security')}</legend>
        {SECURITIES.map((s) => (
          <label key={s} className={`mail-settings-choice${draft.security === s ? ' is-on' : ''}`}>
            <input type="radio" name="mail-settings-security" checked={draft.security === s} onChange={() => setDraft((d) => withSecurity(d, s))} data-testid={`mail-settings-security-${s}`} />
            {t(`exportMail.securities.${s}`)}
          </label>
        ))}
      </fieldset>
      {draft.security === 'none' && <p className="hint">{t('exportMail.noneWarning')}</p>}
      <div className="mail-settings-grid">
        {input('user', { autoComplete: 'off' })}
        <label className="field">
          {t('exportMail.password')}
          <input type="password" autoComplete="new-password" value={draft.password} onChange={(e) => set({ password: e.target.value })} data-testid="mail-settings-password" />
          {passwordSet && !retype && <span className="hint">{t('exportMail.passwordSet')}</span>}
          {retype && (
            <span className="field-error" role="alert" data-testid="mail-settings-retype">
              {bodyErrorText(t, 'SECRET_REQUIRED')}
            </span>
          )}
          {errorAt('password')}
        </label>
        {input('from', { type: 'email', inputMode: 'email', autoComplete: 'off' })}
        <label className="field">
          {t('exportMail.recipients')}
          <textarea value={draft.recipients} onChange={(e) => set({ recipients: e.target.value })} spellCheck={false} autoCapitalize="none" data-testid="mail-settings-recipients" />
          <span className="hint">{t('exportMail.recipientsHint')}</span>
          {errorAt('recipients')}
        </label>
      </div>
      {errorAt('other')}
      <div className="mail-settings-actions">
        <button className="btn btn-primary" disabled={busy !== null || retype} onClick={() => void save()} data-testid="mail-settings-save">
          {t('exportMail.save')}
        </button>
        <button className="btn" disabled={busy !== null} onClick={() => void test()} data-testid="mail-settings-test">
          {busy === 'test' ? t('exportMail.testing') : t('exportMail.test')}
        </button>
      </div>
      {result && (
        <p className={`mail-settings-result${result.ok ? ' is-ok' : ' field-error'}`} role="status" data-testid="mail-settings-result">
          {result.text}
        </p>
      )}
    </section>
  );
}
