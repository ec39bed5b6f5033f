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
  events: DomainEvent[];
  result: CommandResult;
};

export function changeOf(record: LogRecord): Change {
  return { seq: record.seq, commandId: record.commandId, events: record.events };
}
