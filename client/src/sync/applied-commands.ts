/**
 * Ids of commands whose change this device has already folded into its
 * replica. The hub broadcasts a change before it acknowledges the command, so
 * for a moment a command is both in the replica and still in the outbox; the
 * optimistic view must not apply it a second time (a +3 stock adjustment
 * would show +6 until the ack arrives). They are kept with the replica in
 * IndexedDB (replica.ts): after a reload while offline, a command still
 * queued whose change is already in the kept copy must not count twice.
 *
 * Bounded: only commands still waiting for their ack matter, and those are
 * few (the outbox sends at most 16 at a time), so the oldest ids are
 * forgotten once there are more than LIMIT.
 */
export const APPLIED_LIMIT = 1024;
const applied = new Set<string>();

/** Records that the change of `commandId` is in the replica. */
export function noteApplied(commandId: string): void {
  if (applied.has(commandId)) return;
  applied.add(commandId);
  if (applied.size > APPLIED_LIMIT) {
    // A Set iterates in insertion order: the first is the oldest.
    const oldest = applied.values().next().value;
    if (oldest !== undefined) applied.delete(oldest);
  }
}

/** The command ids seen in applied changes (read-only view for the optimistic fold). */
export function appliedCommands(): ReadonlySet<string> {
  return applied;
}

/** The ids to keep with the replica, oldest first. */
export function appliedToKeep(): string[] {
  return [...applied];
}

/** Takes back the ids kept with a replica loaded from IndexedDB (oldest first; the bound still holds). */
export function restoreApplied(ids: readonly unknown[]): void {
  for (const id of ids) if (typeof id === 'string') noteApplied(id);
}
