import { mkdtemp, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantDay } from '#domain';
import type { CommandPayload, ReservationDayPage } from '#protocol';
import { command, DEMO_OWNER, getJson, postCommand, signedIn, startTestHub, useCookie, type TestHub } from '#hub/testing/test-hub.ts';

const DAY_MS = 86_400_000;
let dataDir = '';
/** Hub time: two days back while the first reservations are made, then today. */
let shiftMs = -2 * DAY_MS;
const clock = () => new Date(Date.now() + shiftMs);
let t: TestHub;
let pastDay = '';

/** Books `tableId` at `hour` o'clock of the hub's current Lima day, as the owner. */
async function book(tableId: string, hour: number, customerName: string): Promise<string> {
  const reservationId = randomUUID();
  const day = restaurantDay(clock().toISOString());
  const at = `${day}T${String(hour).padStart(2, '0')}:30:00-05:00`;
  const payload: CommandPayload<'reservation.create'> = { reservationId, tableId, people: 2, at, customerName, phone: '', depositCents: 0, remarks: '', reason: '' };
  const r = await postCommand(t.url, command('reservation.create', payload, { at: clock().toISOString() }));
  expect(r.body).toMatchObject({ ok: true });
  return reservationId;
}

const page = (query: string) => getJson<ReservationDayPage>(t.url, `/api/reservations${query}`);
const start = () => startTestHub({ dataDir, clock });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-reservations-'));
  t = await start();
  pastDay = restaurantDay(clock().toISOString());
  // Day one: five reservations (one cancelled), booked in the hour's order they are not made in.
  await book('t-s1', 21, 'Elena');
  await book('t-s2', 13, 'Ana');
  const cancelled = await book('t-s3', 19, 'Diego');
  await book('t-s1', 14, 'Bruno');
  await book('t-s4', 15, 'Carla');
  expect((await postCommand(t.url, command('reservation.cancel', { reservationId: cancelled, reason: 'lluvia' }, { at: clock().toISOString() }))).body).toMatchObject({ ok: true });
  // Two days on, the owner signs in again and books for today: day one's leave the live state.
  shiftMs = 0;
  useCookie(t.url, await signedIn(t.url, DEMO_OWNER.code, DEMO_OWNER.pin));
  await book('t-s5', 23, 'Hoy');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every page of a day, two at a time. */
async function walk(day: string): Promise<string[][]> {
  const pages: string[][] = [];
  for (let offset = 0; ; offset += 2) {
    const r = await page(`?day=${day}&limit=2&offset=${offset}`);
    expect(r.status).toBe(200);
    pages.push(r.body.reservations.map((x) => x.customerName));
    if (!r.body.more) return pages;
  }
}

const DAY_ONE = [['Ana', 'Bruno'], ['Carla', 'Diego'], ['Elena']];

describe('GET /api/reservations (a day, by time, a page at a time)', () => {
  it('a past day left the live state and still reads, from memory and then from its day file', async () => {
    expect(Object.values(t.hub.engine.state.upcomingReservations).map((r) => r.customerName)).toEqual(['Hoy']);
    expect(await walk(pastDay)).toEqual(DAY_ONE);
    const diego = (await page(`?day=${pastDay}&offset=3&limit=1`)).body.reservations[0];
    expect(diego).toMatchObject({ customerName: 'Diego', status: 3, cancelReason: 'lluvia', tableName: 'S3' });
    await t.hub.engine.snapshot();
    expect(t.hub.engine.recentFiledReservations()).toEqual([]);
    expect(await t.hub.engine.reservationDays.days()).toEqual([pastDay]);
    expect(await walk(pastDay)).toEqual(DAY_ONE);
  });

  it('today reads from the live state; a day without any is empty', async () => {
    const today = restaurantDay(clock().toISOString());
    expect(await walk(today)).toEqual([['Hoy']]);
    expect((await page('?day=2001-01-01')).body).toEqual({ ok: true, day: '2001-01-01', reservations: [], more: false });
  });

  it('reads the same after a restart (nothing of day one is in the snapshot)', async () => {
    await t.hub.close();
    t = await start();
    expect(await walk(pastDay)).toEqual(DAY_ONE);
  });

  it('refuses a bad day or paging with a code', async () => {
    expect((await page('')).body).toMatchObject({ code: 'REQUIRED_FIELD', message: 'day' });
    expect((await page('?day=ayer')).body).toMatchObject({ code: 'INCORRECT_INPUT' });
    expect((await page('?day=../../etc')).status).toBe(400);
    expect((await page(`?day=${pastDay}&limit=0`)).body).toMatchObject({ code: 'INCORRECT_INPUT' });
    expect((await page(`?day=${pastDay}&limit=9999`)).body).toMatchObject({ code: 'INCORRECT_INPUT' });
  });

  it('is for those who work the tables only', async () => {
    expect((await getJson(t.url, `/api/reservations?day=${pastDay}`, { cookie: null })).status).toBe(401);
  });
});
