import { describe, expect, it } from 'vitest';
import { run as intakeLatency } from './intake-latency.ts';

/** The intake bench at a tiny size, so its code does not rot (no timing asserted: figures are the bench's job). */
describe('intake bench', () => {
  it('every web order posted is accepted and reaches the printer once', async () => {
    const r = await intakeLatency({ clients: 4, ordersPerSec: 6, durationMs: 2_000, warmupMs: 200 });
    expect(r.figures.count).toBeGreaterThan(0);
    expect(r.figures.refused).toBe(0);
    expect(r.figures.printed).toBe(r.figures.posted);
    expect(r.figures.duplicates).toBe(0);
  }, 60_000);
});
