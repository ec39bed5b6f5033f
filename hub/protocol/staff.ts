import { z } from 'zod';
import { idSchema } from './entities.ts';

/**
 * Staff, roles and what a role may use (SPEC.md section 6). A role is a set
 * of aliases: the menu aliases of SPEC.md gate pages and table operations,
 * the action aliases gate what a restaurant guards. The client hides what a
 * role lacks; the hub refuses it (hub/domain/permissions.ts). PINs and
 * passwords are never part of this: they stay in the hub's auth store.
 */

/** SPEC.md section 2: left-window entries and table operations. */
export const MENU_ALIASES = [
  'M001', // tables
  'M002', // take-away ordering
  'M003', // bills
  'M004', // members
  'M005', // delivery orders
  'M006', // shift
  'M007', // daily bookkeeping
  'M014', // order report
  'M015', // goods management
  'M010', // queue calling
  'M0092', // batch table opening
  'M0093', // merge tables
  'M0094', // copy table
  'M0095', // split table
] as const;

/** What a restaurant guards beyond the pages: money, corrections, configuration. */
export const ACTION_ALIASES = [
  'payment', // take payment, settle a bill
  'discount',
  'gift',
  'returnDish',
  'cancelOrder', // cancel or withdraw an order
  'refund',
  'cashDrawer', // open the cash drawer
  'reprint',
  'settings', // restaurant settings, tables and areas
  'staff', // add, edit, disable staff; activity; security alerts
  'roles', // edit what each role may do
] as const;

/** Every alias a role may hold. */
export const ALIASES = [...MENU_ALIASES, ...ACTION_ALIASES] as const;
export const aliasSchema = z.enum(ALIASES);
export type Alias = z.infer<typeof aliasSchema>;

/** The role presets every restaurant starts with; `owner` always holds every alias. */
export const ROLE_PRESET_IDS = ['owner', 'manager', 'cashier', 'waiter', 'kitchen', 'rider'] as const;
export type RolePresetId = (typeof ROLE_PRESET_IDS)[number];
/** The role that always holds every alias and that nobody can edit. */
export const OWNER_ROLE = 'owner' satisfies RolePresetId;

const TABLE_OPS: readonly Alias[] = ['M010', 'M0092', 'M0093', 'M0094', 'M0095'];

/** What each preset may do when a hub is claimed; the owner edits them later (except `owner`). */
export const ROLE_PRESETS: Record<RolePresetId, readonly Alias[]> = {
  owner: ALIASES,
  manager: ALIASES.filter((a) => a !== 'roles'),
  cashier: ['M001', 'M002', 'M003', 'M004', 'M005', 'M006', 'M007', ...TABLE_OPS, 'payment', 'discount', 'gift', 'returnDish', 'cashDrawer', 'reprint'],
  waiter: ['M001', 'M002', 'M010', 'M0092', 'M0093', 'M0095'],
  kitchen: ['M001'],
  rider: ['M005'],
};

/** A role: a name (empty for a preset, which each device shows in its language) and its aliases. */
export const roleSchema = z.object({
  id: idSchema,
  name: z.string().trim().max(40),
  aliases: z.array(aliasSchema).max(ALIASES.length),
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

/** One DNS label: letters, digits and inner hyphens, at most 63 characters. */
const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * A name the owner adds so that devices may open the hub by it (a router's
 * DNS name such as `caja.lan`, or an address the hub cannot see itself, as
 * behind a port forward): a DNS name in ASCII (a device turns an accented
 * name into its `xn--` form first) or an IPv4 address, stored in lower case
 * without a trailing dot. The Host check of hub/net/host-names.ts reads them.
 */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .transform((name) => name.replace(/\.$/, ''))
  .refine((name) => IPV4.test(name) || (name.split('.').every((label) => DNS_LABEL.test(label)) && !/^[\d.]+$/.test(name)), 'a DNS name or an IPv4 address');

/** Restaurant settings kept with the staff: the RUC (validated when given), the idle lock and the host names. */
export const settingsSchema = z.object({
  ruc: z.string().trim().max(11),
  /** Minutes without a touch before a device returns to the PIN screen; 0 never locks. */
  idleLockMinutes: z.int().min(0).max(240),
  /**
   * Extra names devices may open the hub by (besides its addresses, localhost
   * and its mDNS name). Absent in a save keeps the names already set (older
   * devices do not know the field); absent in older data means none.
   */
  hostNames: z.array(hostNameSchema).max(10).optional(),
});
export type Settings = z.infer<typeof settingsSchema>;
/** A restaurant's settings before anyone changed them. */
export const DEFAULT_SETTINGS: Settings = { ruc: '', idleLockMinutes: 5, hostNames: [] };

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

/** How someone signed in (full: number or name + secret; pin: PIN alone; setup: claiming the hub). */
export const SIGN_IN_METHODS = ['full', 'pin', 'setup'] as const;
/** Why a session ended at the person's device: sign-out, or the idle lock / quick switch. */
export const SIGN_OUT_REASONS = ['signOut', 'lock'] as const;

/**
 * Payloads of the staff commands (merged into commandPayloads). The `note*`
 * and `security.raiseAlert` commands are recorded by the hub itself; a device
 * that sends one is refused (their gate in command-alias.ts is INTERNAL).
 */
export const staffCommandPayloads = {
  'role.save': roleSchema,
  'staff.save': staffProfileSchema,
  'staff.setDisabled': z.object({ staffId: idSchema, disabled: z.boolean() }),
  'settings.save': settingsSchema,
  'security.dismissAlert': z.object({ alertId: idSchema }),
  'staff.noteCredentials': z.object({ staffId: idSchema, hasPin: z.boolean(), hasPassword: z.boolean() }),
  'staff.noteSignIn': z.object({ staffId: idSchema, method: z.enum(SIGN_IN_METHODS) }),
  'staff.noteSignOut': z.object({ staffId: idSchema, reason: z.enum(SIGN_OUT_REASONS) }),
  'security.raiseAlert': z.object({
    id: idSchema,
    scope: z.enum(['device', 'staff', 'hub', 'claim']),
    staffId: idSchema.nullable(),
    deviceId: z.string().max(64).nullable(),
    failures: z.int().min(0),
    lockedSeconds: z.int().min(0),
  }),
} as const;

/** Events of staff and security (merged into DomainEvent). */
export type StaffEvent =
  | { type: 'role.saved'; role: Role }
  | { type: 'staff.saved'; staff: StaffProfile }
  | { type: 'staff.disabledSet'; staffId: string; disabled: boolean }
  | { type: 'staff.credentialsNoted'; staffId: string; hasPin: boolean; hasPassword: boolean }
  | { type: 'staff.signedIn'; staffId: string; method: (typeof SIGN_IN_METHODS)[number] }
  | { type: 'staff.signedOut'; staffId: string; reason: (typeof SIGN_OUT_REASONS)[number] }
  | { type: 'settings.saved'; settings: Settings }
  | { type: 'security.alertRaised'; alert: SecurityAlert }
  | { type: 'security.alertDismissed'; alertId: string };
