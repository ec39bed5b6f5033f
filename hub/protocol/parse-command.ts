import type { z } from 'zod';
import { commandPayloads, envelopeSchema, isCommandType, type Command, type CommandType } from './commands.ts';
import type { ErrorCode } from './errors.ts';

/** Why an envelope or payload was refused. */
export type CommandRefusal = { ok: false; code: ErrorCode; message: string };
export type ParsedCommand = { ok: true; command: Command } | CommandRefusal;

/**
 * Checks an untrusted envelope and its payload. A missing or empty required
 * field is REQUIRED_FIELD, anything else malformed INCORRECT_INPUT; `message`
 * names the field so the device can point at it.
 */
export function parseCommand(input: unknown): ParsedCommand {
  const env = parseEnvelope(input);
  return env.ok ? parsePayload(env.envelope) : env;
}

/** An envelope whose type is a known command; its payload not looked at yet. */
export type CheckedEnvelope = Omit<z.infer<typeof envelopeSchema>, 'type'> & { type: CommandType };

/**
 * The envelope alone (id, type, device, time, approval), so the hub can ask
 * whether the sender may send this type at all before it says anything about
 * the payload (a refusal naming a required field would teach a role what it
 * may not send; hub/engine/intake.ts).
 */
export function parseEnvelope(input: unknown): { ok: true; envelope: CheckedEnvelope } | CommandRefusal {
  const env = envelopeSchema.safeParse(input);
  if (!env.success) return fromIssues(env.error, input);
  const { type } = env.data;
  if (!isCommandType(type)) return { ok: false, code: 'UNKNOWN_COMMAND', message: type };
  return { ok: true, envelope: { ...env.data, type } };
}

/** The payload of a checked envelope against its type's schema. */
export function parsePayload(envelope: CheckedEnvelope): ParsedCommand {
  const payload = commandPayloads[envelope.type].safeParse(envelope.payload);
  if (!payload.success) return fromIssues(payload.error, envelope.payload, 'payload');
  return { ok: true, command: { ...envelope, payload: payload.data } as Command };
}

function fromIssues(error: z.ZodError, input: unknown, root = ''): CommandRefusal {
  const issue = error.issues[0];
  // An issue at the payload's root (no payload at all) is about the payload itself.
  const field = issue?.path.join('.') || root;
  const value = valueAt(input, issue?.path ?? []);
  const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  return { ok: false, code: missing ? 'REQUIRED_FIELD' : 'INCORRECT_INPUT', message: field };
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur = input;
  for (const key of path) {
    // Own entries only: a path through `__proto__` must not walk into Object.prototype.
    if (typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}
