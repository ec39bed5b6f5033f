import type { MailSettingsReply, MailSettingsRequest, MailTestReply } from '#hub/exports/mail/settings.ts';
import { api, type ApiResult } from '../../auth/api.ts';

/** GET /api/exports/mail-settings: the stored mail server (the password only as "set"), or null. */
export function fetchMailSettings(): Promise<ApiResult<MailSettingsReply>> {
  return api('GET', '/api/exports/mail-settings');
}

/** PUT /api/exports/mail-settings: no password keeps the stored one. */
export function saveMailSettings(req: MailSettingsRequest): Promise<ApiResult<MailSettingsReply>> {
  return api('PUT', '/api/exports/mail-settings', req);
}

/** POST /api/exports/mail-settings/test: a test mail with the stored settings (up to 15 s of SMTP, so a longer wait). */
export function sendTestMail(): Promise<ApiResult<MailTestReply>> {
  return api('POST', '/api/exports/mail-settings/test', {}, 25_000);
}
