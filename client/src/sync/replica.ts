import { proxy, ref } from 'valtio';
import type { Change, Snapshot, State } from '../../../hub/protocol/index.ts';
import { PROTOCOL_VERSION } from '../../../hub/protocol/index.ts';
import { applyAll } from '../../../hub/domain/apply.ts';
import { dropDamagedRecords } from '../../../hub/domain/repair.ts';
import { noteApplied } from './applied-commands.ts';
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

/** `v`: the protocol the copy was kept under; a copy of another shape is dropped and fetched anew. */
type Persisted = { storeId: string; seq: number; state: State; v?: number; view?: string };

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
  if (saved?.state && typeof saved.seq === 'number' && saved.v === PROTOCOL_VERSION && !replica.state) {
    replica.storeId = saved.storeId;
    replica.seq = saved.seq;
    // A copy from an older client names no view: the hub then sends a snapshot shaped for whoever signs in.
    replica.view = saved.view ?? '';
    // A copy kept before the hub refused ids like "constructor" may hold such a record: leave it behind, as the hub does.
    replica.state = ref(dropDamagedRecords(saved.state).state);
  }
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleSave(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    if (!replica.state) return;
    // Best effort: a copy that cannot be kept is fetched again at the next start; it never blocks a tap.
    void store.put(CURRENT, { storeId: replica.storeId, seq: replica.seq, state: replica.state, v: PROTOCOL_VERSION, view: replica.view }).catch(() => undefined);
  }, 300);
}

export function applySnapshot(s: Snapshot): void {
  replica.storeId = s.storeId;
  replica.seq = s.seq;
  replica.view = s.view ?? '';
  replica.state = ref(s.state);
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
