import type { Change, CommandResult, CommandType, DomainEvent } from '../protocol/index.ts';

/** One committed command as it stands in the write-ahead log. */
export type LogRecord = {
  seq: number;
  commandId: string;
  type: CommandType;
  deviceId: string;
  /** Who sent it; null until sign-in exists for the command's route. */
  staffId: string | null;
  /** Hub time when it was decided. */
  at: string;
  /** The device's own time in the envelope; see rememberedAt. Absent in older records. */
  deviceAt?: string;
  events: DomainEvent[];
  result: CommandResult;
};

export function changeOf(record: LogRecord): Change {
  return { seq: record.seq, commandId: record.commandId, events: record.events };
}

/**
 * The time a command id is remembered from: the later instant of the hub's and
 * the device's clocks, so that a device whose clock runs ahead cannot resend
 * after the id was pruned but before the command counts as expired. Compared
 * as instants, since a device may write its time with an offset. Records
 * written before `deviceAt` existed fall back to hub time.
 */
export function rememberedAt(record: Pick<LogRecord, 'at' | 'deviceAt'>): string {
  const device = Date.parse(record.deviceAt ?? '');
  return device > Date.parse(record.at) ? new Date(device).toISOString() : record.at;
}
