import { proxy, ref } from 'valtio';
import type { Change, PackedSnapshot, PackedState, State } from '#protocol';
import { packState, PROTOCOL_VERSION, unpackSnapshot, unpackState } from '#protocol';
import { applyAll, dropDamagedRecords } from '#domain';
import { presentState, viewerOf, viewKey, type Viewer } from '#hub/presenters/index.ts';
import { appliedToKeep, noteApplied, restoreApplied } from './applied-commands.ts';
import { keyValueStore } from './idb.ts';
import { KEYS, readJson, remove } from './storage.ts';

/** `closedHere`: the hub closed this window's channel because the device has too many open (reload to take it back). */
export type ConnectionStatus = 'connecting' | 'online' | 'offline' | 'outdated' | 'closedHere';

/**
 * This device's copy of the hub's live state, kept in step by the changes the
 * hub broadcasts (folded with the hub's own `apply`). `state` is stored as a
 * ref: it is replaced whole, never mutated, so valtio need not track inside it.
 */
export const replica = proxy({
  storeId: '',
  seq: 0,
  /** What the hub shaped this copy for (the person and their role, hub/presenters); handed back at each reconnect. */
  view: '',
  state: null as State | null,
  status: 'connecting' as ConnectionStatus,
});

/**
 * The copy as IndexedDB keeps it. `v`: the protocol it was kept under (a copy
 * of another shape is dropped and fetched anew). `packed`: the state packed
 * as the hub sends it (hub/protocol/snapshot-codec.ts), a fraction of its
 * size; `state`: the unpacked state an older client kept. `applied`: the ids
 * of commands whose change is in it (applied-commands.ts), oldest first.
 */
export type KeptReplica = { storeId: string; seq: number; v?: number; view?: string; packed?: PackedState; state?: State; applied?: string[] };
type Persisted = KeptReplica;

/** The replica's own database (apart from the outbox's): one entry, the latest copy. */
const store = keyValueStore<Persisted>('pos-replica');
const CURRENT = 'current';

/**
 * Loads the copy kept from the last visit, so a reload shows tables before
 * the hub answers. A copy an older client kept in localStorage is taken over
 * once (and removed from there, which frees the quota it held).
 */
export async function loadReplica(): Promise<void> {
  let saved = await store.get(CURRENT).catch(() => undefined);
  const legacy = readJson<Persisted>(KEYS.replica);
  if (legacy) {
    if (!saved) {
      saved = legacy;
      await store.put(CURRENT, legacy).catch(() => undefined);
    }
    remove(KEYS.replica);
  }
  if (saved) restoreReplica(saved);
}

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
  if (kept) void store.put(CURRENT, kept).catch(() => undefined);
}

/** A page being left (reload, tab closed, phone locked) keeps what is still unsaved at once. */
export function saveReplicaWhenLeaving(target: Pick<Window, 'addEventListener'> & { document: Pick<Document, 'addEventListener' | 'visibilityState'> }): void {
  const flush = () => {
    if (saveTimer !== undefined) saveNow();
  };
  target.addEventListener('pagehide', flush);
  target.document.addEventListener('visibilitychange', () => {
    if (target.document.visibilityState === 'hidden') flush();
  });
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
 * person signed out): the copy is
 * narrowed at once, by the hub's own presenters, to what that person may see,
 * unless it was shaped for exactly their view. The screen then never shows
 * the previous person's copy (an owner's alerts on a waiter's phone), even
 * offline or before the hub's snapshot arrives. A narrowed copy names no
 * view, so the hub answers the next handshake with a fresh snapshot (a copy
 * shaped for fewer aliases may lack what the new person may see).
 */
export function narrowReplicaTo(staffId: string | null): void {
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
