import { ref } from 'valtio';
import type { Change, PackedSnapshot } from '#protocol';
import { packState, PROTOCOL_VERSION, unpackSnapshot, unpackState } from '#protocol';
import { applyAll, dropDamagedRecords } from '#domain';
import { presentState, viewerOf, viewKey, type Viewer } from '#hub/presenters/index.ts';
import { appliedToKeep, noteApplied, restoreApplied } from './applied-commands.ts';
import { attachFold, CURRENT_REPLICA, replica, replicaStore, type KeptReplica } from './replica.ts';

/**
 * What changes the device's copy (replica.ts): restoring a kept copy, a
 * snapshot, the hub's changes, narrowing to the person signed in, keeping it
 * in IndexedDB. It needs the hub's domain and presenters, so it is a chunk of
 * its own, fetched with the live channel or when a kept copy is restored,
 * never by a signed-out device's first visit.
 */

/** Takes over a kept copy (unless one is already here, or it has another shape). */
export function restoreReplica(saved: KeptReplica): void {
  if (replica.state || typeof saved.seq !== 'number' || saved.v !== PROTOCOL_VERSION) return;
  const state = saved.packed ? unpackState(saved.packed) : saved.state;
  if (!state) return;
  replica.storeId = saved.storeId;
  replica.seq = saved.seq;
  // A copy from an older client names no view: the hub then sends a snapshot shaped for whoever signs in.
  replica.view = saved.view ?? '';
  // A copy kept before the hub refused ids like "constructor" may hold such a record: leave it behind, as the hub does.
  replica.state = ref(dropDamagedRecords(state).state);
  restoreApplied(Array.isArray(saved.applied) ? saved.applied : []);
}

/** The copy as it is kept: packed, with the ids of the commands folded into it (taken together, so they agree). */
export function replicaToKeep(): KeptReplica | null {
  if (!replica.state) return null;
  return { storeId: replica.storeId, seq: replica.seq, packed: packState(replica.state), v: PROTOCOL_VERSION, view: replica.view, applied: appliedToKeep() };
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
/**
 * Keeps the copy at most 300 ms after its first unsaved change. Not a
 * debounce that restarts at each change: on a busy floor changes arrive
 * more often than that, and a copy never kept would show a reload an old
 * floor (a table without its order) until the hub is back.
 */
function scheduleSave(): void {
  if (saveTimer !== undefined) return;
  saveTimer = setTimeout(saveNow, 300);
}

function saveNow(): void {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const kept = replicaToKeep();
  // Best effort: a copy that cannot be kept is fetched again at the next start; it never blocks a tap.
  if (kept) void replicaStore.put(CURRENT_REPLICA, kept).catch(() => undefined);
}

/** A snapshot from the hub, packed as it travels: the device's copy is replaced by it. */
export function applySnapshot(packed: PackedSnapshot): void {
  const s = unpackSnapshot(packed);
  replica.storeId = s.storeId;
  replica.seq = s.seq;
  replica.view = s.view ?? '';
  replica.state = ref(s.state);
  scheduleSave();
}

/**
 * Someone signs in on this device (or a kept session resumes, or `null`: the
 * person signed out; replica.ts `narrowReplicaTo` calls this): the copy is
 * narrowed at once, by the hub's own presenters, to what that person may see,
 * unless it was shaped for exactly their view. The screen then never shows
 * the previous person's copy (an owner's alerts on a waiter's phone), even
 * offline or before the hub's snapshot arrives. A narrowed copy names no
 * view, so the hub answers the next handshake with a fresh snapshot (a copy
 * shaped for fewer aliases may lack what the new person may see).
 */
export function narrowReplicaNow(staffId: string | null): void {
  const state = replica.state;
  if (!state) return;
  // Nobody signed in holds nothing (to presenters, a null staff id is the hub itself, which holds everything).
  const viewer: Viewer = staffId === null ? { staffId: null, roleId: null, aliases: new Set() } : viewerOf(state, staffId);
  if (replica.view !== '' && replica.view === viewKey(viewer)) return;
  replica.state = ref(presentState(state, viewer));
  replica.view = '';
  scheduleSave();
}

/**
 * Folds changes in seq order. Returns false on a gap (a change was missed):
 * the caller then asks the hub to resume from `replica.seq`.
 */
export function applyChanges(changes: readonly Change[]): boolean {
  if (!replica.state) return false;
  let state = replica.state;
  let seq = replica.seq;
  for (const c of changes) {
    if (c.seq <= seq) {
      noteApplied(c.commandId);
      continue;
    }
    if (c.seq !== seq + 1) break;
    state = applyAll(state, c.events);
    seq = c.seq;
    // Its command may still wait in the outbox for the ack: the optimistic view must not apply it again.
    noteApplied(c.commandId);
  }
  const complete = changes.length === 0 || seq >= changes[changes.length - 1]!.seq;
  if (seq !== replica.seq) {
    replica.state = ref(state);
    replica.seq = seq;
    scheduleSave();
  }
  return complete;
}

// Whoever loads this file first (the live channel, a kept copy, a test), replica.ts can narrow and save through it from then on.
attachFold({
  narrow: narrowReplicaNow,
  saveIfPending: () => {
    if (saveTimer !== undefined) saveNow();
  },
});
