import { describe, expect, it } from 'vitest';
import { ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import { cmd, START, submitOk, useEngines } from '#hub/engine/test-fixtures.ts';
import { addMissingPresetRoles } from './presets.ts';

/**
 * A preset the product gained after a hub was claimed (`counter`, issue 21) is recorded at that
 * hub's next start, as a logged command: on a real engine, closed and opened again as a restart.
 */
const dirs = useTempDirs('pos-presets-');
const engines = useEngines();
const now = new Date(START);
/** The six presets a hub claimed before issue 21 was given. */
const OLD_PRESETS = ROLE_PRESET_IDS.filter((id) => id !== 'counter');

async function claimedBefore(dir: string, counterRole?: string[]): Promise<void> {
  const e = await engines.open({ dir, clock: () => now });
  for (const id of OLD_PRESETS) await submitOk(e, cmd('role.save', { id, name: '', aliases: [...ROLE_PRESETS[id]] }, START));
  // The owner had edited the cashier's role: that edit must survive.
  await submitOk(e, cmd('role.save', { id: 'cashier', name: 'Caja', aliases: ['M001', 'payment'] }, START));
  if (counterRole) await submitOk(e, cmd('role.save', { id: 'counter', name: 'Barra', aliases: counterRole as never }, START));
  await submitOk(e, cmd('staff.save', { id: 'owner-1', name: 'Dueña', code: '1', roleId: 'owner' }, START));
  await e.close();
  engines.release(e);
}

describe('presets a claimed hub lacks', () => {
  it('are recorded once at the next start, leaving the owner\'s roles as they were; a restart after records nothing', async () => {
    const dir = await dirs.make();
    await claimedBefore(dir);
    const e = await engines.open({ dir, clock: () => now });
    const seq = e.seq;
    expect(await addMissingPresetRoles(e, now)).toBe(1);
    expect(e.seq).toBe(seq + 1);
    expect(e.state.roles.counter).toEqual({ id: 'counter', name: '', aliases: ['M002', 'payment'] });
    expect(e.state.roles.cashier).toMatchObject({ name: 'Caja', aliases: ['M001', 'payment'] });
    // The role is in the log: devices resuming by seq hear of it.
    expect(e.changesSince(seq)?.flatMap((c) => c.events.map((ev) => ev.type))).toEqual(['role.saved']);
    await e.close();
    engines.release(e);
    const again = await engines.open({ dir, clock: () => now });
    expect(again.state.roles.counter?.aliases).toEqual(['M002', 'payment']);
    expect(await addMissingPresetRoles(again, now)).toBe(0);
  });

  it('never overwrite a role of that id the owner made', async () => {
    const dir = await dirs.make();
    await claimedBefore(dir, ['M002']);
    const e = await engines.open({ dir, clock: () => now });
    expect(await addMissingPresetRoles(e, now)).toBe(0);
    expect(e.state.roles.counter).toEqual({ id: 'counter', name: 'Barra', aliases: ['M002'] });
  });

  it('are none on an unclaimed hub: claiming records every preset', async () => {
    const e = await engines.open({ dir: await dirs.make(), clock: () => now });
    expect(await addMissingPresetRoles(e, now)).toBe(0);
    expect(e.state.roles).toEqual({});
  });
});
