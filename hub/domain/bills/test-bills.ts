import type { Bill, CorrectionRequest, FiscalSettings, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import type { Decision } from '../decision.ts';
import { SAMPLE_FISCAL } from '../einvoice/samples.ts';
import { emptyState } from '../registry.ts';
import { command, ctxAt } from '../test-fixtures.ts';

/** Three days after the test bills' sale (2026-03-02 in Lima): 10:00 in Lima. */
export const CORRECTED_AT = '2026-03-05T15:00:00.000Z';

/** A state with the fiscal settings saved (or none: a restaurant without e-invoicing). */
export function fiscalState(settings: FiscalSettings | null = SAMPLE_FISCAL): State {
  return settings ? applyAll(emptyState(), [{ type: 'fiscal.settingsSaved', settings }]) : emptyState();
}

/** A void of the whole bill (the lines are ignored). */
export const VOID: CorrectionRequest = { kind: 'void', lines: [], reason: 'Cliente se retiró', method: 'cash' };

/** A refund of these portions. */
export function refund(lines: { lineId: string; qty: number }[], method: CorrectionRequest['method'] = 'cash'): CorrectionRequest {
  return { kind: 'refund', lines, reason: 'Plato devuelto', method };
}

/** `bill.correct` decided by the hub's rules (with the jobs it causes), as the owner's route hands it in. */
export function correct(s: State, bill: Bill, request: CorrectionRequest, now = CORRECTED_AT, id?: string): Decision {
  return decide(s, command('bill.correct', { bill, request }, id), ctxAt(now, 'owner-1'));
}
