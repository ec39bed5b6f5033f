import { z } from 'zod';
import { defineProtocol } from '../feature.ts';
import { DOC_KINDS, type DocKind } from './payment.ts';

/**
 * The restaurant's own settings: its name (on every screen and, later, every
 * receipt), its RUC, the idle lock and the extra host names devices may open
 * the hub by. Changed by whoever holds the `settings` alias.
 */

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
  /**
   * The restaurant's address as receipts print it (issue 10). Absent in a
   * save keeps the address already set (older devices do not know the
   * field); absent in older data means none.
   */
  address: z.string().trim().max(160).optional(),
  /**
   * The hour (Lima, 0–23) the restaurant's business day ends (issue 12): a
   * sale at 01:30 belongs to the evening before when it closes at 03:00
   * (hub/domain/business-day.ts). Absent in a save keeps the hour already
   * set; absent means DEFAULT_CLOSING_HOUR, so older data needs no migration.
   */
  closingHour: z.int().min(0).max(23).optional(),
  /**
   * The document the till proposes for a new bill (issue 18 item 7). 'auto'
   * (and absent, as in older data) means the boleta once e-invoicing is set
   * up, the sale note before (defaultDocumentKind). Absent in a save keeps the
   * choice already made.
   */
  defaultDocument: z.enum(['auto', ...DOC_KINDS]).optional(),
  /**
   * Whether settling a table's bill also clears the table (issue 18 item 14),
   * in the same log record: no "to be cleared" step. Absent means off (SPEC.md's
   * status 5 "table to be cleared" stays); absent in a save keeps the choice.
   */
  clearOnSettle: z.boolean().optional(),
});
export type Settings = z.infer<typeof settingsSchema>;
/** A restaurant's settings before anyone changed them. */
export const DEFAULT_SETTINGS: Settings = { ruc: '', idleLockMinutes: 5, hostNames: [] };
/**
 * The closing hour while the owner set none (DEFAULT_SETTINGS leaves the
 * field out so data written before issue 12 reads unchanged): 04:00 Lima,
 * after the last late table.
 */
export const DEFAULT_CLOSING_HOUR = 4;

/**
 * The document the till proposes: the owner's choice, else the boleta once
 * e-invoicing is set up (`fiscalSetUp`: the hub numbers boletas), else the sale note.
 */
export function defaultDocumentKind(settings: Settings, fiscalSetUp: boolean): DocKind {
  const chosen = settings.defaultDocument;
  return chosen && chosen !== 'auto' ? chosen : fiscalSetUp ? 'boleta' : 'note';
}

/** Events of the restaurant's settings. */
export type SettingsEvent = { type: 'restaurant.renamed'; name: string } | { type: 'settings.saved'; settings: Settings };

/** The settings slice of the live state. */
export type SettingsState = {
  restaurant: { name: string };
  settings: Settings;
};

/** Restaurant name and settings. */
export const settingsProtocol = defineProtocol<SettingsEvent, SettingsState>()({
  name: 'settings',
  commands: {
    'restaurant.rename': z.object({ name: z.string().trim().min(1).max(80) }),
    'settings.save': settingsSchema,
  },
  aliases: {
    'restaurant.rename': 'settings',
    'settings.save': 'settings',
  },
  errors: { INVALID_RUC: 400 },
});
