import type { CommandType } from './commands.ts';
import type { CommandGate } from './feature.ts';
import { FEATURE_ALIASES } from './registry.ts';

export { INTERNAL, type CommandGate } from './feature.ts';

/**
 * Which alias a staff member's role needs to send each command, from every
 * feature's `aliases`. Typed over every command type, so a new command does
 * not compile until someone decides who may send it. The hub checks it on
 * every command (hub/domain/permissions.ts); the client uses it to hide buttons.
 */
export const COMMAND_ALIAS: Record<CommandType, CommandGate> = FEATURE_ALIASES;
