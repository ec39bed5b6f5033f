import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayRange, closingHourOf } from '#hub/domain/business-day.ts';
import { until } from '#hub/jobs/printing/test-orders.ts';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { command, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * The nightly backup in a whole hub with the clock in hand (README.md
 * "When"): nothing before a passphrase is set; after the closing hour, one
 * nightly backup once the day's export is done, never two the same night;
 * the next night nothing when nothing changed, one when something did.
 */
let now = new Date('2026-04-01T01:00:00.000Z'); // 20:00 in Lima on the 31st
const DAY = '2026-03-31';
let t: TestHub;
let closing = 0;

const nightly = async () => (await t.hub.backups.list()).filter((b) => b.reason === 'nightly');
const exportDone = () => [...t.hub.engine.jobs.values()].some((j) => j.kind === 'export.day' && j.status === 'done');

beforeAll(async () => {
  t = await startTestHub({ clock: () => now });
  closing = Date.parse(businessDayRange(DAY, closingHourOf(t.hub.engine.state.settings)).to);
}, 30_000);

afterAll(async () => {
  await t?.close();
});

describe('the nightly backup', () => {
  it('is not asked for without a passphrase', async () => {
    now = new Date(closing + 60_000);
    await t.hub.backups.planner.runNow();
    expect([...t.hub.engine.jobs.values()].filter((j) => j.kind === 'backup.make')).toEqual([]);
  });

  it('after the closing hour: one, after the export; never two the same night', async () => {
    await t.hub.backups.setPassphrase('anticuchos al carbón');
    // Something sold today so the export has a day (the demo's open shift: a bookkeeping line will do).
    expect((await postCommand(t.url, command('restaurant.rename', { name: 'Demo de noche' }))).body).toMatchObject({ ok: true });
    await t.hub.exports.planner.runNow();
    await t.hub.backups.planner.runNow();
    await until('the nightly backup is written', async () => {
      await t.hub.backups.planner.runNow();
      return (await nightly()).some((b) => b.whole);
    });
    // The backup came after the export whenever the export had a day to write.
    if ([...t.hub.engine.jobs.values()].some((j) => j.kind === 'export.day')) expect(exportDone()).toBe(true);
    await t.hub.backups.planner.runNow();
    await t.hub.backups.planner.runNow();
    expect(await nightly()).toHaveLength(1);
    expect((await readdir(t.hub.backups.folder)).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });

  it('the next night: nothing when nothing changed, one when something did', async () => {
    now = new Date(closing + 86_400_000 + 60_000);
    await t.hub.backups.planner.runNow();
    expect(await nightly()).toHaveLength(1);
    // The sign-in of the day before has ended: the change is recorded as the hub would.
    expect(await t.hub.engine.submit(hubCommand('restaurant.rename', { name: 'Demo de otra noche' }, 'hub', now), { staffId: null, deviceId: 'hub' })).toMatchObject({ ok: true });
    await until('a second nightly backup', async () => {
      await t.hub.backups.planner.runNow();
      return (await nightly()).filter((b) => b.whole).length === 2;
    });
  });
});
