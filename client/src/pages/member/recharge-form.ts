import type { RechargeMethod } from '#protocol';

export type RechargeDraft = { amount: string; method: RechargeMethod; operationNo: string; bank: string; cardNo: string; certificate: string; accountName: string; arrivedAt: string; print: boolean };

/** Soles a cashier taps instead of typing. */
export const QUICK_AMOUNTS = [20, 50, 100, 200] as const;

/** Keys of members.recharge.* / members.form.*: SPEC.md's "bank must be entered first" order (bank, then card). */
export type RechargeError = 'required' | 'bankFirst' | 'cardFirst';

/** What stops the recharge, or null: the amount, Yape/Plin's operation number, a transfer's bank then card number. */
export function rechargeError(d: RechargeDraft): { field: keyof RechargeDraft; error: RechargeError } | null {
  const cents = amountCents(d.amount);
  if (cents === null || cents <= 0) return { field: 'amount', error: 'required' };
  if (d.method === 3 && d.operationNo.trim() === '') return { field: 'operationNo', error: 'required' };
  if (d.method === 4 && d.bank.trim() === '') return { field: 'bank', error: 'bankFirst' };
  if (d.method === 4 && d.cardNo.trim() === '') return { field: 'cardNo', error: 'cardFirst' };
  return null;
}

/** "50" / "12.5" / "12,50" soles → cents, or null. */
export function amountCents(text: string): number | null {
  const m = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null;
}
