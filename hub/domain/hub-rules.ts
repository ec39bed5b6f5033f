import type { CommandType, State } from '#protocol';
import { settleDebt } from './account/settle.ts';
import { writeOffDebt } from './account/write-off.ts';
import { correctBill } from './bills/correct.ts';
import { reprintBill } from './bills/reprint.ts';
import type { Decision } from './decision.ts';
import { withDaySummaries } from './einvoice/day-summaries.ts';
import { issueDocuments } from './einvoice/issue.ts';
import { requestExport } from './exports/request.ts';
import { saveFiscalSettings } from './einvoice/settings.ts';
import { requeueSummary } from './einvoice/requeue.ts';
import { summarize } from './einvoice/summary.ts';
import type { Handler, Handlers } from './feature.ts';
import { reprintZReport } from './shift/reprint.ts';
import { applyRefund } from './refunds/apply.ts';
import { payOutRefund } from './refunds/pay-out.ts';

/**
 * The rules only the hub runs (README.md "Hub-only rules"): what numbers,
 * documents, summaries and corrections decide. A device's optimistic view
 * never needs them (the hub's change brings a settlement's number and
 * document), so `decideRules`, which the client bundles, does
 * not reach this file and the tax rules stay out of the page's first load.
 */

/**
 * The real rule of each command only the hub decides; the shared registry's
 * entry for it refuses (`hubOnly` in decision.ts). `bill.correct` is internal
 * (the bills route hands it in); `einvoice.summarize` a device may send (the
 * documents page), but what it decides, the summary's RC number and document,
 * is the hub's: the device's view skips the refusal and shows the summary
 * when the hub's change arrives. `fiscal.saveSettings` likewise (the settings
 * page waits for the hub's answer, whose field codes it shows): with numbering
 * on the hub, no rule a device folds reads the settings.
 */
const HUB_HANDLERS: Partial<Handlers> = {
  // On-account debts (account/): settled and written off only with the hub's answer (the account page waits for it).
  'account.settle': settleDebt,
  'account.writeOff': writeOffDebt,
  // A closed bill's receipt again (bills/reprint.ts): the bill comes from the archive, never from a device.
  'bill.reprint': reprintBill,
  'shift.printReport': reprintZReport,
  // Refunds (refunds/): applied and paid out on a bill the refunds route read from the archive; the payout is its correction.
  'refund.apply': applyRefund,
  'refund.payOut': payOutRefund,
  'bill.correct': correctBill, 'einvoice.summarize': summarize, 'einvoice.requeueSummary': requeueSummary, 'fiscal.saveSettings': saveFiscalSettings, 'export.run': requestExport };

/** The hub's own rule for `type`, when it has one. */
export function hubHandler(type: CommandType): Handler<CommandType> | undefined {
  return Object.hasOwn(HUB_HANDLERS, type) ? (HUB_HANDLERS[type] as Handler<CommandType>) : undefined;
}

/**
 * What the hub adds to the shared rules' decision, at hub time `now`: the numbers and fiscal
 * documents of the bills it settles (einvoice/issue.ts), and a day's summary once 500 of its
 * boletas wait (einvoice/day-summaries.ts).
 */
export function withHubRules(state: State, decision: Decision, now: string): Decision {
  return withDaySummaries(state, issueDocuments(state, decision, now), now);
}
