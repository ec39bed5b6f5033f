import { parseBackupName, type BackupReason } from './write.ts';

/**
 * How many backups of each kind stay in a folder: a week of nights, the
 * owner's last few taps on "back up now", the last few before an update.
 * Each kind rotates alone, so a busy afternoon of manual backups never
 * pushes out the nights.
 */
export const KEEP: Readonly<Record<BackupReason, number>> = { nightly: 7, onDemand: 5, update: 3 };

/** The names to remove from a folder's backup names (others than backups are never touched): the oldest past KEEP of each kind. */
export function namesToRotate(names: readonly string[], keep: Readonly<Record<BackupReason, number>> = KEEP): string[] {
  const byReason = new Map<BackupReason, { name: string; stamp: string }[]>();
  for (const name of names) {
    const parsed = parseBackupName(name);
    if (!parsed) continue;
    const list = byReason.get(parsed.reason) ?? [];
    list.push({ name, stamp: parsed.stamp });
    byReason.set(parsed.reason, list);
  }
  const gone: string[] = [];
  for (const [reason, list] of byReason) {
    list.sort((a, b) => (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0));
    gone.push(...list.slice(keep[reason]).map((b) => b.name));
  }
  return gone.sort();
}
