import { z } from 'zod';
import type { Alias } from './aliases.ts';

/**
 * The sign-in, setup and credentials API (HTTP, JSON). Secrets travel only
 * in these requests, never in a command or an event. A refusal is the usual
 * `{ok:false, code, message}`; for TOO_MANY_ATTEMPTS `message` holds the
 * seconds to wait (also sent as Retry-After).
 */

/** A device's own id (the one its commands carry), asked at sign-in to name the enrolled device. */
const deviceIdSchema = z.string().trim().min(1).max(64);
/** A PIN is 4 to 6 digits; a password at least PASSWORD_MIN characters. */
export const PIN_PATTERN = /^\d{4,6}$/;
export const PASSWORD_MIN = 6;

/** POST /api/auth/signin: staff number or name, and PIN or password. Enrolls the device. */
export const signInSchema = z.object({
  identifier: z.string().trim().min(1).max(60),
  secret: z.string().min(1).max(128),
  deviceId: deviceIdSchema,
});
export type SignInRequest = z.infer<typeof signInSchema>;

/** POST /api/auth/pin: a PIN alone (optionally for the person tapped), on an enrolled device only. */
export const pinSignInSchema = z.object({ pin: z.string().min(1).max(12), staffId: z.string().max(64).optional() });
export type PinSignInRequest = z.infer<typeof pinSignInSchema>;

/** PUT /api/staff/:staffId/credentials: a new PIN, a new password, or clearing the password. */
export const credentialsSchema = z.object({
  pin: z.string().max(12).optional(),
  password: z.string().max(128).optional(),
  clearPassword: z.boolean().optional(),
});
export type CredentialsRequest = z.infer<typeof credentialsSchema>;

/** POST /api/setup: what claiming a new hub asks for. */
export const setupSchema = z.object({
  claimCode: z.string().trim().max(32),
  restaurantName: z.string().trim().max(80),
  ruc: z.string().trim().max(11),
  ownerName: z.string().trim().max(60),
  ownerCode: z.string().trim().max(6),
  pin: z.string().max(12),
  deviceId: deviceIdSchema,
});
export type SetupRequest = z.infer<typeof setupSchema>;

/** POST /api/setup/restore (unclaimed hub): restore the backup uploaded as `upload`, opened with the passphrase (hub/backup/handover.ts). */
export const restoreRequestSchema = z.object({
  claimCode: z.string().trim().max(32),
  upload: z.string().regex(/^[0-9a-f]{16}$/),
  passphrase: z.string().max(200),
});
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;

/** POST /api/setup/restore/upload: the file is kept under this id; its plain header says what it is. */
export type RestoreUploadReply = { ok: true; upload: string; size: number; backup: { createdAt: string; reason: string; hubVersion: string; seq: number } };

/** GET /api/setup/restore (unclaimed hub): how far the check under way got, 0 to 1 (null: none runs); staged: the hub is about to open on it. */
export type RestoreStatus = { ok: true; checked: number | null; staged: boolean };

/** POST /api/setup/restore: checked and staged; the hub restarts on it now (the page waits for GET /api/setup to say claimed). */
export type RestoreReply = { ok: true; restarting: true; storeId: string; seq: number; createdAt: string };

/** Someone who signed in on this device before: the PIN screen offers them. */
export type KnownStaff = { id: string; name: string; code: string };

/** GET /api/auth/me and every successful sign-in. */
export type SessionInfo = {
  ok: true;
  staff: { id: string; name: string; code: string; roleId: string };
  aliases: Alias[];
  deviceId: string;
  knownStaff: KnownStaff[];
};

/** GET /api/auth/device: is this browser an enrolled device, and who signed in on it. */
export type DeviceInfo = { ok: true; enrolled: boolean; knownStaff: KnownStaff[]; restaurantName: string };

/** GET /api/setup: whether the hub still waits to be claimed. */
export type SetupStatus = { ok: true; claimed: boolean };

/** POST /api/setup/printer-search (unclaimed hub): how many network printers answered, and whether the setup slip printed. */
export type SetupPrinterSearch = { ok: true; found: number; printed: boolean };
