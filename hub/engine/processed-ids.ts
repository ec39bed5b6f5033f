import type { CommandReply } from '#protocol';
import type { ProcessedEntry } from '#hub/store/snapshot.ts';

/**
 * Command ids the hub has committed, with their first answer. Entries older
 * than the retention window are dropped at snapshot time; a command older
 * than that window is refused (COMMAND_EXPIRED) rather than risk applying it twice.
 */
export class ProcessedIds {
  private map = new Map<string, ProcessedEntry>();
  /**
   * Each entry's time as a number, parsed once when it is added: pruning a
   * week of ids (tens of thousands) happens while the write loop waits, and
   * parsing every date then would hold it for milliseconds.
   */
  private times = new Map<string, number>();

  readonly retentionMs: number;

  constructor(retentionMs: number) {
    this.retentionMs = retentionMs;
  }

  static from(entries: readonly ProcessedEntry[], retentionMs: number): ProcessedIds {
    const ids = new ProcessedIds(retentionMs);
    for (const e of entries) ids.add(e);
    return ids;
  }

  add(entry: ProcessedEntry): void {
    this.map.set(entry.id, entry);
    this.times.set(entry.id, Date.parse(entry.at));
  }

  reply(id: string): CommandReply | undefined {
    const e = this.map.get(id);
    return e && { ok: true, seq: e.seq, result: e.result, duplicate: true };
  }

  /** True when a command sent at `at` is too old for its id to be remembered. */
  isExpired(at: string, now: Date): boolean {
    return Date.parse(at) < now.getTime() - this.retentionMs;
  }

  /** The entries worth keeping, for the snapshot. */
  prune(now: Date): ProcessedEntry[] {
    const cutoff = now.getTime() - this.retentionMs;
    for (const [id, t] of this.times) {
      if (t < cutoff) {
        this.times.delete(id);
        this.map.delete(id);
      }
    }
    return [...this.map.values()];
  }

  get size(): number {
    return this.map.size;
  }
}
