import { afterEach, describe, expect, it } from 'vitest';
import type { CommandReply, LicenceStatus, LicenceTerms } from '#protocol';
import { businessDayOf } from '#domain';
import { signLicence } from '#hub/licence/code.ts';
import { TEST_PRIVATE_KEY_PEM, TEST_PUBLIC_KEY } from '#hub/licence/testing/test-key.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { addLines, command, DEMO_OWNER, getJson, openTable, postCommand, signedIn, startTestHub, useCookie, type TestHub } from '#hub/testing/test-hub.ts';
import { currentBusinessDay } from '#hub/domain/exports/request.ts';

/**
 * The licence through the real Koa app and engine, with a clock the test
 * moves: a code typed by the owner, the fee days passing, what an expired
 * box refuses (a new table) and what it keeps doing (the table already
 * eating, the owner's pages, taking the code that pays it).
 */
const DAY = 86_400_000;
type LicenceReply = { ok: boolean; licence?: LicenceStatus; code?: string };

describe('/api/licence and the expired box', () => {
  let t: TestHub | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function start() {
    let now = Date.now();
    t = await startTestHub({ clock: () => new Date(now), licenceKeys: [TEST_PUBLIC_KEY] });
    const hub = t;
    const day = (offset: number) => businessDayOf(new Date(now + offset * DAY).toISOString(), 0);
    const code = (over: Partial<LicenceTerms>) =>
      signLicence({ hubId: hub.hub.engine.storeId, plan: 'invoicing', paidUntil: day(30), issued: day(0), ...over }, TEST_PRIVATE_KEY_PEM);
    // Days pass: a session lasts 16 hours, so the owner signs in again as at the start of a day.
    const advance = async (days: number) => {
      now += days * DAY;
      hub.cookie = await signedIn(hub.url, DEMO_OWNER.code, DEMO_OWNER.pin);
      useCookie(hub.url, hub.cookie);
    };
    const post = async (body: unknown, cookie = hub.cookie) => {
      const res = await fetch(new URL('/api/licence', hub.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: typeof body === 'string' ? body : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as LicenceReply };
    };
    const at = () => ({ at: new Date(now).toISOString() });
    return { hub, code, day, post, at, advance };
  }

  it('a code paid until a day: the fee notice, the grace, then new tables stop and the open table goes on', async () => {
    const { hub, code, day, post, at, advance } = await start();
    // A demo hub without a code is never locked.
    expect((await getJson<LicenceReply>(hub.url, '/api/licence')).body.licence?.state).toBe('demo');

    expect(await post({ code: code({ paidUntil: day(20) }) })).toMatchObject({ status: 200, body: { ok: true, licence: { state: 'paid', paidUntil: day(20), daysLeft: 20 } } });
    const eating = openTable('t-s1', 2, at());
    expect((await postCommand(hub.url, eating, {})).body.ok).toBe(true);

    await advance(10);
    expect((await getJson<LicenceReply>(hub.url, '/api/licence')).body.licence).toMatchObject({ state: 'notice', daysLeft: 10 });
    await advance(12);
    expect((await getJson<LicenceReply>(hub.url, '/api/licence')).body.licence).toMatchObject({ state: 'grace', daysLeft: -2 });
    expect((await postCommand(hub.url, openTable('t-s2', 2, at()), {})).body.ok).toBe(true);

    await advance(2);
    expect((await getJson<LicenceReply>(hub.url, '/api/licence')).body.licence).toMatchObject({ state: 'expired', daysLeft: -4 });
    const seq = hub.hub.engine.seq;
    const refused = await postCommand(hub.url, openTable('t-s3', 2, at()), {});
    expect(refused.body).toMatchObject({ ok: false, code: 'ACCOUNT_EXPIRED' });
    expect(hub.hub.engine.seq).toBe(seq);

    // The table already eating is served; the owner's pages answer.
    expect((await postCommand(hub.url, addLines(eating.payload.orderId, ['p-101'], at()), {})).body.ok).toBe(true);
    expect((await getJson(hub.url, '/api/exports')).status).toBe(200);
    expect((await getJson(hub.url, '/api/state')).status).toBe(200);

    // Paying: the new code is taken by the expired box and new tables open again.
    expect(await post({ code: code({ paidUntil: day(365), issued: day(0) }) })).toMatchObject({ status: 200, body: { licence: { state: 'paid' } } });
    expect((await postCommand(hub.url, openTable('t-s3', 2, at()), {})).body.ok).toBe(true);
  });

  // Issue 23: "an expired licence never holds the restaurant's data hostage". Each thing the owner still
  // needs, sent to a hub past its grace through the real app, is answered; only the new table is not.
  // (The demo restaurant's shift is already open, so the test closes it.)
  it('an expired box still bills the table eating (boleta numbered), runs the shift, the export and a backup', async () => {
    const { hub, code, day, post, at, advance } = await start();
    expect((await postCommand(hub.url, command('fiscal.saveSettings', SAMPLE_FISCAL), {})).body).toMatchObject({ ok: true });
    const put = await fetch(new URL('/api/backups/passphrase', hub.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: hub.cookie }, body: JSON.stringify({ passphrase: 'una frase larga de prueba' }) });
    expect(put.status).toBe(200);
    expect((await post({ code: code({ paidUntil: day(1) }) })).status).toBe(200);
    const eating = openTable('t-s1', 2, at());
    expect((await postCommand(hub.url, eating, {})).body.ok).toBe(true);
    expect((await postCommand(hub.url, addLines(eating.payload.orderId, ['p-101'], at()), {})).body.ok).toBe(true);

    await advance(6);
    expect((await getJson<LicenceReply>(hub.url, '/api/licence')).body.licence?.state).toBe('expired');
    expect((await postCommand(hub.url, openTable('t-s2', 2, at()), {})).body).toMatchObject({ ok: false, code: 'ACCOUNT_EXPIRED' });

    expect((await postCommand(hub.url, command('order.send', { orderId: eating.payload.orderId }, at()), {})).body).toMatchObject({ ok: true });
    const settle = command('order.settle', { orderId: eating.payload.orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'boleta', docId: '', name: '' }, print: false }, at());
    const settled = (await postCommand(hub.url, settle, {})).body as CommandReply & { result?: { documents?: { series: string; number: number }[] } };
    expect(settled).toMatchObject({ ok: true });
    expect(settled.result?.documents?.[0]).toMatchObject({ series: SAMPLE_FISCAL.series.boleta, number: 1 });
    expect((await postCommand(hub.url, command('table.clear', { tableId: 't-s1' }, at()), {})).body).toMatchObject({ ok: true });
    expect((await postCommand(hub.url, command('shift.close', { counted: { cash: 100_000 }, note: '' }, at()), {})).body).toMatchObject({ ok: true });
    // The business day under way by the hub's closing hour (past midnight in Lima it is still yesterday's).
    expect((await postCommand(hub.url, command('export.run', { day: currentBusinessDay(hub.hub.engine.state, at().at), what: 'all' }, at()), {})).body).toMatchObject({ ok: true });
    expect((await postCommand(hub.url, command('backup.run', { reason: 'onDemand' }, at()), {})).body).toMatchObject({ ok: true });
    // The owner's own pages: the backups, the exports, the settings.
    for (const page of ['/api/backups', '/api/exports', '/api/state']) expect((await getJson(hub.url, page)).status, page).toBe(200);
  });

  it('refusals change nothing: a waiter, a forged or foreign or older code, hostile bodies', async () => {
    const { hub, code, day, post } = await start();
    expect((await post({ code: code({ paidUntil: day(100) }) })).status).toBe(200);
    const waiter = await signedIn(hub.url, '3', '3333', 'waiter-device');
    const before = JSON.stringify((await getJson<LicenceReply>(hub.url, '/api/licence')).body);

    expect(await post({ code: code({ paidUntil: day(400) }) }, waiter)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await post({ code: code({ hubId: 'someone-else' }) })).body.code).toBe('LICENCE_OTHER_HUB');
    expect((await post({ code: code({ paidUntil: day(50) }) })).body.code).toBe('LICENCE_OLDER');
    const good = code({ paidUntil: day(999) });
    expect((await post({ code: `${good.slice(0, -3)}AAA` })).body.code).toBe('LICENCE_INVALID');
    for (const body of [{}, { code: '' }, { code: 'x'.repeat(401) }, { code: 42 }, { code: good, extra: 1 }, '{"code":', '{"__proto__":{"code":"x"}}', { constructor: { code: good } }]) {
      const reply = await post(body);
      expect(reply.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(reply.body.ok).toBe(false);
    }
    // Nobody signed in: refused before anything is read.
    expect((await post({ code: good }, '')).status).toBe(401);
    expect(JSON.stringify((await getJson<LicenceReply>(hub.url, '/api/licence')).body)).toBe(before);
  });

  it('the code survives a restart of the hub (licence.json in the data folder)', async () => {
    const { hub, code, day, post } = await start();
    expect((await post({ code: code({ paidUntil: day(100) }) })).status).toBe(200);
    const again = await startTestHub({ licenceKeys: [TEST_PUBLIC_KEY], dataDir: hub.dataDir }).catch((e: unknown) => e);
    // The data folder is locked by the running hub: a second one must not start on it.
    expect(again).toBeInstanceOf(Error);
    await hub.hub.close();
    const reopened = await startTestHub({ licenceKeys: [TEST_PUBLIC_KEY], dataDir: hub.dataDir });
    try {
      expect((await getJson<LicenceReply>(reopened.url, '/api/licence')).body.licence).toMatchObject({ state: 'paid', paidUntil: day(100) });
    } finally {
      await reopened.hub.close();
    }
  });
});
