import type { ActivityEntry } from '#protocol';
import type { DayLog } from '#hub/store/day-log.ts';
import type { RecoveredStore } from './recovery.ts';
import { Snapshotter } from './snapshotter.ts';

/**
 * The engine's snapshotter over what recovery read: the store's files, the
 * entries the log holds that the day files do not yet, and the options.
 * `whenDone` is told when a snapshot ends (another may be due already).
 */
export function snapshotterFor(parts: RecoveredStore, activity: DayLog<ActivityEntry>, whenDone: () => void): Snapshotter {
  return new Snapshotter({
    dir: parts.opts.dir,
    storeId: parts.storeId,
    wal: parts.wal,
    archive: parts.archive,
    activity,
    stock: parts.stock,
    reservationDays: parts.reservationDays,
    shiftDays: parts.shiftDays,
    tallyDays: parts.tallyDays,
    accountDays: parts.accountDays,
    takeoutDays: parts.takeoutDays,
    refundDays: parts.refundDays,
    ledgerDays: parts.ledgerDays,
    jobFiles: parts.jobFiles,
    every: parts.opts.snapshotEvery,
    largeBytes: parts.opts.largeSnapshotBytes,
    coveredSeq: parts.coveredSeq,
    unarchived: parts.unarchived,
    unlogged: parts.unlogged,
    unfiledStock: parts.unfiledStock,
    unfiledReservations: parts.unfiledReservations,
    unfiledShifts: parts.unfiledShifts,
    unfiledTally: parts.unfiledTally,
    unfiledDebts: parts.unfiledDebts,
    unfiledTakeouts: parts.unfiledTakeouts,
    unfiledRefunds: parts.unfiledRefunds,
    unfiledLedger: parts.unfiledLedger,
    clock: parts.opts.clock,
    log: parts.opts.log,
    whenDone,
  });
}
