import type { Command } from '#protocol';
import { ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { isClaimed } from '#domain';
import type { Engine } from '#hub/engine/engine.ts';
import { hubCommand } from './hub-command.ts';

/** The preset roles as the hub records them when a restaurant is set up (names left to each device's language). */
export function presetRoleCommands(deviceId: string, now: Date): Command[] {
  return ROLE_PRESET_IDS.map((id) => hubCommand('role.save', { id, name: '', aliases: [...ROLE_PRESETS[id]] }, deviceId, now));
}

/**
 * The presets a claimed hub lacks: those added to the product after it was claimed (`counter`,
 * issue 21). A role the owner already has under that id is theirs and is left as it is; an
 * unclaimed hub gets every preset when it is claimed.
 */
export function missingPresetRoleCommands(state: Parameters<typeof isClaimed>[0], deviceId: string, now: Date): Command[] {
  if (!isClaimed(state)) return [];
  return ROLE_PRESET_IDS.filter((id) => !Object.hasOwn(state.roles, id)).map((id) => hubCommand('role.save', { id, name: '', aliases: [...ROLE_PRESETS[id]] }, deviceId, now));
}

/**
 * Records the missing presets at start, through the ordinary command path (logged, replayed,
 * sent to every device), rather than as a store migration: a migration changes the state
 * without a record, so a device that resumes by seq would never hear of the new role. Once
 * recorded, the next start finds them and records nothing. Answers how many it recorded.
 */
export async function addMissingPresetRoles(engine: Engine, now: Date): Promise<number> {
  const commands = missingPresetRoleCommands(engine.state, 'hub', now);
  for (const c of commands) {
    const reply = await engine.submit(c, { staffId: null, deviceId: 'hub' });
    if (!reply.ok) throw new Error(`preset role ${c.type} refused: ${reply.code}`);
  }
  return commands.length;
}
