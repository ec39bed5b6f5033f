import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { State } from '#protocol';
import { applyAll, decideRules } from '#domain';
import { appliedCommands } from './applied-commands.ts';
import { outbox, type OutboxItem } from './outbox.ts';
import { replica } from './replica.ts';

/**
 * What this device shows: the hub's state plus its own commands that are not
 * acknowledged yet, decided with the hub's own rules. A waiter who lost the
 * Wi-Fi still sees what they ordered; the hub's answer replaces the guess.
 * Numbers only the hub assigns (order and bill numbers) are guesses here.
 *
 * `applied`: commands whose change is already in `state` (it arrives before
 * the ack). They are skipped, or they would count twice.
 */
export function foldPending(state: State, items: readonly OutboxItem[], applied: ReadonlySet<string> = new Set()): State {
  let view = state;
  for (const { command } of items) {
    if (applied.has(command.id)) continue;
    const d = decideRules(view, command, { now: command.at, actor: { staffId: null, deviceId: command.deviceId } });
    if (d.ok) view = applyAll(view, d.events);
  }
  return view;
}

export type View = { state: State | null; pendingIds: ReadonlySet<string> };

/** The state to render, with the ids of the orders and lines still on their way to the hub. */
export function useView(): View {
  const { state } = useSnapshot(replica);
  const { items } = useSnapshot(outbox);
  return useMemo(() => {
    const base = replica.state;
    if (!base) return { state: null, pendingIds: new Set<string>() };
    // The applied set changes only together with the replica's state, which this memo follows.
    const applied = appliedCommands();
    const pendingIds = new Set<string>();
    for (const { command } of outbox.items) {
      if (applied.has(command.id)) continue;
      const p = command.payload as { orderId?: string; lines?: { lineId: string }[]; lineId?: string; tableId?: string };
      if (p.orderId) pendingIds.add(p.orderId);
      if (p.tableId) pendingIds.add(p.tableId);
      for (const l of p.lines ?? []) pendingIds.add(l.lineId);
    }
    return { state: foldPending(base, outbox.items, applied), pendingIds };
    // state and items are the snapshots that change when either store does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, items]);
}
