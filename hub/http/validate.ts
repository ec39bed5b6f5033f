import type { z } from 'zod';
import { HttpError } from './http-error.ts';

/**
 * Checks a request body against its schema; a missing or empty field is
 * REQUIRED_FIELD, anything else INCORRECT_INPUT, `message` naming the field
 * (the same rule commands follow in parse-command).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  let value: unknown = body;
  // Own entries only: a path through `__proto__` must not walk into Object.prototype.
  for (const key of issue?.path ?? []) value = typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  throw new HttpError(missing ? 'REQUIRED_FIELD' : 'INCORRECT_INPUT', field);
}
