import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCalendarDay } from '#protocol';
import { getJson, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Issue 19 items 8 and 19: every route that reads a calendar day refuses one
 * that does not exist (one shared schema, hub/protocol/calendar-day.ts) with
 * 400 INCORRECT_INPUT, before it reads a day file or does date arithmetic;
 * none echoes the day nor answers 500. Asked as the owner, who passes every gate.
 */

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  await t?.close();
});

const IMPOSSIBLE = ['2026-02-30', '9999-99-99', '2026-13-01', '2026-13-45', '2025-02-29', '2026-04-31', '2026-00-10', '2026-1-01', '20260101', '2026-01-01T00:00:00Z', '+02026-01-01'];
const GOOD = '2026-01-15';

const GETS: ((day: string) => string)[] = [
  (d) => `/api/reservations?day=${d}`,
  (d) => `/api/activity?from=${d}&to=${d}`,
  (d) => `/api/activity?from=${GOOD}&to=${d}`,
  (d) => `/api/activity?from=${d}`,
  (d) => `/api/shifts?day=${d}`,
  (d) => `/api/shifts/s-1/report?day=${d}`,
  (d) => `/api/tally?day=${d}`,
  (d) => `/api/reports/orders?from=${d}&to=${GOOD}`,
  (d) => `/api/reports/orders?from=${GOOD}&to=${d}`,
  (d) => `/api/reports/orders.xlsx?from=${d}&to=${d}`,
  (d) => `/api/accounts?state=settled&from=${d}&to=${GOOD}`,
  (d) => `/api/accounts?state=settled&from=${GOOD}&to=${d}`,
  (d) => `/api/bills?from=${d}&to=${d}`,
  (d) => `/api/bills/b-1?day=${d}`,
  (d) => `/api/einvoice/documents?from=${d}&to=${d}`,
  (d) => `/api/einvoice/documents/${d}/01-F001-1/xml`,
  (d) => `/api/exports/${d}/ventas.csv`,
];

describe('impossible calendar days', () => {
  it('the shared rule knows the calendar', () => {
    for (const d of IMPOSSIBLE) expect(isCalendarDay(d), d).toBe(false);
    for (const d of ['2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '2026-01-01']) expect(isCalendarDay(d), d).toBe(true);
  });

  it.each(GETS.map((route) => [route(':day'), route] as const))('GET %s refuses every impossible day with 400', async (_, route) => {
    for (const day of IMPOSSIBLE) {
      const r = await getJson<{ ok: boolean; code: string; day?: string }>(t.url, route(encodeURIComponent(day)));
      expect([r.status, r.body.code], `${route(day)}`).toEqual([400, 'INCORRECT_INPUT']);
      expect(r.body.day).toBeUndefined();
    }
  });

  it('POST bodies naming a day refuse an impossible one too', async () => {
    const post = async (path: string, body: unknown) => {
      const res = await fetch(new URL(path, t.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie: t.cookie ?? '' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { code: string } };
    };
    for (const day of IMPOSSIBLE) {
      const reprint = await post('/api/bills/b-1/reprint', { day });
      expect([reprint.status, reprint.body.code], `reprint ${day}`).toEqual([400, 'INCORRECT_INPUT']);
      const z = await post('/api/shifts/s-1/print', { day });
      expect([z.status, z.body.code], `shift print ${day}`).toEqual([400, 'INCORRECT_INPUT']);
    }
  });
});
