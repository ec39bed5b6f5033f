import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry, State } from '#protocol';
import { memberById } from '#protocol';
import { applyAll } from '../apply.ts';
import { ctxAt, deepFreeze, exec, menuState } from '../test-fixtures.ts';
import { ledgerEntry } from './ledger-entry.ts';
import { ANA, ANA_FIELDS, BETO, BETO_FIELDS } from './test-members.ts';
import { ledgerAgrees, MEMBERS, move } from '#hub/testing/member-ledger.ts';

/**
 * The ledger's invariants (README "The ledger") over random histories: every member's balance is
 * the sum of their entries, never below 0, each entry's balance after it follows from the one
 * before, and their seqs run 0, 1, 2... without a gap. Two properties: the pure rules with spends
 * and refunds built by `ledgerEntry` (as payments' settlement and refunds' payout build them), and
 * a hub's store on disk (hub/engine/ledger.property.test.ts).
 */

describe('the members\' ledger over random moves (pure rules)', () => {
  it('balance = sum of entries, never negative, seqs gap-free; a refused move changes nothing', () => {
    const start = (): State => {
      let s = menuState();
      s = exec(s, 'member.register', { memberId: ANA, ...ANA_FIELDS }).state;
      return exec(s, 'member.register', { memberId: BETO, ...BETO_FIELDS }).state;
    };
    fc.assert(
      fc.property(fc.array(move, { minLength: 1, maxLength: 60 }), (moves) => {
        let s = start();
        const entries: LedgerEntry[][] = [[], []];
        for (const [i, m] of moves.entries()) {
          const id = MEMBERS[m.member];
          const cents = m.kind === 'spend' || (m.kind === 'adjust' && i % 2 === 0) ? -m.cents : m.cents;
          let made: LedgerEntry | null = null;
          if (m.kind === 'recharge' || m.kind === 'adjust') {
            const before = deepFreeze(s);
            const r =
              m.kind === 'recharge'
                ? tryExec(before, 'member.recharge', { memberId: id, rechargeId: randomUUID(), amountCents: cents, method: 2, print: false })
                : tryExec(before, 'member.adjust', { memberId: id, entryId: randomUUID(), cents, reason: 'prueba' });
            if (r) {
              s = r;
              made = memberById(s, id)!.recent[0]!;
            } else {
              expect(memberById(before, id)!.balanceCents + cents).toBeLessThan(0);
            }
          } else {
            const r = ledgerEntry(s, id, { kind: m.kind, cents, billId: `b-${i}`, billDay: '2025-03-14' }, ctxAt());
            if (r.ok) {
              made = r.entry;
              s = applyAll(s, [{ type: 'member.ledgerEntered', entry: r.entry }]);
            } else {
              expect(r.code).toBe('INSUFFICIENT_BALANCE');
              expect(memberById(s, id)!.balanceCents + cents).toBeLessThan(0);
            }
          }
          if (made) entries[m.member]!.push(made);
        }
        for (const [k, id] of MEMBERS.entries()) {
          const m = memberById(s, id)!;
          ledgerAgrees(m.balanceCents, m.entries, entries[k]!);
        }
      }),
      { numRuns: 60 },
    );
  });
});

/** Decides and applies a command; null when refused (the frozen state proves nothing was changed). */
function tryExec<K extends 'member.recharge' | 'member.adjust'>(s: State, type: K, payload: Parameters<typeof exec<K>>[2]): State | null {
  try {
    return exec(s, type, payload).state;
  } catch (err) {
    if (String(err).includes('INSUFFICIENT_BALANCE')) return null;
    throw err;
  }
}
