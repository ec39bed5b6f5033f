import type { JobSpec, LedgerEntry, State } from '#protocol';
import { memberById, memberShortName } from '#protocol';
import type { Reactors } from '../jobs/reactions.ts';
import { rechargeSlipDocument } from './documents/recharge-slip.ts';
import { markedReprint } from './documents/reprint.ts';
import { staffName } from './kitchen-jobs.ts';
import { drawerPrinter, receiptTargets } from './routing.ts';

/** The recharge slip on every receipt printer (never a screen), marked REPRINT when asked again. */
function slipJobs(s: State, entry: LedgerEntry, reprint: boolean): JobSpec[] {
  const m = memberById(s, entry.memberId);
  const input = { businessName: s.restaurant.name, memberName: m ? memberShortName(m) : '', entry, by: staffName(s, entry.by) };
  return receiptTargets(s).map((p) => {
    const document = rechargeSlipDocument(input, p.language);
    return { kind: 'print', payload: { printerId: p.id, purpose: 'receipt', document: reprint ? markedReprint(document, p.language) : document } };
  });
}

/**
 * A recharge (issue 22): its slip when the till asked for it, and the drawer opens for cash (the
 * money goes in the drawer, as a cash deposit's). Other balance moves (a spend in a settlement, a
 * refund, an adjustment) print nothing here: the bill's receipt or the refund's papers say them.
 */
export const RECHARGE_PRINT_REACTORS: Reactors = {
  'member.ledgerEntered': (e, s) => {
    const r = e.entry.recharge;
    if (e.entry.kind !== 'recharge' || !r) return [];
    const jobs = e.print ? slipJobs(s, e.entry, false) : [];
    const drawer = drawerPrinter(s);
    if (drawer && r.method === 2) jobs.push({ kind: 'drawer.kick', payload: { printerId: drawer.id, reason: `recharge ${r.no}` } });
    return jobs;
  },
  'member.rechargeReprinted': (e, s) => {
    const entry = memberById(s, e.memberId)?.recent.find((x) => x.id === e.entryId);
    return entry ? slipJobs(s, entry, true) : [];
  },
};
