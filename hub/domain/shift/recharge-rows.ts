import type { LedgerEntry, RechargeDetailRow } from '#protocol';
import { rechargePayMethod } from './totals.ts';

/**
 * The shift report's "member recharge details" (SPEC.md section 3, issue 22): one row per
 * recharge order the shift took, read from the ledger as recorded (the day files and the tail
 * in memory, hub/http/routes/shifts/report.ts), never from today's member records or settings.
 * A recharge belongs to the shift its order names (`recharge.shiftId`), as the running totals
 * count it (totals.ts), so a list and the total beside it always agree.
 */
export type RechargeRowNames = {
  /** What a bill shows of a member ("Ana P.", `memberShortName`); '' once erased or unknown. */
  memberName(memberId: string): string;
  /** The staff member's name; '' for the hub or someone deleted. */
  staffName(staffId: string | null): string;
};

/** The shift's recharges, oldest first (the order the money came in); each entry once even if read twice. */
export function rechargeRowsOf(entries: readonly LedgerEntry[], shiftId: string, names: RechargeRowNames): RechargeDetailRow[] {
  const seen = new Set<string>();
  const rows: RechargeDetailRow[] = [];
  for (const e of entries) {
    const r = e.recharge;
    if (e.kind !== 'recharge' || !r || r.shiftId !== shiftId || seen.has(e.id)) continue;
    seen.add(e.id);
    rows.push({
      entryId: e.id,
      orderNo: r.no,
      at: e.at,
      memberNo: e.memberNo,
      memberName: names.memberName(e.memberId),
      method: r.method,
      payMethod: rechargePayMethod(r.method),
      amountCents: r.amountCents,
      bonusCents: r.bonusCents,
      // The proof the money came: a scan's operation number, a remittance's transfer certificate.
      reference: r.method === 3 ? r.operationNo : r.method === 4 ? r.certificate : '',
      bank: r.method === 4 ? r.bank : '',
      cashier: names.staffName(e.by),
    });
  }
  return rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.orderNo - b.orderNo));
}
