import path from 'node:path';
import type { ActivityEntry, DomainEvent } from '#protocol';
import { DayLog } from '#hub/store/day-log.ts';
import type { LogRecord } from './log-record.ts';

/** Keys worth showing from an event's nested objects (an order's table, a bill's number and total...). */
const NESTED = ['id', 'no', 'billNo', 'totalCents', 'tableId', 'code', 'name', 'roleId'] as const;
const MAX_KEYS = 10;

/** A few plain facts from the events, so the activity view can say what a command touched. */
function detailOf(events: readonly DomainEvent[]): Record<string, string | number> {
  const detail: Record<string, string | number> = {};
  const put = (key: string, value: unknown) => {
    if (Object.keys(detail).length >= MAX_KEYS || Object.hasOwn(detail, key)) return;
    if (typeof value === 'number') detail[key] = value;
    else if (typeof value === 'string') detail[key] = value.slice(0, 60);
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

/** The activity entry of one log record: who, from which device, what, when. */
export function activityOf(record: LogRecord): ActivityEntry {
  return { seq: record.seq, at: record.at, staffId: record.staffId, deviceId: record.deviceId, type: record.type, detail: detailOf(record.events) };
}

/** Activity per day in `DIR/activity/`, written at snapshot time from the records since the last one. */
export function activityLog(dataDir: string, utcOffsetMinutes: number): DayLog<ActivityEntry> {
  return new DayLog<ActivityEntry>(path.join(dataDir, 'activity'), utcOffsetMinutes, (e) => e.at);
}
