import type { Change, CommandResult, CommandType, DomainEvent } from '#protocol';

/** One committed command as it stands in the write-ahead log. */
export type LogRecord = {
  seq: number;
  commandId: string;
  type: CommandType;
  deviceId: string;
  /** Who sent it; null until sign-in exists for the command's route. */
  staffId: string | null;
  /** The manager who approved it on the sender's device (hub/domain/approval.ts); absent when nobody had to. */
  approvedBy?: string;
  /** Hub time when it was decided. */
  at: string;
  /** The device's own time in the envelope; see rememberedAt. Absent in older records. */
  deviceAt?: string;
  events: DomainEvent[];
  result: CommandResult;
  /** Store format it was written in (STORE_FORMAT_VERSION); absent in records older than numbered migrations, see recordFormat. */
  format?: number;
};

export function changeOf(record: LogRecord): Change {
  return { seq: record.seq, commandId: record.commandId, events: record.events };
}

/**
 * How far ahead of the hub a device's clock is believed. Beyond it the id is
 * remembered as if sent at this bound: otherwise an envelope dated year 9999
 * would keep its id in memory and in every snapshot for ever.
 */
export const MAX_DEVICE_AHEAD_MS = 30 * 24 * 60 * 60_000;

/**
 * The time a command id is remembered from: the later instant of the hub's and
 * the device's clocks, so that a device whose clock runs ahead cannot resend
 * after the id was pruned but before the command counts as expired. Compared
 * as instants, since a device may write its time with an offset. Records
 * written before `deviceAt` existed fall back to hub time.
 */
export function rememberedAt(record: Pick<LogRecord, 'at' | 'deviceAt'>): string {
  const hub = Date.parse(record.at);
  const device = Math.min(Date.parse(record.deviceAt ?? ''), hub + MAX_DEVICE_AHEAD_MS);
  return device > hub ? new Date(device).toISOString() : record.at;
}
