import type { ExportFile } from '../day-files.ts';
import type { MailPort, MailResult } from '../runners.ts';
import { deliverByMail } from './deliver.ts';
import { MailError } from './errors.ts';
import { readMailSettings } from './settings-store.ts';
import { probeSmtp, type SmtpOptions } from './smtp-client.ts';

/**
 * The export's mail side (hub/exports/runners.ts `MailPort`): the owner's
 * stored settings, `deliverByMail`, and the classification the mail lane
 * acts on: `retry` errors are "unreachable" (the lane pauses and probes),
 * a refused password, TLS or message is "auth" / "rejected" for the owner
 * to fix, no settings is "notSetUp".
 */
export function smtpMailPort(dataDir: string, options: SmtpOptions = {}): MailPort {
  return {
    async send(day: string, files: readonly ExportFile[]): Promise<MailResult> {
      const settings = await readMailSettings(dataDir);
      if (!settings) return { ok: false, problem: 'notSetUp' };
      try {
        await deliverByMail(settings, mailOfDay(day, files), options);
        return { ok: true };
      } catch (err) {
        if (!(err instanceof MailError)) return { ok: false, problem: 'unreachable' };
        return { ok: false, problem: problemOf(err) };
      }
    },
    async reachable(): Promise<boolean> {
      const settings = await readMailSettings(dataDir);
      return settings ? probeSmtp(settings, options) : false;
    },
  };
}

/** What the lane does about each classified failure. */
export function problemOf(err: MailError): Exclude<MailResult, { ok: true }>['problem'] {
  if (err.kind === 'retry') return 'unreachable';
  if (err.code === 'MAIL_NOT_CONFIGURED') return 'notSetUp';
  if (err.code === 'MAIL_AUTH_FAILED' || err.code === 'MAIL_AUTH_UNSUPPORTED' || err.code === 'MAIL_TLS_FAILED' || err.code === 'MAIL_TLS_UNAVAILABLE') return 'auth';
  return 'rejected';
}

/** The day's mail: a Spanish subject and text (the accountant's language in Peru), the folder's files attached. */
export function mailOfDay(day: string, files: readonly ExportFile[]): { subject: string; text: string; attachments: { name: string; content: Buffer }[] } {
  const list = files.map((f) => `- ${f.name} (${f.bytes.length} bytes)`).join('\n');
  return {
    subject: `Exportación del día ${day}`,
    text: `Archivos de ventas y comprobantes del día ${day}:\n${list}\n`,
    attachments: files.map((f) => ({ name: f.name, content: Buffer.from(f.bytes) })),
  };
}
