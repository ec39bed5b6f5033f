import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '#protocol';
import type { UpdateStatusReply } from '#hub/http/routes/update/update.ts';
import { SecretsOnly } from '../../auth/SecretsOnly.tsx';
import { errorText } from '../../i18n/keys.ts';
import { showToast } from '../../ui/ui-store.ts';
import { fetchUpdateStatus, installFromStick, uploadBinary } from './update-api.ts';
import './update.css';

/** How often the page asks while an update is under way (the hub restarts under it; a failed ask just waits for the next). */
const POLL_MS = 3_000;

const RESULT_CODES = ['UPDATE_INSTALLED', 'UPDATE_ROLLED_BACK', 'UPDATE_ROLLBACK_FAILED', 'UPDATE_CHECKSUM_MISMATCH', 'UPDATE_BAD_REQUEST', 'UPDATE_INSTALL_FAILED'] as const;
type ResultCode = (typeof RESULT_CODES)[number];
const isResultCode = (code: string): code is ResultCode => (RESULT_CODES as readonly string[]).includes(code);

/**
 * Updating the box (not in SPEC.md: /pages/update/index, the owner: gate
 * `fiscalSecrets`, hub/update/README.md): what runs, a file to install (from
 * this device or a USB stick plugged into it), what the updater last did.
 * The hub checks the file, backs up and stages it; a root service installs
 * it and goes back by itself if the new one does not start.
 */
export function UpdatePage() {
  const { t } = useTranslation();
  return (
    <div className="staff-page update-page" data-testid="update-page">
      <div className="page-head">
        <h1>{t('update.title')}</h1>
      </div>
      <SecretsOnly>
        <UpdateForm />
      </SecretsOnly>
    </div>
  );
}

function UpdateForm() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<UpdateStatusReply | null>(null);
  const [failed, setFailed] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [staged, setStaged] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const load = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    let alive = true;
    void fetchUpdateStatus().then((r) => {
      if (!alive) return;
      if (r.ok) setStatus(r.body);
      // While the hub restarts the ask fails: only say so when nothing is under way.
      setFailed(!r.ok && staged === null);
    });
    const waiting = (staged !== null && !done) || status?.pending;
    const timer = waiting ? setTimeout(load, POLL_MS) : null;
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- polls on its own tick; status, staged and done are read as of this tick
  }, [tick, load]);

  // The updater finished the release this page staged: the result shows instead of "ready".
  const done = staged !== null && status !== null && !status.pending && status.last?.version === staged;

  const staging = async (send: () => Promise<{ ok: true; version: string } | { ok: false; code: ErrorCode }>) => {
    setBusy(true);
    const r = await send();
    setBusy(false);
    if (!r.ok) return showToast(errorText(t, r.code), 'error');
    // Replaces a refusal's toast from an earlier try: the page says what happens now.
    showToast(t('update.staged', { version: r.version }));
    setStaged(r.version);
    setFile(null);
    load();
  };
  const install = () => (file ? staging(() => uploadBinary(file)) : undefined);
  const installStick = (stick: string, name: string) =>
    staging(async () => {
      const r = await installFromStick(stick, name);
      return r.ok ? { ok: true, version: r.body.version } : { ok: false, code: r.code };
    });

  const last = status?.last;
  return (
    <>
      {status && (
        <p data-testid="update-running">
          {t('update.running', { release: status.release, build: status.build })}
        </p>
      )}
      <p className="hint">{t('update.hint')}</p>
      {failed && <p className="empty">{t('update.failedToLoad')}</p>}
      <section className="panel">
        {/* The browser's own file button speaks the browser's language, not the page's: a translated button instead. */}
        <label className="btn update-choose">
          {t('update.choose')}
          <input type="file" className="update-file-input" data-testid="update-file" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <p className="hint" data-testid="update-file-name">
          {file ? `${file.name} (${(file.size / 1024 / 1024).toFixed(1)} MB)` : t('update.noFile')}
        </p>
        <button className="btn" data-testid="update-install" disabled={!file || busy || Boolean(status?.pending)} onClick={() => void install()}>
          {t('update.install')}
        </button>
        {status && status.usb.length > 0 && (
          <div className="update-usb" data-testid="update-usb">
            <p>{t('update.usbTitle')}</p>
            {status.usb.map((b) => (
              <button key={`${b.stick}/${b.name}`} className="btn" data-testid="update-usb-install" disabled={busy || Boolean(status.pending)} onClick={() => void installStick(b.stick, b.name)}>
                {t('update.usbInstall', { name: b.name, stick: b.stick })}
              </button>
            ))}
          </div>
        )}
        {busy && (
          <p className="hint" role="status" data-testid="update-uploading">
            {t('update.uploading')}
          </p>
        )}
        {staged && !done && (
          <p role="status" data-testid="update-staged">
            {t('update.staged', { version: staged })}
          </p>
        )}
        {!staged && status?.pending && (
          <p role="status" data-testid="update-pending">
            {t('update.pending', { version: status.pending.version })}
          </p>
        )}
      </section>
      {last && isResultCode(last.code) && (
        <section className="panel" data-testid="update-last">
          <h2>{t('update.lastTitle')}</h2>
          <p data-testid={`update-result-${last.code}`}>{t(`update.result.${last.code}`, { version: last.version, running: last.running ?? '', finishedAt: new Date(last.finishedAt).toLocaleString(i18n.language) })}</p>
        </section>
      )}
    </>
  );
}
