import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { addDays, daysBetween } from './keys.ts';
import { deadlineState } from './deadlines.ts';
import type { DocumentStore } from './document-store.ts';
import type { DocumentMeta, DocumentStatus, OutboxStatus, StoredKind } from './types.ts';

/** How far back the status looks at start (every deadline is at most 7 days; a month is left for late ones). */
export const STATUS_WINDOW_DAYS = 40;

const WAITING: ReadonlySet<DocumentStatus> = new Set(['filed', 'signed', 'awaitingSummary', 'sent']);
const ATTENTION: ReadonlySet<DocumentStatus> = new Set(['rejected', 'needsFix']);
/** The status counts the sales documents; a summary's lines carry its fate. */
const COUNTED: ReadonlySet<StoredKind> = new Set(['01', '03', '07']);

type Entry = { day: string; status: DocumentStatus; deadline: string };

/**
 * The documents the status banner counts (waiting, or rejected / to fix),
 * kept in memory: read once from the recent days' metas, then followed
 * through every meta the store writes. The banner polls every minute from
 * every owner's device: it must not read thousands of files each time.
 */
export class OpenDocuments {
  private readonly entries = new Map<string, Entry>();
  private loaded: Promise<void> | null = null;
  private readonly store: DocumentStore;
  private readonly clock: () => Date;

  constructor(store: DocumentStore, clock: () => Date) {
    this.store = store;
    this.clock = clock;
    store.onMeta((meta) => this.note(meta, true));
  }

  private note(meta: DocumentMeta, fresh: boolean): void {
    if (!COUNTED.has(meta.kind)) return;
    // A meta written since the load started is newer than the one read from disk.
    if (!fresh && this.entries.has(`${meta.day}/${meta.key}`)) return;
    if (WAITING.has(meta.status) || ATTENTION.has(meta.status)) this.entries.set(`${meta.day}/${meta.key}`, { day: meta.day, status: meta.status, deadline: meta.deadline });
    else this.entries.delete(`${meta.day}/${meta.key}`);
  }

  /** Reads the recent days once. */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      const today = limaDateTime(this.clock().toISOString()).date;
      const from = addDays(today, -STATUS_WINDOW_DAYS);
      for (const day of daysBetween(from, addDays(today, 1))) {
        for (const meta of await this.store.list({ from: day, to: day })) this.note(meta, false);
      }
    })();
    return this.loaded;
  }

  /** The counts of OutboxStatus that come from the documents. */
  async counts(): Promise<Pick<OutboxStatus, 'waiting' | 'earliestDeadline' | 'overdue' | 'dueSoon' | 'needsAttention'>> {
    await this.load();
    const today = limaDateTime(this.clock().toISOString()).date;
    let waiting = 0, overdue = 0, dueSoon = 0, needsAttention = 0;
    let earliestDeadline: string | null = null;
    for (const entry of this.entries.values()) {
      if (ATTENTION.has(entry.status)) {
        needsAttention++;
        continue;
      }
      waiting++;
      if (earliestDeadline === null || entry.deadline < earliestDeadline) earliestDeadline = entry.deadline;
      const state = deadlineState(entry.deadline, today);
      if (state === 'overdue') overdue++;
      else if (state === 'dueSoon') dueSoon++;
    }
    return { waiting, earliestDeadline, overdue, dueSoon, needsAttention };
  }
}
