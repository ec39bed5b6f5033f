import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificateView } from '#protocol';
import { bodyErrorText } from '../../i18n/keys.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { fetchCertificate, fileBase64, removeCertificate, uploadCertificate } from './fiscal-api.ts';
import { certificateWarnings } from './fiscal-form.ts';

/** A day as the owner reads it, in Lima. */
function dayText(iso: string, lang: string): string {
  return new Date(iso).toLocaleDateString(lang, { timeZone: 'America/Lima', year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * The signing certificate: what is stored (holder, RUC against the
 * restaurant's, validity with a warning 30 days ahead), upload a .p12/.pfx
 * with its password, remove with a confirm. The password lives in this
 * component only until the upload answers, then is cleared.
 */
export function CertificateCard(props: { restaurantRuc: string }) {
  const { t, i18n } = useTranslation();
  const [cert, setCert] = useState<CertificateView | null | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void fetchCertificate().then((r) => setCert(r.ok ? r.body.certificate : null));
  }, []);

  const upload = async () => {
    if (!file) return setError(t('fiscal.chooseFile'));
    setBusy(true);
    const r = await uploadCertificate(await fileBase64(file), password);
    setBusy(false);
    // Never kept after the answer, whatever it was.
    setPassword('');
    if (!r.ok) return setError(bodyErrorText(t, r.code));
    setError('');
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
    setCert(r.body.certificate);
    showToast(t('fiscal.uploaded'));
  };
  const remove = async () => {
    setConfirm(false);
    const r = await removeCertificate();
    if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
    setCert(null);
    showToast(t('fiscal.removed'));
  };

  const warn = cert ? certificateWarnings(cert, props.restaurantRuc, new Date()) : null;
  return (
    <section className="fiscal-card" data-testid="fiscal-certificate">
      <h2>{t('fiscal.certificate')}</h2>
      <p className="hint">{t('fiscal.certificateHint')}</p>
      {cert === null && <p className="note">{t('fiscal.noCertificate')}</p>}
      {cert && warn && (
        <dl className="fiscal-cert" data-testid="fiscal-cert-info">
          <dt>{t('fiscal.subject')}</dt>
          <dd data-testid="fiscal-cert-subject">{cert.subject}</dd>
          <dt>{t('fiscal.certRuc')}</dt>
          <dd>{cert.ruc ?? '—'}</dd>
          <dt>{t('fiscal.validity')}</dt>
          <dd data-testid="fiscal-cert-validity">{t('fiscal.validRange', { from: dayText(cert.notBefore, i18n.language), to: dayText(cert.notAfter, i18n.language) })}</dd>
        </dl>
      )}
      {warn?.rucDiffers && <p className="field-error" role="alert">{t('fiscal.rucDiffers', { cert: warn.rucDiffers, ruc: props.restaurantRuc })}</p>}
      {warn?.noRuc && <p className="field-error">{t('fiscal.noRucInCert')}</p>}
      {warn?.expired && <p className="field-error" role="alert">{t('fiscal.expired')}</p>}
      {warn?.expiresInDays !== null && warn?.expiresInDays !== undefined && <p className="field-error">{t('fiscal.expiresSoon', { days: warn.expiresInDays })}</p>}
      <div className="fiscal-grid">
        <div className="field">
          {t('fiscal.file')}
          {/* The browser's own file button speaks the browser's language and cuts the name: a button of ours instead. */}
          <label className="btn fiscal-file">
            <input ref={fileInput} type="file" accept=".p12,.pfx,application/x-pkcs12" className="fiscal-file-input" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="fiscal-cert-file" />
            {t('fiscal.pickFile')}
          </label>
          <span className="fiscal-file-name">{file ? file.name : t('fiscal.noFile')}</span>
        </div>
        <label className="field">
          {t('fiscal.password')}
          <input type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="fiscal-cert-password" />
        </label>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="fiscal-cert-error">
          {error}
        </p>
      )}
      <div className="fiscal-actions">
        {cert && (
          <button className="btn fiscal-danger" onClick={() => setConfirm(true)} data-testid="fiscal-cert-remove">
            {t('fiscal.removeCert')}
          </button>
        )}
        <button className="btn btn-primary" disabled={busy} onClick={() => void upload()} data-testid="fiscal-cert-upload">
          {t('fiscal.upload')}
        </button>
      </div>
      {confirm && (
        <Dialog
          title={t('fiscal.removeCertTitle')}
          onClose={() => setConfirm(false)}
          footer={<DialogActions onCancel={() => setConfirm(false)} confirmLabel={t('fiscal.removeCert')} onConfirm={() => void remove()} testId="fiscal-cert-remove-confirm" danger />}
        >
          <p>{t('fiscal.removeCertBody')}</p>
        </Dialog>
      )}
    </section>
  );
}
