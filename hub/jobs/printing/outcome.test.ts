import { describe, expect, it } from 'vitest';
import type { PrinterProblem } from '#protocol';
import { PRINTER_PROBLEMS } from '#protocol';
import { jobOutcomeOf, RETRY_ON } from './outcome.ts';

/** What each printer problem means for the job: retried (waits for the printer or a person) or given to a person. */
const TABLE: [PrinterProblem, boolean][] = [
  ['UNREACHABLE', true],
  ['DEVICE_MISSING', true],
  ['PAPER_OUT', true],
  ['COVER_OPEN', true],
  ['PRINTER_ERROR', true],
  ['PARTIAL_WRITE', false],
  ['NO_PRINTER', false],
];

describe('print outcome -> job outcome', () => {
  it('covers every printer problem', () => {
    expect(TABLE.map(([p]) => p).sort()).toEqual([...PRINTER_PROBLEMS].sort());
    expect(Object.keys(RETRY_ON).sort()).toEqual([...PRINTER_PROBLEMS].sort());
  });

  it.each(TABLE)('%s with nothing written: retried %s', (reason, canRetry) => {
    // The driver's own canRetry is not trusted over the table either way.
    for (const driverSays of [true, false]) expect(jobOutcomeOf({ ok: false, canRetry: driverSays, reason, written: 0 })).toEqual({ ok: false, canRetry, reason });
  });

  it.each(TABLE)('%s after bytes reached the printer: PARTIAL_WRITE, never retried by itself', (reason) => {
    expect(jobOutcomeOf({ ok: false, canRetry: true, reason, written: 12 })).toEqual({ ok: false, canRetry: false, reason: 'PARTIAL_WRITE' });
  });

  it('ok is ok', () => {
    expect(jobOutcomeOf({ ok: true })).toEqual({ ok: true });
  });
});
