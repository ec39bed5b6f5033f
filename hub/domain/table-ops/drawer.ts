import type { CommandPayload, State } from '#protocol';
import { accept, type DecideContext, type Decision } from '../decision.ts';

/**
 * Opening the cash drawer is recorded with who and from which device (the
 * activity view lists it); the printer that kicks the drawer open arrives
 * with printing, which will react to this event.
 */
export function openDrawer(_s: State, p: CommandPayload<'drawer.open'>, ctx: DecideContext): Decision {
  return accept([{ type: 'drawer.opened', at: ctx.now, by: ctx.actor.staffId, deviceId: ctx.actor.deviceId, reason: p.reason ?? '' }]);
}
