import { z } from 'zod';
import { ALIASES, aliasSchema, type Alias } from '../aliases.ts';
import { defineProtocol, INTERNAL } from '../feature.ts';
import { idSchema } from '../ids.ts';

/**
 * Staff, roles and what a role may use (SPEC.md section 6). A role is a set
 * of aliases: the menu aliases of SPEC.md gate pages and table operations,
 * the action aliases gate what a restaurant guards. The client hides what a
 * role lacks; the hub refuses it (hub/domain/permissions.ts). PINs and
 * passwords are never part of this: they stay in the hub's auth store.
 */

/**
 * The role presets every restaurant starts with; `owner` always holds every alias. A preset added
 * later (`counter`, issue 21) is recorded on hubs claimed before it at their next start
 * (hub/auth/presets.ts `addMissingPresetRoles`), never over a role of that id the owner has.
 */
export const ROLE_PRESET_IDS = ['owner', 'manager', 'cashier', 'waiter', 'kitchen', 'rider', 'counter'] as const;
export type RolePresetId = (typeof ROLE_PRESET_IDS)[number];
/** The role that always holds every alias and that nobody can edit. */
export const OWNER_ROLE = 'owner' satisfies RolePresetId;

const TABLE_OPS: readonly Alias[] = ['M010', 'M0092', 'M0093', 'M0094', 'M0095'];

/** What each preset may do when a hub is claimed; the owner edits them later (except `owner`). */
export const ROLE_PRESETS: Record<RolePresetId, readonly Alias[]> = {
  owner: ALIASES,
  // The certificate, the SOL password and the mail server are the owner's own (issue 19 item 10): an owner may grant them.
  manager: ALIASES.filter((a) => a !== 'roles' && a !== 'fiscalSecrets'),
  cashier: ['M001', 'M002', 'M003', 'M004', 'M005', 'M006', 'M007', ...TABLE_OPS, 'payment', 'discount', 'gift', 'returnDish', 'cashDrawer', 'reprint'],
  waiter: ['M001', 'M002', 'M010', 'M0092', 'M0093', 'M0095'],
  kitchen: ['M001'],
  // A rider's phone: the delivery orders assigned to them (/pages/take_out/rider), picked up, delivered.
  rider: ['M005'],
  // The take-away counter (issue 21): ordering at the counter and taking the guest's payment, nothing of the tables.
  counter: ['M002', 'payment'],
};

/** A role: a name (empty for a preset, which each device shows in its language) and its aliases. */
export const roleSchema = z.object({
  id: idSchema,
  name: z.string().trim().max(40),
  aliases: z.array(aliasSchema).max(ALIASES.length),
  /** Limits beyond which a manager's approval is needed; absent: the preset's (hub/domain/approval.ts). */
  limits: z.object({ discountPercent: z.int().min(0).max(99) }).optional(),
});
export type Role = z.infer<typeof roleSchema>;

/** SPEC.md waiter entity: a name and a code (the staff number typed at sign-in). */
export const staffProfileSchema = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(60),
  code: z.string().trim().regex(/^\d{1,6}$/),
  roleId: idSchema,
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/** A staff member as every device sees them: no secret, only whether one is set. */
export type Staff = StaffProfile & { disabled: boolean; hasPin: boolean; hasPassword: boolean };

/** Why the hub raised an alert: wrong PINs or passwords beyond the free tries. */
export type SecurityAlert = {
  id: string;
  at: string;
  /** Which counter tripped: one device, one staff member, the whole hub, or the claim code. */
  scope: 'device' | 'staff' | 'hub' | 'claim';
  staffId: string | null;
  deviceId: string | null;
  failures: number;
  lockedSeconds: number;
  dismissed: boolean;
};

/**
 * The restaurant's secret settings (issue 19 items 10 and 15): the signing
 * certificate, the SOL user and where documents go, the export's mail
 * server; the intake API's channel keys (issue 21, `intakeKey`: made or
 * revoked, the channel id as the field). A change is recorded by the hub
 * (`security.noteSecretChange`) so the activity says who changed which and
 * what; never the secret itself.
 */
export const SECRET_SETTINGS = ['certificate', 'sol', 'mail', 'intakeKey'] as const;

/** How someone signed in (full: number or name + secret; pin: PIN alone; setup: claiming the hub). */
export const SIGN_IN_METHODS = ['full', 'pin', 'setup'] as const;
/** Why a session ended at the person's device: sign-out, or the idle lock / quick switch. */
export const SIGN_OUT_REASONS = ['signOut', 'lock'] as const;

/**
 * Payloads of the staff commands. The `note*` and `security.raiseAlert`
 * commands are recorded by the hub itself; a device that sends one is
 * refused (their gate below is INTERNAL).
 */
const staffCommandPayloads = {
  'role.save': roleSchema,
  'staff.save': staffProfileSchema,
  'staff.setDisabled': z.object({ staffId: idSchema, disabled: z.boolean() }),
  'security.dismissAlert': z.object({ alertId: idSchema }),
  'staff.noteCredentials': z.object({ staffId: idSchema, hasPin: z.boolean(), hasPassword: z.boolean() }),
  'staff.noteSignIn': z.object({ staffId: idSchema, method: z.enum(SIGN_IN_METHODS) }),
  'staff.noteSignOut': z.object({ staffId: idSchema, reason: z.enum(SIGN_OUT_REASONS) }),
  'security.noteSecretChange': z.object({
    what: z.enum(SECRET_SETTINGS),
    change: z.enum(['saved', 'removed']),
    /** The fields that changed, comma-separated (`endpoint,user,password`): names only, never values. */
    fields: z.string().max(200),
  }),
  'security.raiseAlert': z.object({
    id: idSchema,
    scope: z.enum(['device', 'staff', 'hub', 'claim']),
    staffId: idSchema.nullable(),
    deviceId: z.string().max(64).nullable(),
    failures: z.int().min(0),
    lockedSeconds: z.int().min(0),
  }),
} as const;

/** Events of staff and security. */
export type StaffEvent =
  | { type: 'role.saved'; role: Role }
  | { type: 'staff.saved'; staff: StaffProfile }
  | { type: 'staff.disabledSet'; staffId: string; disabled: boolean }
  | { type: 'staff.credentialsNoted'; staffId: string; hasPin: boolean; hasPassword: boolean }
  | { type: 'staff.signedIn'; staffId: string; method: (typeof SIGN_IN_METHODS)[number] }
  | { type: 'staff.signedOut'; staffId: string; reason: (typeof SIGN_OUT_REASONS)[number] }
  | { type: 'security.alertRaised'; alert: SecurityAlert }
  | { type: 'security.alertDismissed'; alertId: string }
  /** A secret setting changed (the activity shows it); the state does not hold secrets, so nothing else changes. */
  | { type: 'security.secretChanged'; what: (typeof SECRET_SETTINGS)[number]; change: 'saved' | 'removed'; fields: string };

/** The staff slice of the live state. */
export type StaffState = {
  /** Staff profiles (no secrets: PINs and passwords stay in the hub's auth store). */
  staff: Record<string, Staff>;
  roles: Record<string, Role>;
  /** Security alerts for owner and manager (wrong PINs beyond the free tries), bounded. */
  alerts: Record<string, SecurityAlert>;
};

/** Staff, roles and security alerts: the staff page (SPEC.md section 6). */
export const staffProtocol = defineProtocol<StaffEvent, StaffState>()({
  name: 'staff',
  commands: staffCommandPayloads,
  aliases: {
    'role.save': 'roles',
    'staff.save': 'staff',
    'staff.setDisabled': 'staff',
    'security.dismissAlert': 'staff',
    'staff.noteCredentials': INTERNAL,
    'staff.noteSignIn': INTERNAL,
    'staff.noteSignOut': INTERNAL,
    'security.raiseAlert': INTERNAL,
    'security.noteSecretChange': INTERNAL,
  },
  errors: { LAST_OWNER: 409, ROLE_LOCKED: 409 },
});
