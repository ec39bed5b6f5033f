import path from 'node:path';
import type { ActivityEntry, DomainEvent, State } from '#protocol';
import { DayLog } from '#hub/store/day-log.ts';
import { namesAt } from './activity-names.ts';
import type { LogRecord } from './log-record.ts';

/** Keys worth showing from an event's nested objects (an order's table, a bill's number and total...). */
const NESTED = ['id', 'no', 'billNo', 'totalCents', 'tableId', 'code', 'name', 'roleId'] as const;
const MAX_KEYS = 10;

/** A few plain facts from the events, so the activity view can say what a command touched. */
function detailOf(events: readonly DomainEvent[]): Record<string, string | number> {
  const detail: Record<string, string | number> = {};
  // Counted as they go in (not Object.keys per key tried: a record's events offer dozens).
  let kept = 0;
  const put = (key: string, value: unknown) => {
    if (kept >= MAX_KEYS || Object.hasOwn(detail, key)) return;
    if (typeof value === 'number') detail[key] = value;
    else if (typeof value === 'string') detail[key] = value.slice(0, 60);
    else return;
    kept++;
  };
  for (const event of events) {
    for (const [key, value] of Object.entries(event)) {
      if (key === 'type') continue;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const sub of NESTED) put(`${key}.${sub}`, (value as Record<string, unknown>)[sub]);
      } else put(key, value);
    }
  }
  return detail;
}

/**
 * The activity entry of one log record: who, from which device, what, when.
 * `before` is the state the record was decided on: the table's and dishes'
 * names are taken from it (activity-names.ts), since the order may be gone by
 * the time anyone reads the entry.
 */
export function activityOf(record: LogRecord, before: State | null = null): ActivityEntry {
  const detail = { ...detailOf(record.events), ...namesAt(record.events, before) };
  const entry: ActivityEntry = { seq: record.seq, at: record.at, staffId: record.staffId, deviceId: record.deviceId, type: record.type, detail };
  // Both people of an approved command: "X, approved by Y".
  return record.approvedBy ? { ...entry, approvedBy: record.approvedBy } : entry;
}

/** Activity per day in `DIR/activity/`, written at snapshot time from the records since the last one. */
export function activityLog(dataDir: string, utcOffsetMinutes: number): DayLog<ActivityEntry> {
  return new DayLog<ActivityEntry>(path.join(dataDir, 'activity'), utcOffsetMinutes, (e) => e.at);
}
