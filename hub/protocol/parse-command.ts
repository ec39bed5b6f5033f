import type { z } from 'zod';
import { commandPayloads, envelopeSchema, isCommandType, type Command } from './commands.ts';
import type { ErrorCode } from './errors.ts';

export type ParsedCommand = { ok: true; command: Command } | { ok: false; code: ErrorCode; message: string };

/**
 * Checks an untrusted envelope and its payload. A missing or empty required
 * field is REQUIRED_FIELD, anything else malformed INCORRECT_INPUT; `message`
 * names the field so the device can point at it.
 */
export function parseCommand(input: unknown): ParsedCommand {
  const env = envelopeSchema.safeParse(input);
  if (!env.success) return fromIssues(env.error, input);
  const { type } = env.data;
  if (!isCommandType(type)) return { ok: false, code: 'UNKNOWN_COMMAND', message: type };
  const payload = commandPayloads[type].safeParse(env.data.payload);
  if (!payload.success) return fromIssues(payload.error, env.data.payload, 'payload');
  return { ok: true, command: { ...env.data, type, payload: payload.data } as Command };
}

function fromIssues(error: z.ZodError, input: unknown, root = ''): ParsedCommand {
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
