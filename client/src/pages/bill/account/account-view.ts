import type { Debt, DebtMethod, State } from '#protocol';
import { OPERATION_METHODS } from '#protocol';
import { getOwn } from '#hub/domain/records.ts';

/** One person's open debts: what they still owe in all, and each bill, oldest first. */
export type PersonDebts = { person: string; contact: string; remainingCents: number; debts: Debt[] };

/** What a debt still owes. */
export const remainingOf = (d: Pick<Debt, 'owedCents' | 'paidCents'>): number => d.owedCents - d.paidCents;

/**
 * The open debts grouped by person (the same name in any case and spacing is
 * one person), the largest total owed first; `search` keeps the people whose
 * name contains it.
 */
export function groupByPerson(debts: readonly Debt[], search = ''): PersonDebts[] {
  const wanted = search.trim().toLocaleLowerCase();
  const groups = new Map<string, PersonDebts>();
  for (const d of debts) {
    const key = d.person.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
    if (wanted !== '' && !key.includes(wanted)) continue;
    const g = groups.get(key) ?? { person: d.person, contact: d.contact, remainingCents: 0, debts: [] };
    g.remainingCents += remainingOf(d);
    g.debts.push(d);
    groups.set(key, g);
  }
  const out = [...groups.values()];
  for (const g of out) g.debts.sort((a, b) => a.openedAt.localeCompare(b.openedAt));
  return out.sort((a, b) => b.remainingCents - a.remainingCents || a.person.localeCompare(b.person));
}

/**
 * What the settle dialog shows for an amount typed: the change (cash only
 * gives it back), what would still be owed, and whether the hub would refuse
 * it as more than owed (the same rule as hub/domain/account/settle.ts).
 */
export function settlePreview(method: DebtMethod, amountCents: number, remainingCents: number): { changeCents: number; leftCents: number; overpaid: boolean } {
  const over = Math.max(0, amountCents - remainingCents);
  if (over > 0 && (method !== 'cash' || over >= amountCents)) return { changeCents: 0, leftCents: 0, overpaid: true };
  return { changeCents: over, leftCents: Math.max(0, remainingCents - amountCents), overpaid: false };
}

/** Whether the method needs the operation number the wallet or bank shows. */
export const needsOperationNo = (method: DebtMethod): boolean => OPERATION_METHODS.includes(method);

/** A staff member's name for the history (the id when they are gone; a dash for the hub itself). */
export function nameOf(state: State | null, staffId: string | null): string {
  if (staffId === null) return '—';
  return (state && getOwn(state.staff, staffId)?.name) || staffId;
}
