import { ERROR_CODES, idSchema, type ErrorCode } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { parseBody } from '../../validate.ts';
import { intakeOrderSchema, type IntakeOrder } from './schema.ts';

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * The channel's order id, read first and alone: a replay is answered with
 * its first takeout whatever the rest of its body says now (a dish since
 * sold out, a field the shop's new version renamed).
 */
export function readExternalId(body: unknown): string {
  const raw = typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, 'externalId') ? (body as { externalId: unknown }).externalId : undefined;
  if (raw === undefined || raw === null || raw === '') throw new HttpError('REQUIRED_FIELD', 'externalId');
  const id = idSchema.safeParse(raw);
  if (!id.success) throw new HttpError('INCORRECT_INPUT', 'externalId');
  return id.data;
}

/**
 * The whole order against the API's schema. A rule with its own code (a
 * phone that is not a Peruvian mobile, a delivery without its address)
 * answers that code naming the field; anything else is the usual
 * REQUIRED_FIELD or INCORRECT_INPUT naming the field.
 */
export function parseIntakeOrder(body: unknown): IntakeOrder {
  const r = intakeOrderSchema.safeParse(body);
  if (r.success) return r.data;
  const coded = r.error.issues.find((i) => KNOWN_CODES.has(i.message));
  if (coded) throw new HttpError(coded.message as ErrorCode, coded.path.join('.'));
  return parseBody(intakeOrderSchema, body);
}
