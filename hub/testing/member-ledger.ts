import fc from 'fast-check';
import { expect } from 'vitest';
import type { LedgerEntry } from '#protocol';
import { ANA, BETO } from '#hub/domain/members/test-members.ts';

/** The ledger property tests' moves and invariant (hub/domain/members/ledger.property.test.ts, hub/engine/ledger.property.test.ts). */
export type Move = { member: 0 | 1; kind: 'recharge' | 'spend' | 'refund' | 'adjust'; cents: number };
export const MEMBERS = [ANA, BETO] as const;

export const move: fc.Arbitrary<Move> = fc.record({
  member: fc.constantFrom(0 as const, 1 as const),
  kind: fc.constantFrom('recharge' as const, 'spend' as const, 'refund' as const, 'adjust' as const),
  cents: fc.integer({ min: 1, max: 30_000 }),
});

/** Every invariant of one member's entries against their record. */
export function ledgerAgrees(balance: number, count: number, entries: readonly LedgerEntry[]): void {
  expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: count }, (_, i) => i));
  let running = 0;
  for (const e of entries) {
    running += e.cents;
    expect(e.balanceAfterCents).toBe(running);
    expect(running).toBeGreaterThanOrEqual(0);
  }
  expect(balance).toBe(running);
}

