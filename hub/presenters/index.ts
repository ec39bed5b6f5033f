import type { Change, Snapshot, State } from '#protocol';
import { presentChange } from './events.ts';
import { presentState } from './slices.ts';
import { viewerOf, viewKey } from './viewer.ts';

export { EVENT_RULES, presentChange, presentEvent } from './events.ts';
export { presentState, SLICE_RULES } from './slices.ts';
export { viewerOf, viewKey, type Viewer } from './viewer.ts';

/** What a snapshot is taken from: the engine, or anything with its three fields. */
export type LiveSource = { readonly storeId: string; readonly seq: number; readonly state: State };

/** The snapshot a staff member's device receives now, with the view it was shaped for. */
export function snapshotFor(source: LiveSource, staffId: string | null): Snapshot {
  const viewer = viewerOf(source.state, staffId);
  return { storeId: source.storeId, seq: source.seq, state: presentState(source.state, viewer), view: viewKey(viewer) };
}

/** The view a staff member's device should hold now. */
export function currentView(state: State, staffId: string | null): string {
  return viewKey(viewerOf(state, staffId));
}

/** Changes as a staff member receives them now. */
export function changesFor(state: State, staffId: string | null, changes: readonly Change[]): Change[] {
  const viewer = viewerOf(state, staffId);
  return changes.map((c) => presentChange(c, viewer));
}
