import type { MailSettingsRequest, MailSettingsView } from '#hub/exports/mail/settings.ts';

/** What the form edits: the settings as text fields (the port and the recipients as typed). */
export type MailDraft = { host: string; port: string; security: MailSettingsRequest['security']; user: string; password: string; from: string; recipients: string };

/** The usual port of each connection kind (RFC 8314: 465 implicit TLS; RFC 6409: 587 submission). */
export const DEFAULT_PORTS: Record<MailDraft['security'], number> = { starttls: 587, tls: 465, none: 25 };

export function emptyDraft(): MailDraft {
  return { host: '', port: '587', security: 'starttls', user: '', password: '', from: '', recipients: '' };
}

export function draftOf(view: MailSettingsView): MailDraft {
  return { host: view.host, port: String(view.port), security: view.security, user: view.user, password: '', from: view.from, recipients: view.recipients.join('\n') };
}

/** Switching the connection kind moves the port along when it still is another kind's usual one. */
export function withSecurity(draft: MailDraft, security: MailDraft['security']): MailDraft {
  const usual = Object.values(DEFAULT_PORTS).map(String).includes(draft.port.trim()) || draft.port.trim() === '';
  return { ...draft, security, port: usual ? String(DEFAULT_PORTS[security]) : draft.port };
}

/** The request the hub checks (it refuses a bad field with its name); no password typed keeps the stored one. */
export function requestOf(draft: MailDraft): MailSettingsRequest {
  const recipients = draft.recipients
    .split(/[\n,;]+/)
    .map((r) => r.trim())
    .filter((r) => r !== '');
  return {
    host: draft.host.trim(),
    port: /^\d{1,5}$/.test(draft.port.trim()) ? Number(draft.port.trim()) : -1,
    security: draft.security,
    user: draft.user.trim(),
    ...(draft.password ? { password: draft.password } : {}),
    from: draft.from.trim(),
    recipients,
  };
}

/** The form field a refusal names ("recipients.1" → recipients). */
export type MailField = 'host' | 'port' | 'user' | 'password' | 'from' | 'recipients' | 'other';

export function fieldOf(message: string): MailField {
  const head = message.split('.')[0] ?? '';
  return (['host', 'port', 'user', 'password', 'from', 'recipients'] as const).find((f) => f === head) ?? 'other';
}

/**
 * Where the password goes (AUTH to this host and port over this kind of
 * connection), as the hub compares it: another destination needs the password
 * typed again (the hub refuses SECRET_REQUIRED otherwise).
 */
export function destinationOf(s: { host: string; port: string | number; security: MailDraft['security'] }): string {
  return JSON.stringify([s.host.trim().toLowerCase(), String(s.port).trim(), s.security]);
}
