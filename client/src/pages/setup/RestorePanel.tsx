import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '#protocol';
import { bootSession } from '../../auth/session.ts';
import { refusalText } from '../login/LoginShell.tsx';
import { answeringStore, checkProgress, restoreUpload, uploadBackup } from './restore-api.ts';
import './restore.css';

type Phase = { at: 'form' } | { at: 'uploading'; fraction: number } | { at: 'checking'; fraction: number | null } | { at: 'restarting'; storeId: string; createdAt: string; slow: boolean } | { at: 'done'; createdAt: string };
type Field = 'claimCode' | 'file' | 'passphrase' | '';

/** Which field a refusal belongs to (the message shows under it). */
function fieldOf(code: ErrorCode, message: string): Field {
  if (code === 'CLAIM_CODE_INVALID' || code === 'TOO_MANY_ATTEMPTS') return 'claimCode';
  if (code === 'BACKUP_WRONG_PASSPHRASE' || message === 'passphrase') return 'passphrase';
  if (code === 'BACKUP_NOT_A_BACKUP' || code === 'BACKUP_TRUNCATED' || code === 'BACKUP_CORRUPTED' || code === 'BACKUP_FROM_NEWER_HUB' || code === 'PAYLOAD_TOO_LARGE') return 'file';
  return '';
}

/** A backup's time as the owner reads it (Lima's clock, the device's language). */
function whenText(iso: string, lang: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString(lang, { timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/**
 * "Restore from a backup" on an unclaimed hub (hub/backup/README.md "Restore
 * from the setup page"): the claim code, the file and its passphrase. The
 * file is sent once (a mistyped passphrase is tried again without sending
 * it again); the hub checks every byte, stages it and opens again on it;
 * this page waits until the hub answers with the backup's store, then sends
 * the owner to sign in with the restored staff and PINs.
 */
export function RestorePanel(props: { claimCode: string; onUnderWay: (underWay: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const [claimCode, setClaimCode] = useState(props.claimCode);
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [phase, setPhase] = useState<Phase>({ at: 'form' });
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  // The file the hub already holds, and with which code it was sent.
  const sent = useRef<{ file: File; claimCode: string; upload: string } | null>(null);

  const refuse = (code: ErrorCode, message: string, retryAfter: number) => {
    setPhase({ at: 'form' });
    const field = fieldOf(code, message);
    // A damaged or missing upload is sent again next time.
    if (field === 'file' || code === 'NOT_FOUND') sent.current = null;
    setError({ field, text: refusalText(t, code, retryAfter) });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!claimCode.trim()) return setError({ field: 'claimCode', text: `${t('errors.REQUIRED_FIELD')}: ${t('setup.claimCode')}` });
    if (!file) return setError({ field: 'file', text: t('setup.restoreNoFile') });
    if (!passphrase) return setError({ field: 'passphrase', text: `${t('errors.REQUIRED_FIELD')}: ${t('setup.restorePassphrase')}` });
    setError(null);
    if (!sent.current || sent.current.file !== file || sent.current.claimCode !== claimCode) {
      setPhase({ at: 'uploading', fraction: 0 });
      const up = await uploadBackup(file, claimCode, (fraction) => setPhase({ at: 'uploading', fraction }));
      if (!up.ok) return refuse(up.code, '', up.retryAfter);
      sent.current = { file, claimCode, upload: up.body.upload };
    }
    setPhase({ at: 'checking', fraction: null });
    const r = await restoreUpload(claimCode, sent.current.upload, passphrase);
    if (!r.ok) return refuse(r.code, r.message, r.retryAfter);
    setPhase({ at: 'restarting', storeId: r.body.storeId, createdAt: r.body.createdAt, slow: false });
  };

  // Once sent, the page around (the other choice, "code expired?") no longer applies.
  const underWay = phase.at !== 'form';
  const { onUnderWay } = props;
  useEffect(() => onUnderWay(underWay), [underWay, onUnderWay]);

  // While the hub checks (its answer comes only at the end), its bar from GET /api/setup/restore.
  const checking = phase.at === 'checking';
  useEffect(() => {
    if (!checking) return;
    let stop = false;
    const look = async () => {
      while (!stop) {
        await new Promise((r) => setTimeout(r, 1000));
        const fraction = await checkProgress();
        if (!stop && fraction !== null) setPhase((p) => (p.at === 'checking' ? { at: 'checking', fraction } : p));
      }
    };
    void look();
    return () => {
      stop = true;
    };
  }, [checking]);

  // Waits for the hub to answer with the backup's store (it stops, swaps the folder, opens again).
  const waitingFor = phase.at === 'restarting' ? phase.storeId : null;
  useEffect(() => {
    if (!waitingFor) return;
    let stop = false;
    let tries = 0;
    const look = async () => {
      while (!stop) {
        if ((await answeringStore()) === waitingFor) {
          setPhase((p) => (p.at === 'restarting' ? { at: 'done', createdAt: p.createdAt } : p));
          return;
        }
        if (++tries === 60) setPhase((p) => (p.at === 'restarting' ? { ...p, slow: true } : p));
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    void look();
    return () => {
      stop = true;
    };
  }, [waitingFor]);

  if (phase.at === 'done') {
    return (
      <div className="restore-progress" data-testid="restore-done">
        <p className="hint">{t('setup.restoreDone', { when: whenText(phase.createdAt, i18n.language) })}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => void bootSession()} data-testid="restore-sign-in">
          {t('setup.restoreSignIn')}
        </button>
      </div>
    );
  }
  const percent = phase.at === 'uploading' || (phase.at === 'checking' && phase.fraction !== null) ? Math.floor((phase.fraction ?? 0) * 100) : null;
  const progress = phase.at !== 'form' && (
    <div className="restore-progress" role="status" aria-live="polite" data-testid="restore-progress" data-phase={phase.at}>
      {percent !== null ? <progress max={100} value={percent} /> : <progress />}
      <p className="hint">
        {phase.at === 'uploading' ? t('setup.restoreUploading', { percent: percent ?? 0 }) : phase.at === 'checking' ? (percent === null ? t('setup.restoreChecking') : t('setup.restoreCheckingPercent', { percent })) : t('setup.restoreRestarting')}
      </p>
      {phase.at === 'restarting' && phase.slow ? <p className="field-error">{t('setup.restoreSlow')}</p> : <p className="note">{t('setup.restoreKeepOpen')}</p>}
    </div>
  );

  const fieldError = (field: Field) => error?.field === field && <small className="field-error">{error.text}</small>;
  return (
    <>
      {progress}
      {/* Hidden, not removed, while the hub works: a refusal shows it again with the file still chosen. */}
      <form className="restore-form" onSubmit={(e) => void submit(e)} hidden={phase.at !== 'form'} data-testid="restore-form">
        <p className="hint">{t('setup.restoreIntro')}</p>
        <label className="field claim">
          <span>
            {t('setup.claimCode')} <em className="req">*</em>
          </span>
          <input value={claimCode} maxLength={12} onChange={(e) => setClaimCode(e.target.value)} aria-invalid={error?.field === 'claimCode'} data-testid="restore-claimCode" />
          {props.claimCode && <small className="hint">{t('setup.codeFromSlip')}</small>}
          {fieldError('claimCode')}
        </label>
        <div className="field">
          <span>
            {t('setup.restoreFile')} <em className="req">*</em>
          </span>
          {/* The browser's own "Choose file" is in its language, not the page's: a button of ours, the input inside it. */}
          <label className="btn btn-block restore-file" aria-invalid={error?.field === 'file'}>
            <input type="file" accept=".posbak,application/octet-stream" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="restore-file" />
            <span className="restore-file-name" data-testid="restore-file-name">
              {file ? file.name : t('setup.restoreChoose')}
            </span>
          </label>
          {fieldError('file')}
        </div>
        <label className="field">
          <span>
            {t('setup.restorePassphrase')} <em className="req">*</em>
          </span>
          <input type="password" autoComplete="off" maxLength={200} value={passphrase} onChange={(e) => setPassphrase(e.target.value)} aria-invalid={error?.field === 'passphrase'} data-testid="restore-passphrase" />
          {fieldError('passphrase')}
        </label>
        {error?.field === '' && (
          <p className="login-error" role="alert">
            {error.text}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" data-testid="restore-submit">
          {t('setup.restoreSubmit')}
        </button>
      </form>
    </>
  );
}
