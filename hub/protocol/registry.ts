import { combineParts } from './feature.ts';
import { dineInProtocol } from './features/dine-in.ts';
import { goodsProtocol } from './features/goods.ts';
import { jobsProtocol } from './features/jobs.ts';
import { queueProtocol } from './features/queue.ts';
import { kitchenProtocol } from './features/kitchen.ts';
import { paymentProtocol } from './features/payment.ts';
import { printingProtocol } from './features/printing.ts';
import { pendingProtocol } from './features/pending.ts';
import { kitchenDisplayProtocol } from './features/kitchen-display.ts';
import { reservationsProtocol } from './features/reservations.ts';
import { settingsProtocol } from './features/settings.ts';
import { staffProtocol } from './features/staff.ts';
import { tableOpsProtocol } from './features/table-ops.ts';
import { einvoiceProtocol } from './features/einvoice.ts';
import { billsProtocol } from './features/bills.ts';
import { shiftProtocol } from './features/shift.ts';
import { tallyProtocol } from './features/tally.ts';
import { accountProtocol } from './features/account.ts';
import { ridersProtocol } from './features/riders.ts';
import { takeoutProtocol } from './features/takeout.ts';
import { refundsProtocol } from './features/refunds.ts';
import { membersProtocol } from './features/members.ts';
import { couponsProtocol } from './features/coupons.ts';

/**
 * Every feature's part of the protocol, composed (after Actual Budget's
 * `combine`). A new feature is one file under features/ and one line here;
 * its commands, gates, error codes, events and state slice then reach every
 * name the rest of the code imports (commandPayloads, COMMAND_ALIAS,
 * ERROR_CODES, DomainEvent, State). The order is the order of the command
 * types and of the state's keys (a fresh snapshot writes them so).
 */
export const PROTOCOL_FEATURES = [settingsProtocol, goodsProtocol, dineInProtocol, staffProtocol, jobsProtocol, reservationsProtocol, paymentProtocol, tableOpsProtocol, queueProtocol, kitchenProtocol, pendingProtocol, printingProtocol, kitchenDisplayProtocol, einvoiceProtocol, billsProtocol, shiftProtocol, tallyProtocol, accountProtocol, ridersProtocol, takeoutProtocol, refundsProtocol, membersProtocol, couponsProtocol] as const;

/** What each feature declares as types only (its events, its state slice). */
type Declared = NonNullable<(typeof PROTOCOL_FEATURES)[number]['types']>;
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * Payload schema of every command a device may send. The keys are the command
 * types; handlers on the hub and the client's senders are typed from this map,
 * so a type name can never be spelled two ways.
 */
export const commandPayloads = combineParts('commands', PROTOCOL_FEATURES.map((f) => f.commands));

/** Which gate each command has, from every feature (typed in command-alias.ts over every command). */
export const FEATURE_ALIASES = combineParts('aliases', PROTOCOL_FEATURES.map((f) => f.aliases));

/** The error codes only some feature answers with, and their HTTP status. */
export const FEATURE_ERRORS = combineParts('errors', PROTOCOL_FEATURES.map((f) => f.errors));
export type FeatureErrorCode = keyof typeof FEATURE_ERRORS;

/**
 * Domain events: what the hub writes to its log and broadcasts. Every device
 * folds them into its replica with the same pure `apply` (hub/domain/apply.ts).
 */
export type DomainEvent = Declared['event'];

/** The live state that both the hub and every device hold: every feature's slice. */
export type State = Intersection<Declared['state']>;
