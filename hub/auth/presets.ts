import type { Command } from '#protocol';
import { ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { hubCommand } from './hub-command.ts';

/** The six preset roles as the hub records them when a restaurant is set up (names left to each device's language). */
export function presetRoleCommands(deviceId: string, now: Date): Command[] {
  return ROLE_PRESET_IDS.map((id) => hubCommand('role.save', { id, name: '', aliases: [...ROLE_PRESETS[id]] }, deviceId, now));
}
