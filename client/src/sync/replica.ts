import { proxy } from 'valtio';
import type { PackedState, State } from '#protocol';
import { keyValueStore } from './idb.ts';
import { KEYS, readJson, remove } from './storage.ts';

/** `closedHere`: the hub closed this window's channel because the device has too many open (reload to take it back). */
export type ConnectionStatus = 'connecting' | 'online' | 'offline' | 'outdated' | 'closedHere';

/**
 * This device's copy of the hub's live state, kept in step by the changes the
 * hub broadcasts (folded with the hub's own `apply`). `state` is stored as a
 * ref: it is replaced whole, never mutated, so valtio need not track inside it.
 *
 * This file is in the sign-in page's first load, so it holds only the copy
 * and what a signed-out page needs. Folding, narrowing and packing the copy
 * (the hub's domain, presenters and snapshot codec, about a third of the
 * page's bytes) are in replica-fold.ts, loaded when there is a copy to fold:
 * a kept one at start, or the live channel after sign-in.
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

/** The replica's own database (apart from the outbox's): one entry, the latest copy. */
export const replicaStore = keyValueStore<KeptReplica>('pos-replica');
export const CURRENT_REPLICA = 'current';

/** What replica-fold.ts lends this file once loaded (it registers itself: whoever imports it first). */
type Fold = { narrow(staffId: string | null): void; saveIfPending(): void };
let fold: Fold | null = null;

/** Called by replica-fold.ts when it loads. */
export function attachFold(f: Fold): void {
  fold = f;
}

/** Loads replica-fold.ts (its own chunk); resolves once it is attached. */
export function loadFold(): Promise<typeof import('./replica-fold.ts')> {
  return import('./replica-fold.ts');
}

/**
 * Loads the copy kept from the last visit, so a reload shows tables before
 * the hub answers. A copy an older client kept in localStorage is taken over
 * once (and removed from there, which frees the quota it held). Only a kept
 * copy fetches the fold: a device's first visit (the sign-in page) never does.
 */
export async function loadReplica(): Promise<void> {
  let saved = await replicaStore.get(CURRENT_REPLICA).catch(() => undefined);
  const legacy = readJson<KeptReplica>(KEYS.replica);
  if (legacy) {
    if (!saved) {
      saved = legacy;
      await replicaStore.put(CURRENT_REPLICA, legacy).catch(() => undefined);
    }
    remove(KEYS.replica);
  }
  if (!saved) return;
  // A fold that cannot be fetched (the Wi-Fi dropped at that moment) leaves the copy kept: the hub's snapshot follows sign-in.
  const f = await loadFold().catch(() => null);
  f?.restoreReplica(saved);
}

/** A page being left (reload, tab closed, phone locked) keeps what is still unsaved at once. */
export function saveReplicaWhenLeaving(target: Pick<Window, 'addEventListener'> & { document: Pick<Document, 'addEventListener' | 'visibilityState'> }): void {
  const flush = () => fold?.saveIfPending();
  target.addEventListener('pagehide', flush);
  target.document.addEventListener('visibilitychange', () => {
    if (target.document.visibilityState === 'hidden') flush();
  });
}

/**
 * Someone signs in on this device (or a kept session resumes, or `null`: the
 * person signed out): the copy is narrowed at once to what that person may
 * see (replica-fold.ts `narrowReplicaNow`). Without a copy there is nothing to
 * narrow; a copy is only ever set by the fold, so when there is one the fold
 * is here and this stays synchronous.
 */
export function narrowReplicaTo(staffId: string | null): void {
  if (!replica.state) return;
  fold?.narrow(staffId);
}
