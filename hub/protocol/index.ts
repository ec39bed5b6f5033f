/**
 * The one contract between devices and the hub. Both sides import from here;
 * nothing in this folder does I/O. Each feature's part is in features/,
 * composed in registry.ts.
 */
export * from './version.ts';
export * from './errors.ts';
export * from './ids.ts';
export * from './entities.ts';
export * from './aliases.ts';
export * from './features/settings.ts';
export * from './features/goods.ts';
export * from './goods-io.ts';
export * from './features/dine-in.ts';
export * from './features/staff.ts';
export * from './command-alias.ts';
export * from './ruc.ts';
export * from './buyer-id.ts';
export * from './auth.ts';
export * from './approval.ts';
export * from './activity.ts';
export * from './stock-history.ts';
export * from './features/jobs.ts';
export * from './print-document.ts';
export * from './printers.ts';
export * from './fiscal-document.ts';
export * from './einvoice-http.ts';
export * from './features/table-ops.ts';
export * from './features/queue.ts';
export * from './features/reservations.ts';
export * from './features/payment.ts';
export * from './features/kitchen.ts';
export * from './features/pending.ts';
export * from './features/kitchen-display.ts';
export * from './features/printing.ts';
export * from './features/bills.ts';
export * from './features/shift.ts';
export * from './features/tally.ts';
export * from './features/account.ts';
export * from './reports.ts';
export * from './shift-report.ts';
export * from './features/einvoice.ts';
export { PROTOCOL_FEATURES } from './registry.ts';
export { combineParts, defineProtocol, type ProtocolFeature } from './feature.ts';
export * from './commands.ts';
export * from './events.ts';
export * from './sync.ts';
export * from './snapshot-codec.ts';
export * from './parse-command.ts';
