import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupsReply } from '#hub/http/routes/backups/backups.ts';
import { errorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { showToast } from '../../ui/ui-store.ts';
import { fetchBackups, savePassphrase } from './backup-api.ts';
import './backup.css';

/** How long the page waits between looks while a backup it asked for has not shown up. */
const POLL_MS = 2_000;

/** When a backup was made: its header's time, else the time in its name (a cut file's header may be gone). */
function whenOf(b: { name: string; createdAt: string | null }): Date | null {
  if (b.createdAt) return new Date(b.createdAt);
  const m = /^pos-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(b.name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Backups (not in SPEC.md: /pages/backup/index, owner and manager: gate
 * `settings`; hub/backup/README.md): whether a passphrase is set, the owner's
 * form to set it (the hub answers FORBIDDEN to a manager), "back up now" (the
 * command `backup.run`: a tap never waits for the file), the list, whole or cut.
 */
export function BackupPage() {
  const { t, i18n } = useTranslation();
  const [reply, setReply] = useState<BackupsReply | null>(null);
  const [failed, setFailed] = useState(false);
  const [waitingFor, setWaitingFor] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  const load = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    void fetchBackups().then((r) => {
      if (!alive) return;
      setFailed(!r.ok);
      if (!r.ok) return;
      setReply(r.body);
      // Asked for one: look again until the list has more whole backups than when asked.
      if (waitingFor !== null) {
        if (r.body.backups.filter((b) => b.whole).length > waitingFor) setWaitingFor(null);
        else timer = setTimeout(load, POLL_MS);
      }
    });
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- polls on its own tick; waitingFor is read as of this tick
  }, [tick, load]);

  const backUpNow = async () => {
    const whole = reply?.backups.filter((b) => b.whole).length ?? 0;
    const answer = await Promise.race([enqueue('backup.run', { reason: 'onDemand' }, { ownsRefusal: true }), new Promise<null>((r) => setTimeout(() => r(null), 2500))]);
    if (answer && !answer.ok) return showToast(errorText(t, answer.code), 'error');
    showToast(t('backup.asked'));
    setWaitingFor(whole);
    load();
  };

  return (
    <div className="staff-page backup-page" data-testid="backup-page">
      <div className="page-head">
        <h1>{t('backup.title')}</h1>
      </div>
      <p className="hint">{t('backup.hint')}</p>
      {failed && <p className="empty">{t('backup.failedToLoad')}</p>}
      {reply && !reply.hasPassphrase && (
        <p className="backup-warning" role="alert" data-testid="backup-no-passphrase">
          {t('backup.noPassphrase')}
        </p>
      )}
      <PassphraseForm onSaved={load} />
      <section className="panel">
        <button className="btn" data-testid="backup-now" disabled={!reply?.hasPassphrase || waitingFor !== null} onClick={() => void backUpNow()}>
          {t('backup.now')}
        </button>
        {reply?.sticks.map((s) => (
          <p key={s.stick} className="hint" data-testid="backup-stick">
            {t('backup.usb', { stick: s.stick, result: s.ok ? t('backup.usbOk') : t('backup.usbFailed') })}
          </p>
        ))}
      </section>
      <section className="panel">
        <h2>{t('backup.listTitle')}</h2>
        {reply && reply.backups.length === 0 && <p className="empty">{t('backup.empty')}</p>}
        <ul className="backup-list" data-testid="backup-list">
          {reply?.backups.map((b) => (
            <li key={b.name} data-testid={`backup-${b.whole ? 'whole' : 'broken'}`}>
              <span>
                <span className="backup-when">{whenOf(b)?.toLocaleString(i18n.language) ?? b.name}</span> · {t(`backup.reason.${b.reason}`)} · {sizeText(b.size)}
              </span>
              <span className={`backup-badge${b.whole ? '' : ' backup-badge-broken'}`}>{b.whole ? t('backup.whole') : b.problem === 'BACKUP_CORRUPTED' ? t('backup.damaged') : t('backup.cut')}</span>
            </li>
          ))}
        </ul>
        <p className="hint">{t('backup.restoreHint')}</p>
      </section>
    </div>
  );
}

function PassphraseForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const [first, setFirst] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const mismatch = again !== '' && first !== again;

  const save = async () => {
    setBusy(true);
    const r = await savePassphrase(first);
    setBusy(false);
    if (!r.ok) return showToast(errorText(t, r.code), 'error');
    setFirst('');
    setAgain('');
    showToast(t('backup.saved'));
    onSaved();
  };

  return (
    <section className="panel">
      <h2>{t('backup.passphraseTitle')}</h2>
      <p className="hint">{t('backup.passphraseHint')}</p>
      <label className="field">
        <span>{t('backup.passphrase')}</span>
        <input type="password" autoComplete="new-password" data-testid="backup-passphrase" value={first} onChange={(e) => setFirst(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('backup.passphraseAgain')}</span>
        <input type="password" autoComplete="new-password" data-testid="backup-passphrase-again" value={again} onChange={(e) => setAgain(e.target.value)} />
      </label>
      {mismatch && <p className="error">{t('backup.mismatch')}</p>}
      <button className="btn" data-testid="backup-passphrase-save" disabled={busy || first === '' || first !== again} onClick={() => void save()}>
        {t('backup.save')}
      </button>
    </section>
  );
}
