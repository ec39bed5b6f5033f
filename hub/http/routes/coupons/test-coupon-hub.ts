import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CommandPayload, CommandType } from '#protocol';
import { command, postCommand, signedIn, type TestHub } from '#hub/testing/test-hub.ts';

/** The owner sends a command that must be accepted. */
export async function asOwner<K extends CommandType>(t: TestHub, type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload), {}, { cookie: t.cookie });
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code}`);
}

/** A person of a new role with exactly `aliases`, signed in on their own device. Returns their cookie. */
export async function personWith(t: TestHub, roleId: string, aliases: string[], code: string): Promise<string> {
  await asOwner(t, 'role.save', { id: roleId, name: roleId, aliases: aliases as never });
  const id = `staff-${roleId}`;
  await asOwner(t, 'staff.save', { id, name: `Persona ${roleId}`, code, roleId });
  const pin = await fetch(new URL(`/api/staff/${id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: '5050' }) });
  expect(pin.status).toBe(200);
  return signedIn(t.url, code, '5050', `device-${roleId}`);
}

/** SPEC's batch fields, valid. */
export function batchBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { batchId: randomUUID(), prefix: 'verano', name: 'Verano 2099', deductionCents: 1_000, category: 1, expiresOn: '2099-12-31', quantity: 5, ...over };
}

/** A JSON request with a cookie; answers the status and the parsed body. */
export async function send(t: TestHub, method: string, path: string, body?: unknown, cookie: string = t.cookie): Promise<{ status: number; body: Record<string, unknown> & { ok: boolean } }> {
  const res = await fetch(new URL(path, t.url), {
    method,
    headers: { 'content-type': 'application/json', cookie },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { ok: boolean } };
}

/** A page of coupons as GET /api/coupons answers it. */
export type CouponRow = { code: string; batchId: string; status: string; memberId: string | null; recipientNo: string; recipientPhone: string };

/** Waits until `check` holds, asking again every 20 ms (a job runs beside the request that caused it). */
export async function waitUntil(check: () => Promise<boolean>, what = 'condition'): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never happened: ${what}`);
}
