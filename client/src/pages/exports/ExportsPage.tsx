import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessDayOf, closingHourOf } from '#domain';
import type { CommandReply } from '#protocol';
import type { ExportDayView, ExportsReply } from '#hub/http/routes/exports/schema.ts';
import { errorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { lanesStamp, useJobBoard } from '../../sync/job-board.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { dayStatus, folderProblem, sizeText, type DestinationState } from './export-view.ts';
import { fetchExports, fetchSuggestedDay, fileUrl } from './exports-api.ts';
import { SecretsOnly } from '../../auth/SecretsOnly.tsx';
import { MailSettingsForm } from './MailSettingsForm.tsx';
import './exports.css';

/** How often the page asks again (the USB stick's copy; a job moving asks at once, through the job board). */
const POLL_MS = 3_000;

/** The day before a YYYY-MM-DD day. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Sends `export.run` and waits a moment for the hub's answer (offline: it stays queued and goes later). */
function runExport(day: string, what: 'all' | 'mail'): Promise<CommandReply | null> {
  return Promise.race([enqueue('export.run', { day, what }, { ownsRefusal: true }), new Promise<null>((r) => setTimeout(() => r(null), 2500))]);
}

/**
 * The nightly export (not in SPEC.md: /pages/exports/index, owner and
 * manager): each business day's files to download, where they went (folder,
 * USB stick, mail), "export now" for a day, "send by mail again", the USB
 * stick's state, and the mail settings.
 */
export function ExportsPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const [reply, setReply] = useState<ExportsReply | null>(null);
  const [failed, setFailed] = useState(false);
  const today = businessDayOf(new Date().toISOString(), closingHourOf(state?.settings ?? {}));
  // Yesterday until the hub says better: today when it has bills, else the last day with bills (hub/exports/README.md).
  const [day, setDay] = useState(() => dayBefore(today));
  const [dayWhy, setDayWhy] = useState<'today' | 'lastSales' | 'yesterday' | 'chosen' | null>(null);
  const [mailSetUp, setMailSetUp] = useState<boolean | null>(null);
  useEffect(() => {
    let alive = true;
    void fetchSuggestedDay().then((r) => {
      if (!alive || !r.ok) return;
      // A day the owner already picked is kept.
      setDayWhy((why) => {
        if (why === 'chosen') return why;
        setDay(r.body.day);
        return r.body.why;
      });
    });
    return () => {
      alive = false;
    };
  }, []);

  const [tick, setTick] = useState(0);
  const load = useCallback(() => setTick((n) => n + 1), []);
  // Export jobs are not in the replica (issue 20): their lanes on the job board say when one moved.
  const exportStamp = lanesStamp(useJobBoard(), (lane) => lane.kind === 'export.day' || lane.kind === 'export.deliver');
  useEffect(() => {
    let alive = true;
    void fetchExports().then((r) => {
      if (!alive) return;
      if (r.ok) setReply(r.body);
      setFailed(!r.ok);
    });
    const timer = setTimeout(load, POLL_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [tick, load, exportStamp]);

  const ask = async (d: string, what: 'all' | 'mail') => {
    const r = await runExport(d, what);
    if (r && !r.ok) return showToast(errorText(t, r.code), 'error');
    showToast(t(what === 'all' ? 'exports.queued' : 'exports.resent'));
    void load();
  };

  return (
    <div className="staff-page exports-page" data-testid="exports-page">
      <div className="page-head">
        <h1>{t('exports.title')}</h1>
      </div>
      <p className="hint">{t('exports.hint')}</p>
      <UsbBar reply={reply} />
      {reply?.mailWaiting && <p className="exports-note" data-testid="exports-mail-waiting">{t('exports.mailWaiting')}</p>}
      <section className="panel exports-run">
        <h2>{t('exports.runTitle')}</h2>
        <div className="exports-run-row">
          <label>
            {t('exports.day')}{' '}
            <input
              type="date"
              value={day}
              max={today}
              onChange={(e) => {
                setDay(e.target.value);
                setDayWhy('chosen');
              }}
              data-testid="exports-day"
            />
          </label>
          <button className="btn" data-testid="exports-run" disabled={!/^\d{4}-\d{2}-\d{2}$/.test(day)} onClick={() => void ask(day, 'all')}>
            {t('exports.run')}
          </button>
        </div>
        {(dayWhy === 'today' || dayWhy === 'lastSales') && (
          <p className="hint" data-testid="exports-day-why">
            {t(dayWhy === 'today' ? 'exports.dayWhy.today' : 'exports.dayWhy.lastSales')}
          </p>
        )}
      </section>
      {failed && <p className="empty">{t('exports.loadFailed')}</p>}
      {reply && reply.days.length === 0 && <p className="empty" data-testid="exports-empty">{t('exports.empty')}</p>}
      <ul className="exports-days" data-testid="exports-days">
        {reply?.days.map((d) => <DayRow key={d.day} view={d} mailSetUp={mailSetUp} onResend={() => void ask(d.day, 'mail')} />)}
      </ul>
      {/* The form carries its own heading ("Envío por correo"): the page adds none, so it is not said twice. */}
      <section className="panel exports-mail" id="exports-mail">
        <SecretsOnly>
          <MailSettingsForm onSettings={setMailSetUp} />
        </SecretsOnly>
      </section>
    </div>
  );
}

function UsbBar(props: { reply: ExportsReply | null }) {
  const { t } = useTranslation();
  const sticks = props.reply?.usb ?? [];
  if (sticks.length === 0) return <p className="exports-usb" data-testid="exports-usb-none">{t('exports.usbNone')}</p>;
  return (
    <>
      {sticks.map((s) => (
        <p key={s.stick} className={`exports-usb exports-usb-${s.state}`} data-testid={`exports-usb-${s.state}`}>
          {t(`exports.usbState.${s.state}`, { stick: s.stick, copied: s.copied, days: s.days })}
        </p>
      ))}
    </>
  );
}

function Badge(props: { label: string; state: DestinationState; testId: string; title?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`exports-badge exports-badge-${props.state}`} data-testid={props.testId} title={props.title}>
      {props.label}: {t(`exports.state.${props.state}`)}
    </span>
  );
}

/** Takes the owner to the mail settings at the foot of the page (a hash route: an anchor link would change the page). */
const showMailSettings = () => document.getElementById('exports-mail')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

function DayRow(props: { view: ExportDayView; mailSetUp: boolean | null; onResend: () => void }) {
  const { t, i18n } = useTranslation();
  const { view } = props;
  const status = dayStatus(view, props.mailSetUp);
  const problem = folderProblem(view, status);
  // A mail job with no folder to attach (a resend of a day never exported): say so, not "could not write".
  const mailText = status.mailReason === 'IO_ERROR' ? t('exports.mailNoFolder') : status.mailReason ? t(`jobs.reasons.${status.mailReason}`) : null;
  return (
    <li className="panel exports-day" data-testid={`exports-day-${view.day}`}>
      <div className="exports-day-head">
        <b>{new Date(`${view.day}T12:00:00Z`).toLocaleDateString(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}</b>
        <button className="btn btn-small" data-testid="exports-resend" disabled={view.files.length === 0 || props.mailSetUp === false} onClick={props.onResend}>
          {t('exports.resend')}
        </button>
      </div>
      <div className="exports-badges">
        <Badge label={t('exports.folder')} state={status.folder} testId="exports-folder" />
        <Badge label={t('exports.usb')} state={status.usb} testId="exports-usb-state" {...(view.delivery.usb ? { title: view.delivery.usb.stick } : {})} />
        <Badge label={t('exports.mail')} state={status.mail} testId="exports-mail" {...(mailText ? { title: mailText } : {})} />
        {status.mail === 'notSetUp' && (
          <button type="button" className="btn btn-small exports-setup-mail" onClick={showMailSettings} data-testid="exports-mail-setup">
            {t('exports.mailSetUp')}
          </button>
        )}
      </div>
      {problem && (
        <p className="field-error" data-testid="exports-folder-problem">
          {problem.file
            ? t('exports.folderProblem.file', { file: problem.file, folder: problem.folder, cause: t(`exports.folderProblem.causes.${problem.cause}`, { code: problem.code }) })
            : t('exports.folderProblem.folder', { folder: problem.folder, cause: t(`exports.folderProblem.causes.${problem.cause}`, { code: problem.code }) })}
        </p>
      )}
      {mailText && status.mail !== 'done' && status.mail !== 'notSetUp' && <p className="hint">{mailText}</p>}
      {view.files.length === 0 ? (
        <p className="hint">{t('exports.noFiles')}</p>
      ) : (
        <ul className="exports-files" aria-label={t('exports.files')}>
          {view.files.map((f) => (
            <li key={f.name}>
              <a href={fileUrl(view.day, f.name)} download={f.name} data-testid={`exports-file-${f.name}`}>
                {f.name}
              </a>
              <span className="hint">{sizeText(f.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
