import type Router from '@koa/router';
import type { HttpDeps } from '../app.ts';
import { activityRoutes } from './activity/activity.ts';
import { approvalRoutes } from './approval/approval.ts';
import { billRoutes } from './bills/bills.ts';
import { billListRoutes } from './bills/list.ts';
import { billReprintRoutes } from './bills/reprint.ts';
import { accountRoutes } from './accounts/accounts.ts';
import { sessionRoutes } from './auth/auth.ts';
import { credentialRoutes } from './auth/credentials.ts';
import { commandRoutes } from './commands/commands.ts';
import { einvoiceRoutes } from './einvoice/einvoice.ts';
import { mailSettingsRoutes } from './export-mail/mail-settings.ts';
import { documentRoutes } from './einvoice/documents.ts';
import { outboxRoutes } from './einvoice/outbox.ts';
import { exportRoutes } from './exports/exports.ts';
import { licenceRoutes } from './licence/licence.ts';
import { backupRoutes } from './backups/backups.ts';
import { jobRoutes } from './jobs/jobs.ts';
import { intakeChannelRoutes } from './intake/channels.ts';
import { printerRoutes } from './printers/printers.ts';
import { reportRoutes } from './reports/reports.ts';
import { reportExportRoutes } from './report-export/report-export.ts';
import { reservationRoutes } from './reservations/reservations.ts';
import { takeoutRoutes } from './takeouts/takeouts.ts';
import { refundRoutes } from './refunds/refunds.ts';
import { couponRoutes } from './coupons/coupons.ts';
import { memberRoutes } from './members/members.ts';
import { shiftPrintRoutes } from './shifts/print.ts';
import { shiftRoutes } from './shifts/shifts.ts';
import { tallyRoutes } from './tally/tally.ts';
import { goodsRoutes } from './goods/goods.ts';
import { stateRoutes } from './state/state.ts';
import { stockMoveRoutes } from './stock-moves/stock-moves.ts';
import { updateRoutes } from './update/update.ts';

/**
 * The API routes behind the session door, grouped by the feature they serve
 * (hub/README.md "How to add a feature": a feature's routes are one entry
 * here; commands need none, they all go through POST /api/commands). The
 * open doors (health, setup, sign-in) are mounted before the session in app.ts.
 */
export function sessionRouters(deps: HttpDeps): Router[] {
  return [
    // Every feature: the live state and the command door.
    stateRoutes(deps.engine),
    commandRoutes(deps.intake),
    // Staff: the session, credentials, the activity view.
    sessionRoutes(deps.auth),
    credentialRoutes(deps.auth),
    activityRoutes(deps.auth),
    // Manager approval on the same device (a gift, a void, a discount beyond the role's limit).
    approvalRoutes(deps.auth),
    // Goods: the menu files, the stock history.
    goodsRoutes(deps.engine, deps.intake),
    stockMoveRoutes(deps.engine),
    // Reservations: a day's list, past days from their day files.
    reservationRoutes(deps.engine),
    // Take-away and delivery: the live orders, and a day's ended ones from their day files.
    takeoutRoutes(deps.engine),
    // Refunds: a guest's application and its payout (the bill from the archive), open ones and a day's ended ones.
    refundRoutes(deps.engine, deps.documents),
    // Coupons (issue 22): batches issued (codes made here), listed and searched on demand [M004]; one coupon for a till.
    couponRoutes(deps.engine),
    // Members (issue 22): the directory, a member and their ledger, the day's recharges [M004]; a till's exact lookup [payment].
    memberRoutes(deps.engine),
    // Jobs (not in the live state): the job board, pages of jobs, one job whole with its document.
    jobRoutes(deps.engine),
    // Printing: a printer's history, a virtual printer's paper, the USB printers present.
    ...(deps.printers ? [printerRoutes(deps.engine, deps.printers)] : []),
    // Closed bills: read one from the archive, void or refund it (credit notes for boletas and facturas).
    billRoutes(deps.engine, deps.documents),
    // The bills page: the list of a range of business days, and a closed bill's receipt printed again.
    billListRoutes(deps.engine, deps.auth.clock),
    billReprintRoutes(deps.engine, deps.documents),
    // On-account debts: open ones, and those paid off or written off (settling is a command).
    accountRoutes(deps.engine, deps.auth.clock),
    // Shifts: a day's closed shifts with their figures (the open one is live state).
    shiftRoutes(deps.engine, deps.auth.clock),
    // A closed shift's Z report printed again.
    shiftPrintRoutes(deps.engine),
    // Daily bookkeeping: a business day's entries and summary (past days from their day files).
    tallyRoutes(deps.engine, deps.auth.clock),
    // Order report: the sales figures of a range of business days (per-day figures cached, hub/reports).
    ...(deps.reports ? [reportRoutes(deps.engine, deps.reports)] : []),
    // The order report as a workbook (XLSX), same figures, same gate.
    ...(deps.reports ? [reportExportRoutes(deps.engine, deps.reports)] : []),
    // E-invoicing: the owner's certificate and the SOL user, kept in the secret store.
    ...(deps.einvoice ? [einvoiceRoutes(deps.engine, deps.einvoice)] : []),
    // The nightly export's mail server (host, sender, recipients; the password in the secret store beside the SOL user's).
    ...(deps.einvoice ? [mailSettingsRoutes(deps.engine, { dataDir: deps.einvoice.dataDir, clock: deps.einvoice.clock })] : []),
    // E-invoicing: the documents page's list and downloads (XML, CDR, the computed document).
    ...(deps.documents ? [documentRoutes(deps.engine, deps.documents)] : []),
    // E-invoicing: how sending to SUNAT stands (the banner).
    ...(deps.outbox ? [outboxRoutes(deps.engine, deps.outbox)] : []),
    // The nightly export: past days' files, where they went, the USB stick (export and resend are commands).
    ...(deps.exports ? [exportRoutes(deps.engine, deps.exports, deps.auth.clock)] : []),
    // Backups: the list and the owner's passphrase ('back up now' is a command).
    ...(deps.backups ? [backupRoutes(deps.engine, deps.backups)] : []),
    // Take-away intake API: the owner's channels and their keys (the orders themselves come in before the session, app.ts).
    ...(deps.intakeApi ? [intakeChannelRoutes(deps.engine, deps.intakeApi.channels, deps.auth.clock, deps.log)] : []),
    // A new binary for the box: the owner's upload, checked, backed up and staged for the root updater (hub/update).
    ...(deps.updates ? [updateRoutes(deps.engine, deps.updates)] : []),
    // The box's licence (issue 23): the fee notice and the owner's code
    ...(deps.licence ? [licenceRoutes(deps.engine, deps.licence)] : []),
  ];
}
