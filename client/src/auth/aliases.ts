import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { Alias, CommandType, State } from '#protocol';
import { ALIASES, COMMAND_ALIAS, INTERNAL } from '#protocol';
import { aliasesOf, approvableGate } from '#domain';
import { replica } from '../sync/replica.ts';
import { KEYS, writeJson } from '../sync/storage.ts';
import { session } from './session.ts';

/**
 * What the signed-in person may use, from the same rule the hub applies
 * (hub/domain/permissions.ts) on this device's replica, so an owner's edit of
 * a role shows at once. Before the replica has loaded, the aliases the hub
 * gave at sign-in stand in. Hiding is a courtesy: the hub refuses anyway.
 */
export function aliasesFor(state: State | null, staffId: string | null, fallback: readonly Alias[]): ReadonlySet<Alias> {
  if (staffId === null) return new Set();
  if (state?.staff[staffId]) return aliasesOf(state, staffId);
  return new Set(fallback);
}

/** The signed-in person's aliases, re-rendering when their role or the replica changes. */
export function useAliases(): ReadonlySet<Alias> {
  const { state } = useSnapshot(replica);
  const { staff, aliases } = useSnapshot(session);
  // The snapshot `state` is the trigger (a new one on every change); the rule reads the live
  // replica because it takes a `State`, not the snapshot's read-only copy.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `state` is a deliberate recompute trigger
  return useMemo(() => aliasesFor(replica.state, staff?.id ?? null, aliases), [state, staff, aliases]);
}

/**
 * Whether the signed-in person may send this command (for hiding its button).
 * Commands a manager may approve on this device (a gift, a void, a discount:
 * hub/domain/approval.ts) count as sendable: the hub's refusal opens the
 * approval dialog. `useNeedsApproval` tells a page to mark such a button.
 */
export function useCanSend(type: CommandType): boolean {
  const aliases = useAliases();
  const gate = COMMAND_ALIAS[type];
  return gate !== INTERNAL && (aliases.has(gate) || approvableGate(type) !== null);
}

/** Whether this command will ask for a manager's approval (the role lacks its approvable gate). */
export function useNeedsApproval(type: CommandType): boolean {
  const aliases = useAliases();
  const gate = approvableGate(type);
  return gate !== null && !aliases.has(gate);
}

/** Keeps SPEC.md's menu data ({menuAlias, show} per alias) in localStorage, following the aliases. */
export function useMenuData(aliases: ReadonlySet<Alias>): void {
  useEffect(() => {
    writeJson(
      KEYS.menuData,
      ALIASES.map((menuAlias) => ({ menuAlias, show: aliases.has(menuAlias) })),
    );
  }, [aliases]);
}
