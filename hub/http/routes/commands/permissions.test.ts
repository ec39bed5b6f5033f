import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsSettled } from '#hub/jobs/test-helpers.ts';
import { hubOwnRecords } from '#hub/testing/fuzz-envelopes.ts';
import type { RolePresetId } from '#protocol';
import { ALIASES, COMMAND_ALIAS, COMMAND_TYPES, INTERNAL, ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { command, postCommand, signedIn, startTestHub } from '#hub/testing/test-hub.ts';
import { SAMPLES, type Sample } from './command-samples.ts';
import { asOwner, orderWithLine, t, useHub } from './sample-setup.ts';

/**
 * The role × command matrix through the real hub: for every command type and
 * every preset role, a staff member of that role sends a command that would
 * succeed; it must be accepted exactly when the role holds the command's
 * alias (COMMAND_ALIAS), and refused with FORBIDDEN (nothing recorded) otherwise.
 */

const cookies = {} as Record<RolePresetId, string>;

beforeAll(async () => {
  useHub(await startTestHub());
  cookies.owner = t.cookie;
  for (const [i, role] of ROLE_PRESET_IDS.entries()) {
    if (role === 'owner') continue;
    const id = `staff-${role}`;
    await asOwner('staff.save', { id, name: `Persona ${role}`, code: String(50 + i), roleId: role });
    const pin = await fetch(new URL(`/api/staff/${id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: '5050' }) });
    expect(pin.status).toBe(200);
    cookies[role] = await signedIn(t.url, String(50 + i), '5050', `device-${role}`);
  }
});
afterAll(async () => {
  await t?.close();
});

const holds = (role: RolePresetId, alias: string) => (role === 'owner' ? (ALIASES as readonly string[]) : ROLE_PRESETS[role]).includes(alias);
const deviceTypes = COMMAND_TYPES.filter((type) => SAMPLES[type] !== INTERNAL);

describe.each(ROLE_PRESET_IDS)('role %s', (role) => {
  it.each(deviceTypes)('%s: accepted exactly when the role holds its alias', async (type) => {
    const sample = SAMPLES[type] as Sample;
    const cmd = await sample();
    const gate = COMMAND_ALIAS[type];
    // Jobs an earlier case created (the owner's job.test) are run by the hub and add their own
    // records: let them finish before counting that a refused command left the seq where it was.
    await jobsSettled(t.hub.engine);
    const before = t.hub.engine.seq;
    const reply = await postCommand(t.url, cmd, {}, { cookie: cookies[role] });
    if (holds(role, gate)) {
      expect(reply.body, `${role} should be allowed ${type}`).toMatchObject({ ok: true });
    } else {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ ok: false, code: 'FORBIDDEN', message: gate });
      // Nothing of it was recorded; the hub's own work may go on meanwhile (a printer's status, a
      // setup slip and its print job after an earlier case saved a receipt printer).
      const since = t.hub.engine.changesSince(before) ?? [];
      expect(since.filter((c) => c.commandId === cmd.id)).toEqual([]);
      expect(hubOwnRecords(since, new Set()).foreign).toEqual([]);
    }
  });

  it('is refused every command only the hub records', async () => {
    const internal = COMMAND_TYPES.filter((type) => SAMPLES[type] === INTERNAL);
    expect(internal.length).toBeGreaterThan(0);
    for (const type of internal) {
      const reply = await postCommand(t.url, { ...command('restaurant.rename', { name: 'x' }), type, payload: { staffId: 'staff-demo-owner', method: 'full', hasPin: true, hasPassword: true, reason: 'lock' } }, {}, { cookie: cookies[role] });
      expect(reply.body, type).toMatchObject({ ok: false });
      expect(['FORBIDDEN', 'INCORRECT_INPUT', 'REQUIRED_FIELD']).toContain((reply.body as { code: string }).code);
    }
  });
});

describe('roles are the owner\'s to edit', () => {
  it('a waiter given the payment alias may settle; taking M001 away stops them opening tables', async () => {
    const settle = async () => postCommand(t.url, command('order.settleCash', { orderId: (await orderWithLine(true)).orderId, receivedCents: 100_000 }), {}, { cookie: cookies.waiter });
    expect((await settle()).body).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'payment' });
    await asOwner('role.save', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter.filter((a) => a !== 'M001'), 'payment'] });
    expect((await settle()).body).toMatchObject({ ok: true });
    const open = await postCommand(t.url, await (SAMPLES['table.open'] as Sample)(), {}, { cookie: cookies.waiter });
    expect(open.body).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'M001' });
    await asOwner('role.save', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter] });
  });

  it('nobody edits the owner role, and a manager cannot make anyone an owner or touch the owner', async () => {
    expect((await postCommand(t.url, command('role.save', { id: 'owner', name: '', aliases: [] }))).body).toMatchObject({ code: 'ROLE_LOCKED' });
    const manager = { cookie: cookies.manager };
    const promote = await postCommand(t.url, command('staff.save', { id: 'staff-manager', name: 'Persona manager', code: '51', roleId: 'owner' }), {}, manager);
    expect(promote.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const disableOwner = await postCommand(t.url, command('staff.setDisabled', { staffId: 'staff-demo-owner', disabled: true }), {}, manager);
    expect(disableOwner.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const pin = await fetch(new URL('/api/staff/staff-demo-owner/credentials', t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: cookies.manager }, body: JSON.stringify({ pin: '0000' }) });
    expect(pin.status).toBe(403);
    // The owner cannot disable the last owner either.
    expect((await postCommand(t.url, command('staff.setDisabled', { staffId: 'staff-demo-owner', disabled: true }))).body).toMatchObject({ code: 'LAST_OWNER' });
  });
});
