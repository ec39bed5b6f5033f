import type { Context } from 'koa';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { aliasesOf } from '#domain';
import type { CommandPayload } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';

/**
 * What the routes of the restaurant's secrets share (issue 19 items 10 and
 * 15): the certificate, the SOL user and where documents go
 * (routes/einvoice), the export's mail server (routes/export-mail).
 *
 * - **Their own gate**, `fiscalSecrets`, apart from `settings` (printers,
 *   tables): only the owner's preset holds it; an owner may grant it in the
 *   role editor. Reads are gated too: the SOL user and the mail server are
 *   nobody else's business.
 * - **A secret follows its destination.** Changing where a stored password
 *   is sent (the OSE address, the mail server's host, port or connection
 *   kind) without typing the password again is `400 SECRET_REQUIRED`
 *   (message `password`): else whoever may save settings could point them at
 *   their own server and receive the stored password with the next factura or
 *   test mail.
 * - **Every change is in the activity**: `security.noteSecretChange`, which
 *   fields changed (names, never values), recorded as the person who did it.
 */
export const SECRETS_GATE = 'fiscalSecrets';

/** Refuses a session whose role lacks the secrets' gate (FORBIDDEN, message the gate). */
export function requireSecretsGate(engine: Engine, ctx: Context): Actor {
  const { actor } = sessionOf(ctx);
  if (!aliasesOf(engine.state, actor.staffId).has(SECRETS_GATE)) throw new HttpError('FORBIDDEN', SECRETS_GATE);
  return actor;
}

/** SECRET_REQUIRED when a stored password would go to a new destination without being typed again. */
export function requireSecretForNewDestination(stored: { password: string; destination: string } | null, next: { password: string | undefined; destination: string }): void {
  if (!stored || stored.password === '' || next.password !== undefined) return;
  if (stored.destination !== next.destination) throw new HttpError('SECRET_REQUIRED', 'password');
}

/** The names of the fields whose values differ (a typed password always counts as changed). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>, passwordTyped: boolean): string[] {
  const names = Object.keys(after).filter((k) => k !== 'password' && JSON.stringify(before?.[k]) !== JSON.stringify(after[k]));
  return passwordTyped ? [...names, 'password'] : names;
}

/** Records the change in the log as the person who made it (the activity shows it); a refusal is only logged. */
export async function noteSecretChange(engine: Engine, actor: Actor, now: Date, payload: CommandPayload<'security.noteSecretChange'>, log: (line: string) => void = console.log): Promise<void> {
  const reply = await engine.submit(hubCommand('security.noteSecretChange', payload, actor.deviceId, now), actor);
  if (!reply.ok) log(`secrets: could not record the ${payload.what} change: ${reply.code}`);
}
