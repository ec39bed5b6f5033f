import type { TFunction } from 'i18next';
import type { Role } from '#protocol';
import { isRolePresetId, presetName } from '../i18n/keys.ts';

/**
 * What a role is called on screen: the name the owner gave it, else the
 * preset's name in the device's language, else its id. Lives with the
 * session (the session box shows it on every page), not in a page.
 */
export function roleName(t: TFunction, role: Pick<Role, 'id' | 'name'> | undefined, id: string): string {
  if (role?.name) return role.name;
  return isRolePresetId(id) ? presetName(t, id) : id;
}
