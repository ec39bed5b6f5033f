import { z } from 'zod';

/**
 * What a role may use (SPEC.md section 6): the menu aliases of SPEC.md gate
 * pages and table operations, the action aliases gate what a restaurant
 * guards. Every feature's commands name one of these as their gate
 * (`aliases` in each feature's protocol part); a role is a set of them.
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
  'fiscalSecrets', // the signing certificate, the SOL user and password, where documents go (OSE), the mail server: owner only by default
] as const;

/** Every alias a role may hold. */
export const ALIASES = [...MENU_ALIASES, ...ACTION_ALIASES] as const;
export const aliasSchema = z.enum(ALIASES);
export type Alias = z.infer<typeof aliasSchema>;
