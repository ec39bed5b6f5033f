import type { CommandPayload, State } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';
import { isRefusal, parkedLines } from './lines.ts';

/** Adding to, taking from and dropping a parked order (/pending_add, /pending). */
export const editParkedHandlers = {
  'pending.addLines': (s: State, p: CommandPayload<'pending.addLines'>): Decision => {
    const parked = getOwn(s.parked, p.parkedId);
    if (!parked) return refuse('PARKED_NOT_FOUND', 'parkedId');
    if (parked.lines.length + p.lines.length > 100) return refuse('ORDER_TOO_LARGE');
    const lines = parkedLines(s, p.lines, new Set(parked.lines.map((l) => l.lineId)));
    if (isRefusal(lines)) return lines;
    return accept([{ type: 'pending.linesAdded', parkedId: parked.id, lines }]);
  },

  'pending.removeLine': (s: State, p: CommandPayload<'pending.removeLine'>): Decision => {
    const parked = getOwn(s.parked, p.parkedId);
    if (!parked) return refuse('PARKED_NOT_FOUND', 'parkedId');
    if (!parked.lines.some((l) => l.lineId === p.lineId)) return refuse('NOT_FOUND', 'lineId');
    return accept([{ type: 'pending.lineRemoved', parkedId: parked.id, lineId: p.lineId }]);
  },

  /** Drops a parked order: nothing was cooked or charged, so nothing is archived. */
  'pending.discard': (s: State, p: CommandPayload<'pending.discard'>): Decision => {
    if (!getOwn(s.parked, p.parkedId)) return refuse('PARKED_NOT_FOUND', 'parkedId');
    return accept([{ type: 'pending.discarded', parkedId: p.parkedId }]);
  },
};
