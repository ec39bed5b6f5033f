import type { TFunction } from 'i18next';
import { ERROR_CODES, ROLE_PRESET_IDS, type ErrorCode, type RolePresetId } from '#protocol';

/*
 * Keys built at run time (`errors.${code}`) are checked here, once, instead of
 * with casts at each call: the argument's type names only keys that exist, so a
 * code without a text (or a text renamed away) fails `tsc` in this file.
 */

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);
const PRESET_SET: ReadonlySet<string> = new Set(ROLE_PRESET_IDS);

/** Whether a string read from the wire is one of the protocol's error codes. */
export function isErrorCode(code: string): code is ErrorCode {
  return ERROR_CODE_SET.has(code);
}

/** Whether a role id is one of the built-in presets (which are named in each language). */
export function isRolePresetId(id: string): id is RolePresetId {
  return PRESET_SET.has(id);
}

/** The sentence for an error code, in the device's language. Every `ErrorCode` has one (es.ts `errors`). */
export function errorText(t: TFunction, code: ErrorCode): string {
  return t(`errors.${code}`);
}

/**
 * The sentence for a code taken from a response body that no schema checked:
 * a code this client does not know (a newer hub) reads as an internal error
 * rather than as a raw key.
 */
export function bodyErrorText(t: TFunction, code: string): string {
  return errorText(t, isErrorCode(code) ? code : 'INTERNAL');
}

/** A built-in role's name in the device's language. */
export function presetName(t: TFunction, id: RolePresetId): string {
  return t(`staffAdmin.presets.${id}`);
}
